import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { ARTWORK_SIZES, episodeArtworkSubject, personArtworkSubject, titleArtworkSubject } from "~/catalogue/artwork";
import { Pagination } from "~/site/browse/pagination";
import { ArtworkImage } from "~/site/artwork-image";
import { TitleCard } from "~/site/cards";
import { BACKDROP_PLACEHOLDER } from "~/site/video-card";
import { useHydrated } from "~/ui/use-hydrated";
import { channelItemLabel, channelItemPath, isWideLayout, type ChannelItem } from "../channel-item";
import type { ChannelPage } from "../channel-page.server";
import type { ChannelRow } from "../channels.server";
import type { ChannelLayout } from "../tables";
import type { MemberHomeRows as MemberRows } from "~/library/home-rows.server";
import { lazyComponent } from "~/ui/lazy-component";

/** A member's personal rows on the home page (decision 023): a chunk of its own, never loaded for guests. */
const MemberHomeRows = lazyComponent(() => import("~/library/ui/member-home-rows").then((m) => m.MemberHomeRows));

/**
 * A channel page (decision 022): a nested channel's rows, or one channel's
 * items with previous/next links. Rows are CSS scroll-snap lists that scroll
 * without JavaScript; the arrow buttons appear once JavaScript runs.
 */
export function ChannelView({ page, home = false, member }: { page: ChannelPage; home?: boolean; member?: MemberRows }) {
  const t = useTrans();
  const { channel, genre } = page;
  const base = `/channel/${channel.slug}${genre ? `/${genre.slug}` : ""}`;
  const heading = genre ? `${channel.name}: ${t(genre.name)}` : channel.name;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" data-testid="channel-page" data-channel={channel.slug}>
      {member ? <MemberHomeRows rows={member} /> : null}
      {home ? (
        <h1 className="sr-only">{heading}</h1>
      ) : (
        <header className="mb-6">
          <h1 className="text-3xl font-bold text-foreground">{heading}</h1>
          {channel.description ? <p className="mt-2 max-w-3xl text-muted">{channel.description}</p> : null}
        </header>
      )}
      {channel.source === "nested" ? (
        <div className="flex flex-col gap-10">
          {page.rows.map((row) => (
            <ChannelRowView key={row.channel.id} row={row} genreLinks={page.genreLinks} genre={genre?.slug ?? null} />
          ))}
        </div>
      ) : page.items.length === 0 && page.genreLinks.length > 0 ? (
        <GenreLinks slug={channel.slug} genres={page.genreLinks} />
      ) : (
        <ItemList items={page.items} layout={channel.layout === "hero" || channel.layout === "carousel" ? "grid" : channel.layout} offset={(page.page - 1) * channel.perPage} />
      )}
      {page.items.length === 0 && page.genreLinks.length === 0 ? (
        <p className="text-muted" data-testid="channel-empty">
          {t("Nothing here yet.")}
        </p>
      ) : null}
      <Pagination page={page.page} hasNext={page.hasNext} href={(n) => (n > 1 ? `${base}?page=${n}` : base)} />
    </div>
  );
}

