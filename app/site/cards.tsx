import { Suspense } from "react";
import { useLocation } from "react-router";
import { AppLink } from "~/ui/app-link";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { personArtworkSubject, titleArtworkSubject } from "~/catalogue/artwork";
import { cardRating, type CardRatings, type RatingSource } from "~/catalogue/card-rating";
import { personPath, titlePath } from "~/http/slug";
import { lazyComponent } from "~/ui/lazy-component";
import { ArtworkImage } from "./artwork-image";
import { CARD_CORNER_BUTTON } from "./card-corner";
import { RatingBadge, useSiteRatingSource } from "./rating-badge";

/** Names this site's users' average with the site's name ("Reelbase users"); kept in the shell. */
export { useSiteRatingSource } from "./rating-badge";

/**
 * A title's rating on a card (decision 029): the site's members' average once
 * it has `ratings.site_min_votes` votes, else IMDb's, else TMDB's, each
 * named; `only` pins one source (a list sorted by it).
 */
export function TitleRatingBadge({ className = "", only, fit = false, ...ratings }: CardRatings & { className?: string; only?: RatingSource | null; fit?: boolean }) {
  const siteSource = useSiteRatingSource();
  const minVotes = useBootstrap().settings.ratings?.site_min_votes ?? 10;
  const chosen = cardRating(ratings, minVotes, only);
  if (!chosen) return null;
  const source = chosen.source === "site" ? siteSource() : chosen.source === "imdb" ? "IMDb" : "TMDB";
  return <RatingBadge rating={chosen.value} source={source} className={className} fit={fit} />;
}

export interface TitleCardData {
  id: number;
  type: "movie" | "series";
  name: string;
  slug: string;
  year: number | null;
  poster: string | null;
  rating: number | null;
  /** Votes behind `rating`: the card shows it only from the minimum (decision 029). */
  voteCount?: number | null;
  externalRating: number | null;
  /** TMDB's vote average (titles imported from TMDB). */
  tmdbRating?: number | null;
}

/**
 * The one title card (home rows, channels, /titles, search, lists, library
 * pages, for you): the poster (real or generated), the name on its own line
 * (two at most), year and type under it, then the rating on a line of its
 * own with the card's menu. The "+" on the poster toggles the watchlist (a
 * plain form; guests go to sign-in and back); "Add to list" is in the menu.
 */
export function TitleCard({
  title,
  eager = false,
  priority = false,
  ratingSource = null,
  inWatchlist,
  note,
  linkTestId = "title-card",
}: {
  title: TitleCardData;
  eager?: boolean;
  /** The first screen's largest image. */
  priority?: boolean;
  /** The list is sorted by this source: show it on every card. */
  ratingSource?: RatingSource | null;
  /** Known on library pages; elsewhere the "+" adds. */
  inWatchlist?: boolean;
  note?: React.ReactNode;
  /** The link's test id (channel rows name theirs "channel-item"). */
  linkTestId?: string;
}) {
  const t = useTrans();
  return (
    <div className="relative flex h-full min-w-0 flex-col" data-testid="title-card-box">
      <AppLink to={titlePath(title)} className="group block min-w-0" data-testid={linkTestId} data-kind="title">
        <ArtworkImage
          kind="poster"
          image={title.poster}
          subject={titleArtworkSubject(title)}
          eager={eager}
          priority={priority}
          sizes="(min-width: 1024px) 12rem, (min-width: 640px) 25vw, 45vw"
          className="aspect-[2/3] w-full rounded-theme object-cover shadow-sm transition group-hover:opacity-90"
        />
        <span className="mt-2 line-clamp-2 break-words font-medium leading-snug text-foreground group-hover:text-primary" data-testid="title-card-name">
          {title.name}
        </span>
        <span className="mt-0.5 block text-sm text-muted" data-testid="title-card-meta">
          {[title.year, title.type === "series" ? t("Series") : t("Movie")].filter(Boolean).join(" · ")}
        </span>
      </AppLink>
      <div className="mt-1 flex min-h-7 items-center justify-between gap-1">
        <TitleRatingBadge rating={title.rating} voteCount={title.voteCount} externalRating={title.externalRating} tmdbRating={title.tmdbRating} only={ratingSource} fit className="text-xs" />
        <CardMenu title={title} />
      </div>
      {note ? <p className="mt-1 text-xs text-muted">{note}</p> : null}
      <CardWatchlistToggle title={title} inWatchlist={inWatchlist} />
    </div>
  );
}

/** The "+" on a card's poster for guests: sign in first, then back to this page. */
function GuestWatchlistLink({ title }: { title: TitleCardData }) {
  const t = useTrans();
  const location = useLocation();
  return (
    <AppLink
      to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}
      rel="nofollow"
      aria-label={t("Add :name to your watchlist", { name: title.name })}
      className={CARD_CORNER_BUTTON}
      data-testid="card-watchlist"
    >
      <span aria-hidden="true">+</span>
    </AppLink>
  );
}

/** Members' "+" (a form and a fetcher): its own chunk, which guests' pages never load (decision 006's budget). */
const MemberWatchlistToggle = lazyComponent(() => import("./card-watchlist-toggle").then((m) => m.CardWatchlistToggle));

function CardWatchlistToggle({ title, inWatchlist }: { title: TitleCardData; inWatchlist?: boolean }) {
  const user = useBootstrap().user;
  if (!user) return <GuestWatchlistLink title={title} />;
  return (
    <Suspense fallback={null}>
      <MemberWatchlistToggle titleId={title.id} name={title.name} inWatchlist={inWatchlist} />
    </Suspense>
  );
}

/** The card's "⋯" menu: a disclosure that works without JavaScript. */
function CardMenu({ title }: { title: TitleCardData }) {
  const t = useTrans();
  return (
    <details className="group/menu relative ml-auto shrink-0" data-testid="card-menu">
      <summary
        aria-label={t("More for :name", { name: title.name })}
        className="flex size-7 cursor-pointer list-none items-center justify-center rounded-full text-muted hover:bg-paper hover:text-foreground [&::-webkit-details-marker]:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <circle cx="4" cy="10" r="1.6" />
          <circle cx="10" cy="10" r="1.6" />
          <circle cx="16" cy="10" r="1.6" />
        </svg>
      </summary>
      <div className="absolute right-0 bottom-full z-20 mb-1 min-w-36 rounded-theme border border-divider bg-background p-1 shadow-lg">
        <AppLink to={`/lists/add/${title.id}`} rel="nofollow" className="block rounded px-3 py-1.5 text-sm whitespace-nowrap text-foreground hover:bg-paper" data-testid="card-add-to-list">
          {t("Add to list")}
        </AppLink>
      </div>
    </details>
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
  return (
    <AppLink to={personPath({ id: person.personId, slug: person.slug })} className="group block" data-testid="person-card">
      <ArtworkImage
        kind="profile"
        image={person.profile}
        subject={personArtworkSubject({ id: person.personId, name: person.name })}
        eager={eager}
        className="aspect-[2/3] w-full rounded-theme object-cover shadow-sm transition group-hover:opacity-90"
      />
      <p className="mt-2 truncate font-medium text-foreground group-hover:text-primary">{person.name}</p>
      {person.role ? <p className="truncate text-sm text-muted">{person.role}</p> : null}
    </AppLink>
  );
}
