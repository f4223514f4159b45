import { data, Link } from "react-router";
import type { Route } from "./+types/watch";
import { countGuestView, countVideoPlay, idParam } from "~/catalogue/page-views.server";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { AdSlot } from "~/ads/ad-slot";
import { adSlots } from "~/ads/ads.server";
import { useTrans } from "~/i18n/translation-context";
import { parseId, requireCatalogueAccess } from "~/catalogue/access.server";
import { ARTWORK_SIZES, resolveImage, titleArtworkSubject } from "~/catalogue/artwork";
import { isGenerated } from "~/catalogue/generated";
import { mediaUrl } from "~/catalogue/media";
import { titlePath } from "~/http/slug";
import { loadWatchPage, playerSource } from "~/catalogue/watch-page.server";
import { getApp, getWorker } from "~/request/context";
import { setPageJsonLd } from "~/seo/json-ld.server";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { videoJsonLd } from "~/seo/structured-data";
import { TitleRatingBadge } from "~/site/cards";
import { categoryLabel, VideoCard } from "~/site/video-card";
import { ArtworkImage } from "~/site/artwork-image";
import { formatRuntime } from "~/i18n/format";
import { GeneratedNote } from "~/site/generated-note";

/** Guests share a copy of this page for a few seconds; a copy still counts the play. */
export const middleware: Route.MiddlewareFunction[] = [
  guestPageCache({
    onHit: {
      name: "video-play",
      run: ({ request, params, worker }) => {
        const id = idParam(params.videoId);
        if (id) countGuestView(worker, request, "play", id);
      },
    },
  }),
];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /watch/{videoId}: the player, the title it belongs to and its other
 * videos. Opening the page counts a play, once per viewer and day, after the
 * response is sent (it works the same with JavaScript off and for embeds,
 * whose players we cannot observe).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const worker = getWorker(context);
  requireCatalogueAccess(app, request);
  const id = parseId(params.videoId);
  const page = await loadWatchPage(app.db, id);
  if (!page) throw data(null, { status: 404 });

  countVideoPlay(app, worker, request, id);

  const { video, title, episode } = page;
  const origin = new URL(request.url).origin;
  const heading = episode ? `${title.name} S${episode.seasonNumber}E${episode.episodeNumber}: ${video.name}` : `${title.name}: ${video.name}`;
  setPageJsonLd(context, videoJsonLd(video, title, origin));
  return {
    ...page,
    player: playerSource(video, mediaUrl),
    ads: adSlots(app.settings, worker.nonce, ["ads.watch_top"]),
    seo: buildSeo(app, request, {
      title: heading,
      description: app.t(":category of :name", { category: app.t(categoryLabel(video.category)), name: title.name }),
      path: `/watch/${video.id}`,
      image: video.thumbnail ?? title.backdrop,
      type: "video.other",
    }),
  };
}

export default function WatchPage({ loaderData }: Route.ComponentProps) {
  const { video, title, episode, others, player, ads } = loaderData;
  const t = useTrans();
  const still = ARTWORK_SIZES.still;
  return (
    <div data-testid="watch-page">
      <div className="bg-black">
        <div className="mx-auto max-w-6xl">
          {player.kind === "file" ? (
            <video
              controls
              playsInline
              preload="metadata"
              poster={video.thumbnail ?? resolveImage("backdrop", title.backdrop, titleArtworkSubject(title)).src}
              width={still.width}
              height={still.height}
              aria-label={t("Video: :name", { name: video.name })}
              data-testid="video-player"
              className="aspect-video h-auto w-full bg-black"
            >
              <source src={player.url} type={player.mime ?? undefined} />
              <p className="p-6 text-white">
                {t("Your browser cannot play this video.")}{" "}
                <a href={player.url} className="underline">
                  {t("Download it")}
                </a>
              </p>
            </video>
          ) : player.kind === "embed" ? (
            <iframe
              src={player.url}
              title={t("Video: :name", { name: video.name })}
              width={still.width}
              height={still.height}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              data-testid="video-embed"
              className="aspect-video h-auto w-full border-0"
            />
          ) : (
            <div className="flex aspect-video items-center justify-center text-white" role="status">
              {t("This video is not available.")}
            </div>
          )}
        </div>
      </div>

      <AdSlot slot="ads.watch_top" html={ads["ads.watch_top"]} className="px-4" />

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-foreground" data-testid="video-name">
            {video.name}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {[
              t(categoryLabel(video.category)),
              episode ? `${t("Season :number", { number: episode.seasonNumber })} · ${t("Episode :number", { number: episode.episodeNumber })}` : null,
              video.quality,
              t(":count [one play|other plays]", { count: video.plays }),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <div className="mt-6 flex gap-4 rounded-theme border border-divider p-4">
            <Link to={titlePath(title)} className="shrink-0">
              <ArtworkImage kind="poster" image={title.poster} subject={titleArtworkSubject(title)} className="h-36 w-24 rounded object-cover" />
            </Link>
            <div className="min-w-0">
              <Link to={titlePath(title)} className="text-lg font-semibold text-foreground hover:text-primary" data-testid="watch-title-link">
                {title.name} {title.year ? <span className="font-normal text-muted">({title.year})</span> : null}
              </Link>
              <p className="mt-1 flex items-center gap-2 text-sm text-muted">
                {[title.type === "series" ? t("TV series") : t("Movie"), title.certification, formatRuntime(title.runtime)].filter(Boolean).join(" · ")}
                <TitleRatingBadge rating={title.rating} voteCount={title.voteCount} externalRating={title.externalRating} />
              </p>
              {title.plot ? <p className="mt-2 line-clamp-4 text-foreground">{title.plot}</p> : null}
              <GeneratedNote show={isGenerated(title, "plot")} className="mt-2" />
            </div>
          </div>
        </section>
        <aside aria-labelledby="more-videos-heading">
          <h2 id="more-videos-heading" className="text-lg font-semibold text-foreground">
            {t("More videos")}
          </h2>
          {others.length === 0 ? <p className="mt-3 text-sm text-muted">{t("No other videos for this title.")}</p> : null}
          <ul className="mt-4 space-y-4" data-testid="other-videos">
            {others.map((other) => (
              <li key={other.id}>
                <VideoCard video={other} fallback={resolveImage("backdrop", title.backdrop, titleArtworkSubject(title)).src} />
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
