import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/episode";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { parseId, parseSmallNumber, requireCatalogueAccess } from "~/catalogue/access.server";
import { episodeArtworkSubject, resolveImage } from "~/catalogue/artwork";
import { isGenerated, isWhollyGenerated } from "~/catalogue/generated";
import { personPath, titlePath } from "~/http/slug";
import { loadEpisode } from "~/catalogue/title-page.server";
import { episodePageReviews } from "~/community/reviews.server";
import { titleReviewsSectionHtml } from "~/community/title-section.server";
import { TITLE_PAGE_REVIEWS } from "~/constants";
import { libraryAbilities } from "~/library/abilities";
import { loadMyEpisodeState } from "~/library/title-state.server";
import { getApp } from "~/request/context";
import { lazyComponent } from "~/ui/lazy-component";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { PersonCard, useSiteRatingSource } from "~/site/cards";
import { VideoCard } from "~/site/video-card";
import { formatDate, formatRuntime } from "~/i18n/format";
import { GeneratedNote, GeneratedScope } from "~/site/generated-note";
import { ArtworkImage } from "~/site/artwork-image";
import { RatingBadge } from "~/site/rating-badge";
import { TitleSubpageHeader } from "~/site/title-header";
import { ServerHtmlBlock } from "~/request/server-html";
import { serverHtml } from "~/request/server-html.server";

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** /titles/{id}/{slug}/season/{n}/episode/{m}: one episode, its credits and videos, and previous/next links. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const seasonNumber = parseSmallNumber(params.season);
  const episodeNumber = parseSmallNumber(params.episode);
  const titleId = parseId(params.id);
  // A member's rating and viewings of this episode, in parallel (decision 023).
  const [found, mine] = await Promise.all([
    loadEpisode(app.db, titleId, seasonNumber, episodeNumber),
    app.user ? loadMyEpisodeState(app.db, app.user.id, titleId, seasonNumber, episodeNumber).then((state) => ({ ...state, ...libraryAbilities(app.viewer) })) : null,
  ]);
  if (!found) throw data(null, { status: 404 });
  const { title, episode } = found;
  const path = `${titlePath(title)}/season/${seasonNumber}/episode/${episodeNumber}`;
  if (params.slug !== title.slug) throw redirect(path, 301);
  // Its reviews section, rendered on the server like the title page's (decision 025: no component code for guests).
  const reviews = await episodePageReviews(app.db, title.id, episode.id, app.user?.id ?? null, TITLE_PAGE_REVIEWS);
  return {
    ...found,
    mine,
    reviewsHtml: serverHtml(context, "reviews", titleReviewsSectionHtml(app.t, title, reviews, path)),
    seo: buildSeo(app, request, {
      title: `${title.name} S${seasonNumber}E${episodeNumber}: ${episode.name}`,
      description: episode.plot,
      path,
      image: episode.still ?? title.backdrop,
      type: "video.episode",
    }),
  };
}

/** Members only (guests' pages never load it). */
const EpisodeLibraryPanel = lazyComponent(() => import("~/library/ui/subpage-library").then((m) => m.EpisodeLibraryPanel));

export default function EpisodePage({ loaderData }: Route.ComponentProps) {
  const { title, episode, cast, crew, videos, previous, next, mine, reviewsHtml } = loaderData;
  const t = useTrans();
  const siteSource = useSiteRatingSource();
  const language = useBootstrap().i18n.language;
  const base = titlePath(title);
  const episodeUrl = (s: number, e: number) => `${base}/season/${s}/episode/${e}`;
  return (
    <GeneratedScope whole={isWhollyGenerated(title)}>
      <div data-testid="episode-page">
        <TitleSubpageHeader title={title} heading={episode.name}>
          <p className="text-sm text-muted">
            <Link to={`${base}/season/${episode.seasonNumber}`} className="hover:underline">
              {t("Season :number", { number: episode.seasonNumber })}
            </Link>
            {" · "}
            {t("Episode :number", { number: episode.episodeNumber })}
          </p>
        </TitleSubpageHeader>
        <div className="mx-auto max-w-7xl space-y-10 px-4 py-8 sm:px-6">
          <div className="flex flex-col gap-6 md:flex-row">
            <ArtworkImage
              kind="still"
              image={episode.still}
              subject={episodeArtworkSubject(episode)}
              alt={t("Still from :name", { name: episode.name })}
              priority
              className="aspect-video w-full rounded-theme object-cover md:w-[28rem]"
            />
            <div className="min-w-0 space-y-3">
              <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
                {formatDate(episode.airDate, language) ? <span>{formatDate(episode.airDate, language)}</span> : null}
                {formatRuntime(episode.runtime) ? <span>{formatRuntime(episode.runtime)}</span> : null}
                <RatingBadge rating={episode.rating} source={siteSource()} />
              </div>
              {episode.plot ? <p className="leading-7 text-foreground">{episode.plot}</p> : <p className="text-muted">{t("No plot summary yet.")}</p>}
              <GeneratedNote show={isGenerated(episode, "plot") || isGenerated(episode, "name")} />
              {mine ? <EpisodeLibraryPanel titleId={title.id} episodeId={episode.id} season={episode.seasonNumber} episode={episode.episodeNumber} mine={mine} /> : null}
            </div>
          </div>

          <nav aria-label={t("Episodes")} className="flex justify-between gap-4 border-y border-divider py-4" data-testid="episode-nav">
            {previous ? (
              <Link to={episodeUrl(previous.seasonNumber, previous.episodeNumber)} rel="prev" className="text-sm font-medium text-primary hover:underline">
                ← S{previous.seasonNumber} E{previous.episodeNumber}: {previous.name}
              </Link>
            ) : (
              <span />
            )}
            {next ? (
              <Link to={episodeUrl(next.seasonNumber, next.episodeNumber)} rel="next" className="text-right text-sm font-medium text-primary hover:underline">
                S{next.seasonNumber} E{next.episodeNumber}: {next.name} →
              </Link>
            ) : null}
          </nav>

          <ServerHtmlBlock as="section" aria-labelledby="reviews-heading" data-testid="episode-reviews" html={reviewsHtml} />

          {videos.length > 0 ? (
            <section aria-labelledby="videos-heading">
              <h2 id="videos-heading" className="text-xl font-semibold text-foreground">
                {t("Videos")}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
                {videos.map((video) => (
                  <li key={video.id}>
                    <VideoCard video={video} fallback={resolveImage("still", episode.still, episodeArtworkSubject(episode)).src} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {cast.length > 0 ? (
            <section aria-labelledby="guest-heading">
              <h2 id="guest-heading" className="text-xl font-semibold text-foreground">
                {t("Guest stars")}
              </h2>
              <GeneratedNote show={cast.some((c) => c.generated)} className="mt-2" />
              <ul className="mt-4 grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6">
                {cast.map((credit) => (
                  <li key={credit.id}>
                    <PersonCard person={{ ...credit, role: credit.character }} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {crew.length > 0 ? (
            <section aria-labelledby="crew-heading">
              <h2 id="crew-heading" className="text-xl font-semibold text-foreground">
                {t("Crew")}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-4">
                {crew.map((credit) => (
                  <li key={credit.id}>
                    <Link to={personPath({ id: credit.personId, slug: credit.slug })} className="font-medium text-foreground hover:text-primary">
                      {credit.name}
                    </Link>
                    <p className="text-sm text-muted">{t(credit.job)}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </GeneratedScope>
  );
}
