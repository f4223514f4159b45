import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { ARTWORK_SIZES } from "~/catalogue/artwork";
import { formatClock } from "../i18n/clock";

/*
 * The video card (title, episode and watch pages, channels' placeholder): not in site/cards, whose chunk
 * /titles and search load too (decision 006's budget; vite.config.ts gives it its own chunk).
 */

/**
 * Neutral stand-in for a video without a thumbnail. Titles, seasons,
 * episodes and people without an image get generated artwork instead
 * (ArtworkImage, decision 029).
 */
export const BACKDROP_PLACEHOLDER = "/images/backdrop-placeholder.svg";

export interface VideoCardData {
  id: number;
  name: string;
  category: string;
  thumbnail: string | null;
  duration: number | null;
}

/** `fallback`: the image to show without a thumbnail (the title's or episode's backdrop, real or generated: decision 029). */
export function VideoCard({ video, current = false, fallback }: { video: VideoCardData; current?: boolean; fallback?: string }) {
  const t = useTrans();
  const size = ARTWORK_SIZES.still;
  return (
    <Link to={`/watch/${video.id}`} className="group block" aria-current={current ? "page" : undefined} data-testid="video-card">
      <span className="relative block overflow-hidden rounded-theme bg-paper">
        <img
          src={video.thumbnail ?? fallback ?? BACKDROP_PLACEHOLDER}
          alt=""
          width={size.width}
          height={size.height}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover transition group-hover:scale-105"
        />
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-black/60 text-white">
            <svg viewBox="0 0 20 20" className="ml-0.5 size-6" fill="currentColor">
              <path d="M6 4.5v11l9-5.5-9-5.5z" />
            </svg>
          </span>
        </span>
        {formatClock(video.duration) ? <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{formatClock(video.duration)}</span> : null}
      </span>
      <span className="mt-2 block truncate font-medium text-foreground group-hover:text-primary">{video.name}</span>
      <span className="block text-sm capitalize text-muted">{current ? t("Now playing") : t(categoryLabel(video.category))}</span>
    </Link>
  );
}

export function categoryLabel(category: string) {
  const labels: Record<string, string> = {
    trailer: "Trailer",
    teaser: "Teaser",
    clip: "Clip",
    featurette: "Featurette",
    full: "Full video",
    episode: "Episode",
  };
  return labels[category] ?? category;
}

/** A title page's videos (a lazy chunk: a guest's title page keeps their server HTML, decision 045). */
export function TitleVideosSection({ videos, fallback }: { videos: VideoCardData[]; fallback: string }) {
  const t = useTrans();
  return (
    <section aria-labelledby="videos-heading">
      <h2 id="videos-heading" className="text-xl font-semibold text-foreground">
        {t("Videos")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-3" data-testid="title-videos">
        {videos.map((video) => (
          <li key={video.id}>
            <VideoCard video={video} fallback={fallback} />
          </li>
        ))}
      </ul>
    </section>
  );
}
