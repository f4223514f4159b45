import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/season";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { parseId, parseSmallNumber, requireCatalogueAccess } from "~/catalogue/access.server";
import { episodeArtworkSubject } from "~/catalogue/artwork";
import { isGenerated, isWhollyGenerated } from "~/catalogue/generated";
import { titlePath } from "~/http/slug";
import { loadSeason } from "~/catalogue/title-page.server";
import { libraryAbilities } from "~/library/abilities";
import { loadMySeasonState } from "~/library/title-state.server";
import { getApp } from "~/request/context";
import { lazyComponent } from "~/ui/lazy-component";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { formatDate, formatRuntime } from "~/i18n/format";
import { GeneratedNote, GeneratedScope } from "~/site/generated-note";
import { ArtworkImage } from "~/site/artwork-image";
import { useSiteRatingSource } from "~/site/cards";
import { RatingBadge } from "~/site/rating-badge";
import { TitleSubpageHeader } from "~/site/title-header";

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** /titles/{id}/{slug}/season/{n}: a season's episodes, with links to every season. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const number = parseSmallNumber(params.season);
  const titleId = parseId(params.id);
  // A member's watched episodes of this season and watchlist state, in parallel (decision 023).
  const [season, mine] = await Promise.all([loadSeason(app.db, titleId, number), app.user && libraryAbilities(app.viewer).canTrack ? loadMySeasonState(app.db, app.user.id, titleId, number) : null]);
  if (!season) throw data(null, { status: 404 });
  const { title } = season;
  if (params.slug !== title.slug) throw redirect(`${titlePath(title)}/season/${number}`, 301);
  return {
    ...season,
    mine,
    seo: buildSeo(app, request, {
      title: `${title.name}: ${season.season.name}`,
      description: season.season.plot ?? title.plot,
      path: `${titlePath(title)}/season/${number}`,
      image: season.season.poster ?? title.poster,
      type: "video.tv_show",
    }),
  };
}

/** Members only (guests' pages never load them). */
const SeasonLibraryPanel = lazyComponent(() => import("~/library/ui/subpage-library").then((m) => m.SeasonLibraryPanel));
const EpisodeWatchedMark = lazyComponent(() => import("~/library/ui/subpage-library").then((m) => m.EpisodeWatchedMark));

export default function SeasonPage({ loaderData }: Route.ComponentProps) {
  const { title, season, seasons, episodes, mine } = loaderData;
  const t = useTrans();
  const siteSource = useSiteRatingSource();
  const language = useBootstrap().i18n.language;
  const base = titlePath(title);
  return (
    <GeneratedScope whole={isWhollyGenerated(title)}>
      <div data-testid="season-page">
        <TitleSubpageHeader title={title} heading={`${title.name}: ${season.name}`}>
          <p className="text-sm text-muted">{[formatDate(season.airDate, language), t(":count [one episode|other episodes]", { count: episodes.length })].filter(Boolean).join(" · ")}</p>
          {mine ? <SeasonLibraryPanel titleId={title.id} season={season.number} inWatchlist={mine.inWatchlist} /> : null}
        </TitleSubpageHeader>
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
          <nav aria-label={t("Seasons")}>
            <ul className="flex flex-wrap gap-2" data-testid="season-nav">
              {seasons.map((s) => (
                <li key={s.number}>
                  <Link
                    to={`${base}/season/${s.number}`}
                    aria-current={s.number === season.number ? "page" : undefined}
                    className={`inline-block rounded-full border px-3 py-1 text-sm ${s.number === season.number ? "border-primary bg-primary text-on-primary" : "border-divider text-foreground hover:bg-paper"}`}
                  >
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {season.plot ? (
            <p className="mt-6 max-w-3xl leading-7 text-foreground">
              {season.plot} <GeneratedNote show={isGenerated(season, "plot")} />
            </p>
          ) : null}
          <ol className="mt-8 space-y-6" data-testid="episode-list">
            {episodes.map((episode) => (
              <li key={episode.id}>
                <Link to={`${base}/season/${season.number}/episode/${episode.episodeNumber}`} className="group flex flex-col gap-4 rounded-theme border border-divider p-3 hover:bg-paper sm:flex-row">
                  <ArtworkImage
                    kind="still"
                    image={episode.still}
                    subject={episodeArtworkSubject(episode)}
                    eager={episode.episodeNumber <= 2}
                    className="aspect-video w-full shrink-0 rounded object-cover sm:w-64"
                  />
                  <div className="min-w-0">
                    <div className="flex items-start justify-between gap-3">
                      <h2 className="font-semibold text-foreground group-hover:text-primary">
                        {t("Episode :number", { number: episode.episodeNumber })}: {episode.name}
                      </h2>
                      <RatingBadge rating={episode.rating} source={siteSource()} />
                    </div>
                    <p className="text-sm text-muted">{[formatDate(episode.airDate, language), formatRuntime(episode.runtime)].filter(Boolean).join(" · ")}</p>
                    {episode.plot ? <p className="mt-2 line-clamp-3 text-foreground">{episode.plot}</p> : null}
                    <GeneratedNote show={isGenerated(episode, "plot") || isGenerated(episode, "name")} className="mt-2" />
                  </div>
                </Link>
                {mine ? (
                  <div className="mt-2 pl-3">
                    <EpisodeWatchedMark titleId={title.id} season={season.number} episode={episode.episodeNumber} watched={mine.watchedEpisodeIds.includes(episode.id)} />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          {episodes.length === 0 ? <p className="mt-8 text-muted">{t("No episodes listed yet.")}</p> : null}
        </div>
      </div>
    </GeneratedScope>
  );
}