function GenreLinks({ slug, genres }: { slug: string; genres: { name: string; slug: string }[] }) {
  const t = useTrans();
  return (
    <ul className="flex flex-wrap gap-2" data-testid="channel-genres">
      {genres.map((genre) => (
        <li key={genre.slug}>
          <Link to={`/channel/${slug}/${genre.slug}`} className="inline-block rounded-full border border-divider px-4 py-2 text-sm font-medium text-foreground hover:border-primary hover:text-primary">
            {t(genre.name)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ChannelRowView({ row, genreLinks, genre }: { row: ChannelRow; genreLinks: { name: string; slug: string }[]; genre: string | null }) {
  const t = useTrans();
  const scroller = useRef<HTMLUListElement>(null);
  const { channel, items } = row;
  const headingId = `channel-row-${channel.id}`;
  const takesGenre = channel.genreFromUrl || items.some((item) => item.kind === "channel" && item.genreFromUrl);
  const more = channel.public ? `/channel/${channel.slug}${genre && takesGenre ? `/${genre}` : ""}` : null;
  const showGenres = takesGenre && !genre;
  if (!showGenres && items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="channel-row" data-channel={channel.slug}>
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold text-foreground">
          {channel.name}
        </h2>
        <div className="flex items-center gap-3">
          {more && !showGenres ? (
            <Link to={more} className="text-sm font-medium text-primary hover:underline" aria-label={t("See all: :name", { name: channel.name })}>
              {t("See all")}
            </Link>
          ) : null}
          {!showGenres && channel.layout !== "grid" && channel.layout !== "channels" ? <ScrollArrows scroller={scroller} /> : null}
        </div>
      </div>
      {showGenres ? <GenreLinks slug={channel.slug} genres={genreLinks} /> : <ItemList items={items} layout={channel.layout} offset={0} row scroller={scroller} />}
    </section>
  );
}

/** Items in a layout: a scroll-snap row (row = true and not a grid) or a wrapping grid. */
function ItemList({
  items,
  layout,
  offset,
  row = false,
  scroller,
}: {
  items: ChannelItem[];
  layout: ChannelLayout;
  offset: number;
  row?: boolean;
  scroller?: React.RefObject<HTMLUListElement | null>;
}) {
  const wide = isWideLayout(layout, items);
  if (layout === "channels") {
    return (
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => {
          const path = channelItemPath(item);
          return (
            <li key={`${item.kind}-${item.id}`}>
              {path ? (
                <Link to={path} className="inline-block rounded-full border border-divider px-4 py-2 text-sm font-medium text-foreground hover:border-primary hover:text-primary">
                  {channelItemLabel(item)}
                </Link>
              ) : (
                <span className="inline-block px-4 py-2 text-sm">{channelItemLabel(item)}</span>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  if (!row || layout === "grid") {
    return (
      <ol className={wide ? "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" : "grid grid-cols-2 gap-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"} data-testid="channel-items">
        {items.map((item, i) => (
          <li key={`${item.kind}-${item.id}`}>
            <ItemCard item={item} wide={wide} rank={layout === "top-list" ? offset + i + 1 : null} eager={i < 6} />
          </li>
        ))}
      </ol>
    );
  }
  const width = layout === "hero" ? "w-[85%] sm:w-[70%]" : wide ? "w-72" : "w-40 sm:w-44";
  // Rows scroll inside the page's padding (they never touch the screen's edge) and keep a card's shadow and focus ring visible.
  return (
    <ul ref={scroller} className="-mx-1 flex snap-x snap-mandatory scroll-px-1 gap-4 overflow-x-auto scroll-smooth px-1 pt-1 pb-3" data-testid="channel-scroller" tabIndex={0}>
      {items.map((item, i) => (
        <li key={`${item.kind}-${item.id}`} className={`shrink-0 snap-start ${width}`}>
          <ItemCard item={item} wide={wide} hero={layout === "hero"} rank={layout === "top-list" ? i + 1 : null} eager={layout === "hero" ? i === 0 : i < 2} priority={layout === "hero" && i === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Previous / next buttons beside a row's heading, rendered only once
 * JavaScript runs (the row scrolls without them). They never cover a card,
 * and each is hidden when the row cannot scroll that way.
 */
function ScrollArrows({ scroller }: { scroller: React.RefObject<HTMLUListElement | null> }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [edges, setEdges] = useState({ start: true, end: false });
  useEffect(() => {
    const list = scroller.current;
    if (!hydrated || !list) return;
    const measure = () => setEdges({ start: list.scrollLeft <= 4, end: list.scrollLeft + list.clientWidth >= list.scrollWidth - 4 });
    measure();
    list.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      list.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [hydrated, scroller]);
  if (!hydrated) return null;
  const move = (direction: number) => {
    const list = scroller.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.9 });
  };
  const classes = "hidden size-7 items-center justify-center rounded-full border border-divider bg-background text-lg leading-none text-foreground hover:border-primary md:flex";
  return (
    <>
      <button
        type="button"
        className={`${classes} ${edges.start ? "md:invisible" : ""}`}
        onClick={() => move(-1)}
        aria-label={t("Scroll left")}
        data-testid="channel-arrow-prev"
        aria-hidden={edges.start || undefined}
        tabIndex={edges.start ? -1 : undefined}
      >
        ‹
      </button>
      <button
        type="button"
        className={`${classes} ${edges.end ? "md:invisible" : ""}`}
        onClick={() => move(1)}
        aria-label={t("Scroll right")}
        data-testid="channel-arrow-next"
        aria-hidden={edges.end || undefined}
        tabIndex={edges.end ? -1 : undefined}
      >
        ›
      </button>
    </>
  );
}

function ItemCard({ item, wide, hero = false, rank, eager, priority = false }: { item: ChannelItem; wide: boolean; hero?: boolean; rank: number | null; eager: boolean; priority?: boolean }) {
  const t = useTrans();
  // A title in a poster row or grid is the site's one title card (decision 029).
  if (item.kind === "title" && !wide) {
    return (
      <div className="relative h-full">
        {rank !== null ? <RankBadge rank={rank} /> : null}
        <TitleCard title={item} eager={eager} priority={priority} linkTestId="channel-item" />
      </div>
    );
  }
  const path = channelItemPath(item) ?? "#";
  const subtitle =
    item.kind === "title"
      ? [item.year, item.type === "series" ? t("Series") : t("Movie")].filter(Boolean).join(" · ")
      : item.kind === "person"
        ? item.knownFor
          ? t(item.knownFor)
          : null
        : item.kind === "episode"
          ? [item.title.name, item.airDate].filter(Boolean).join(" · ")
          : item.kind === "video"
            ? item.title.name
            : null;
  const imageClass = `${wide ? "aspect-video" : "aspect-[2/3]"} w-full rounded-theme object-cover shadow-sm transition group-hover:opacity-90`;
  const image =
    item.kind === "title" ? (
      <ArtworkImage kind="backdrop" image={item.backdrop} subject={titleArtworkSubject(item)} eager={eager} priority={priority} className={imageClass} />
    ) : item.kind === "person" ? (
      <ArtworkImage kind="profile" image={item.profile} subject={personArtworkSubject(item)} eager={eager} className={imageClass} />
    ) : item.kind === "episode" ? (
      <ArtworkImage kind="still" image={item.still} subject={episodeArtworkSubject(item)} eager={eager} className={imageClass} />
    ) : item.kind === "video" ? (
      <img
        src={item.thumbnail ?? BACKDROP_PLACEHOLDER}
        alt=""
        width={ARTWORK_SIZES.still.width}
        height={ARTWORK_SIZES.still.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={`bg-paper ${imageClass}`}
      />
    ) : null;
  return (
    <Link to={path} className="group relative block" data-testid="channel-item" data-kind={item.kind}>
      {rank !== null ? <RankBadge rank={rank} /> : null}
      {item.kind === "channel" ? <span className="flex aspect-video items-center justify-center rounded-theme bg-paper p-4 text-center font-semibold text-foreground">{item.name}</span> : image}
      {hero ? (
        <span className="absolute inset-x-0 bottom-0 rounded-b-theme bg-gradient-to-t from-black/85 via-black/50 to-transparent p-4 pt-12 text-white">
          <span className="block text-2xl font-bold">{channelItemLabel(item)}</span>
          {subtitle ? <span className="block text-sm opacity-90">{subtitle}</span> : null}
        </span>
      ) : item.kind === "channel" ? null : (
        <span className="mt-2 block min-w-0">
          <span className="line-clamp-2 break-words font-medium leading-snug text-foreground group-hover:text-primary">{item.name}</span>
          {subtitle ? <span className="block truncate text-sm text-muted">{subtitle}</span> : null}
        </span>
      )}
    </Link>
  );
}

function RankBadge({ rank }: { rank: number }) {
  return <span className="absolute top-1.5 left-1.5 z-10 rounded bg-black/75 px-2 text-lg font-bold text-white">{rank}</span>;
}
