import { Link } from "react-router";
import { useBootstrap } from "~/bootstrap/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { ARTWORK_SIZES } from "~/catalogue/artwork";
import { personPath, titlePath } from "~/catalogue/slug";
import { formatClock } from "./format";
import { RatingBadge } from "./rating-badge";

/**
 * Neutral, clearly generic stand-ins (public/images) shown where a title has
 * no poster or a person no picture: the real films of the demo data have
 * none, and no invented artwork is passed off as theirs (decision 020).
 * Here, not in the shell: only catalogue pages show them.
 */
export const POSTER_PLACEHOLDER = "/images/poster-placeholder.svg";
export const PROFILE_PLACEHOLDER = "/images/profile-placeholder.svg";
export const BACKDROP_PLACEHOLDER = "/images/backdrop-placeholder.svg";

/** Names this site's users' average with the site's name ("Reelbase users"). */
export function useSiteRatingSource() {
  const t = useTrans();
  const site = useBootstrap().settings.branding.site_name;
  // A function, so pages that show no site rating record no line for it.
  return () => t(":site users", { site });
}

/** A title's rating: its users' average on this site when there is one, else IMDb's, each named. */
export function TitleRatingBadge({
  rating,
  externalRating,
  tmdbRating = null,
  className = "",
}: {
  rating: number | null;
  externalRating: number | null;
  tmdbRating?: number | null;
  className?: string;
}) {
  const siteSource = useSiteRatingSource();
  // The site's users first, then IMDb, then TMDB: one badge, naming its source.
  const [value, source] = rating !== null ? [rating, siteSource()] : externalRating !== null ? [externalRating, "IMDb"] : [tmdbRating, "TMDB"];
  return <RatingBadge rating={value} source={source} className={className} />;
}

export interface TitleCardData {
  id: number;
  type: "movie" | "series";
  name: string;
  slug: string;
  year: number | null;
  poster: string | null;
  rating: number | null;
  externalRating: number | null;
  /** TMDB's vote average (titles imported from TMDB). */
  tmdbRating?: number | null;
}

/**
 * A poster card linking to a title page. Images load lazily with their size
 * reserved. Its "+" corner link opens "Add to list" (a plain link, kept
 * small: public pages have about no JavaScript budget left; guests sign in first).
 */
export function TitleCard({ title, eager = false }: { title: TitleCardData; eager?: boolean }) {
  const t = useTrans();
  const size = ARTWORK_SIZES.poster;
  return (
    <div className="relative">
      <Link to={titlePath(title)} className="group block" data-testid="title-card">
        <img
          src={title.poster ?? POSTER_PLACEHOLDER}
          alt=""
          width={size.width}
          height={size.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[2/3] w-full rounded-theme bg-paper object-cover shadow-sm transition group-hover:opacity-90"
        />
        <p className="mt-2 line-clamp-2 font-medium leading-snug text-foreground group-hover:text-primary">{title.name}</p>
        <p className="mt-0.5 truncate text-sm text-muted">
          {[title.year, title.type === "series" ? t("Series") : t("Movie")].filter(Boolean).join(" · ")}
        </p>
        <TitleRatingBadge rating={title.rating} externalRating={title.externalRating} tmdbRating={title.tmdbRating} className="mt-0.5 bg-transparent px-0" />
      </Link>
      <Link to={`/lists/add/${title.id}`} rel="nofollow" aria-label={t("Add to list")} className="absolute top-2 right-2 size-7 rounded-full bg-black/60 text-center leading-7 text-white">
        +
      </Link>
    </div>
  );
}

export interface PersonCardData {
  personId: number;
  name: string;
  slug: string;
  profile: string | null;
  /** Character or job. */
  role?: string | null;
}

export function PersonCard({ person, eager = false }: { person: PersonCardData; eager?: boolean }) {
  const size = ARTWORK_SIZES.profile;
  return (
    <Link to={personPath({ id: person.personId, slug: person.slug })} className="group block" data-testid="person-card">
      <img
        src={person.profile ?? PROFILE_PLACEHOLDER}
        alt=""
        width={size.width}
        height={size.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[2/3] w-full rounded-theme bg-paper object-cover shadow-sm transition group-hover:opacity-90"
      />
      <p className="mt-2 truncate font-medium text-foreground group-hover:text-primary">{person.name}</p>
      {person.role ? <p className="truncate text-sm text-muted">{person.role}</p> : null}
    </Link>
  );
}

export interface VideoCardData {
  id: number;
  name: string;
  category: string;
  thumbnail: string | null;
  duration: number | null;
}

export function VideoCard({ video, current = false }: { video: VideoCardData; current?: boolean }) {
  const t = useTrans();
  const size = ARTWORK_SIZES.still;
  return (
    <Link
      to={`/watch/${video.id}`}
      className="group block"
      aria-current={current ? "page" : undefined}
      data-testid="video-card"
    >
      <span className="relative block overflow-hidden rounded-theme bg-paper">
        <img
          src={video.thumbnail ?? BACKDROP_PLACEHOLDER}
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
        {formatClock(video.duration) ? (
          <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{formatClock(video.duration)}</span>
        ) : null}
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
