import { useRef } from "react";
import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { ARTWORK_SIZES } from "~/catalogue/artwork";
import { Pagination } from "~/site/browse/pagination";
import { TitleRatingBadge } from "~/site/cards";
import { useHydrated } from "~/ui/use-hydrated";
import { channelItemLabel, channelItemPath, isWideLayout, type ChannelItem } from "../channel-item";
import type { ChannelPage } from "../channel-page.server";
import type { ChannelRow } from "../channels.server";
import type { ChannelLayout } from "../schema";
import type { MemberHomeRows as MemberRows } from "~/library/home-rows.server";
import { lazyComponent } from "~/ui/lazy-component";

/** A member's personal rows on the home page (issue 18): a chunk of its own, never loaded for guests. */
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
      {home ? <h1 className="sr-only">{heading}</h1> : (
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
      {page.items.length === 0 && page.genreLinks.length === 0 ? <p className="text-muted" data-testid="channel-empty">{t("Nothing here yet.")}</p> : null}
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
        {more && !showGenres ? (
          <Link to={more} className="text-sm font-medium text-primary hover:underline" aria-label={t("See all: :name", { name: channel.name })}>
            {t("See all")}
          </Link>
        ) : null}
      </div>
      {showGenres ? <GenreLinks slug={channel.slug} genres={genreLinks} /> : <ItemList items={items} layout={channel.layout} offset={0} row />}
    </section>
  );
}

/** Items in a layout: a scroll-snap row (row = true and not a grid) or a wrapping grid. */
function ItemList({ items, layout, offset, row = false }: { items: ChannelItem[]; layout: ChannelLayout; offset: number; row?: boolean }) {
  const scroller = useRef<HTMLUListElement>(null);
  const wide = isWideLayout(layout, items);
  if (layout === "channels") {
    return (
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => {
          const path = channelItemPath(item);
          return (
            <li key={`${item.kind}-${item.id}`}>
              {path ? <Link to={path} className="inline-block rounded-full border border-divider px-4 py-2 text-sm font-medium text-foreground hover:border-primary hover:text-primary">{channelItemLabel(item)}</Link> : <span className="inline-block px-4 py-2 text-sm">{channelItemLabel(item)}</span>}
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
  const width = layout === "hero" ? "w-[85%] sm:w-[70%]" : wide ? "w-72" : "w-36 sm:w-44";
  return (
    <div className="relative">
      <ul ref={scroller} className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-3" data-testid="channel-scroller" tabIndex={0}>
        {items.map((item, i) => (
          <li key={`${item.kind}-${item.id}`} className={`shrink-0 snap-start ${width}`}>
            <ItemCard item={item} wide={wide} hero={layout === "hero"} rank={layout === "top-list" ? i + 1 : null} eager={layout === "hero" && i === 0} />
          </li>
        ))}
      </ul>
      <ScrollArrows scroller={scroller} />
    </div>
  );
}

/** Previous / next buttons over a row, rendered only once JavaScript runs (the row scrolls without them). */
function ScrollArrows({ scroller }: { scroller: React.RefObject<HTMLUListElement | null> }) {
  const t = useTrans();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const move = (direction: number) => {
    const list = scroller.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.9 });
  };
  const classes = "absolute top-1/3 hidden size-10 items-center justify-center rounded-full bg-background/90 text-xl text-foreground shadow md:flex";
  return (
    <>
      <button type="button" className={`${classes} -left-3`} onClick={() => move(-1)} aria-label={t("Scroll left")} data-testid="channel-arrow-prev">‹</button>
      <button type="button" className={`${classes} -right-3`} onClick={() => move(1)} aria-label={t("Scroll right")} data-testid="channel-arrow-next">›</button>
    </>
  );
}

function ItemCard({ item, wide, hero = false, rank, eager }: { item: ChannelItem; wide: boolean; hero?: boolean; rank: number | null; eager: boolean }) {
  const t = useTrans();
  const path = channelItemPath(item) ?? "#";
  const image =
    item.kind === "title" ? (wide ? item.backdrop : item.poster) : item.kind === "person" ? item.profile : item.kind === "episode" ? item.still : item.kind === "video" ? item.thumbnail : null;
  const size = wide ? ARTWORK_SIZES.backdrop : ARTWORK_SIZES.poster;
  const subtitle =
    item.kind === "title"
      ? [item.year, item.type === "series" ? t("Series") : t("Movie")].filter(Boolean).join(" · ")
      : item.kind === "person"
        ? item.knownFor
        : item.kind === "episode"
          ? [item.title.name, item.airDate].filter(Boolean).join(" · ")
          : item.kind === "video"
            ? item.title.name
            : null;
  return (
    <Link to={path} className="group relative block" data-testid="channel-item" data-kind={item.kind}>
      {rank !== null ? <span className="absolute left-1 top-1 z-10 rounded bg-black/70 px-2 text-lg font-bold text-white">{rank}</span> : null}
      {item.kind === "channel" ? (
        <span className="flex aspect-video items-center justify-center rounded-theme bg-paper p-4 text-center font-semibold text-foreground">{item.name}</span>
      ) : (
        <img
          src={image ?? ""}
          alt=""
          width={size.width}
          height={size.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className={`${wide ? "aspect-video" : "aspect-[2/3]"} w-full rounded-theme bg-paper object-cover shadow-sm transition group-hover:opacity-90`}
        />
      )}
      {hero ? (
        <span className="absolute inset-x-0 bottom-0 rounded-b-theme bg-gradient-to-t from-black/80 to-transparent p-4 text-white">
          <span className="block text-2xl font-bold">{channelItemLabel(item)}</span>
          {subtitle ? <span className="block text-sm opacity-90">{subtitle}</span> : null}
        </span>
      ) : item.kind === "channel" ? null : (
        <span className="mt-2 flex items-start justify-between gap-2">
          <span className="min-w-0">
            <span className="block truncate font-medium text-foreground group-hover:text-primary">{item.kind === "episode" ? item.name : item.name}</span>
            {subtitle ? <span className="block truncate text-sm text-muted">{subtitle}</span> : null}
          </span>
          {item.kind === "title" ? <TitleRatingBadge rating={item.rating} externalRating={item.externalRating} tmdbRating={item.tmdbRating} className="bg-transparent px-0" /> : null}
        </span>
      )}
    </Link>
  );
}
