import { CHANNEL_MAX_PAGE, CHANNEL_MAX_ROWS, HOME_CHANNEL_TTL_MS } from "~/constants";
import type { Database } from "~/db/client.server";
import { isWideLayout, type ChannelItem } from "./channel-item";
import { channelItemsPage, channelRows, findChannel, findGenreBySlug, listGenreLinks, takesGenre, type ChannelRecord, type ChannelRow } from "./channels.server";

/**
 * What a channel page shows (the home page, /channel/{slug},
 * /channel/{slug}/{genre} and the API): the channel, one page of its items
 * and, for a nested channel, its rows. Null when the address asks for what
 * does not exist (a page past the end, a genre on a channel without one, an
 * unknown genre): the caller answers 404.
 */
export interface ChannelPage {
  channel: {
    id: number;
    name: string;
    slug: string;
    description: string | null;
    seoTitle: string | null;
    seoDescription: string | null;
    layout: ChannelRecord["layout"];
    source: ChannelRecord["source"];
    perPage: number;
    public: boolean;
  };
  genre: { name: string; slug: string } | null;
  page: number;
  items: ChannelItem[];
  hasNext: boolean;
  /** Nested channels: a row per child channel. */
  rows: ChannelRow[];
  /** Genre links, for rows of channels that take their genre from the address. */
  genreLinks: { name: string; slug: string }[];
}

/** A page number from the query string: missing or malformed is 1, past the limit is null (404). */
export function parsePageNumber(value: string | null): number | null {
  if (value === null || !/^\d{1,12}$/.test(value)) return 1;
  const page = Number(value);
  if (page < 1) return 1;
  return page > CHANNEL_MAX_PAGE ? null : page;
}

export async function loadChannelPage(db: Database, channel: ChannelRecord, options: { page: number; genre: string | null }): Promise<ChannelPage | null> {
  const nested = channel.source === "nested";
  const perPage = nested ? CHANNEL_MAX_ROWS : channel.perPage;
  const genre = options.genre ? await findGenreBySlug(db, options.genre) : null;
  if (options.genre && !genre) return null;
  // A nested channel's own items are channels (no variant); an automatic genre rule's list is per genre.
  const variant = channel.source === "automatic" && channel.rule?.genreFromUrl ? (genre?.slug ?? "") : "";
  const { items, hasNext } = await channelItemsPage(db, channel.id, variant, (options.page - 1) * perPage, perPage);
  if (options.page > 1 && items.length === 0) return null;
  if (genre && !takesGenre(channel, items)) return null;
  const children = nested ? items.filter((item): item is Extract<ChannelItem, { kind: "channel" }> => item.kind === "channel") : [];
  const rows = nested ? await channelRows(db, children, genre?.slug ?? null) : [];
  // "Browse by genre": a row of a channel that takes a genre, shown without one, lists the genres.
  const needsGenres =
    !genre && (rows.some((row) => row.channel.genreFromUrl || row.items.some((i) => i.kind === "channel" && i.genreFromUrl)) || (channel.source === "automatic" && channel.rule?.genreFromUrl));
  const genreLinks = needsGenres ? await listGenreLinks(db) : [];
  return {
    channel: {
      id: channel.id,
      name: channel.name,
      slug: channel.slug,
      description: channel.description,
      seoTitle: channel.seoTitle,
      seoDescription: channel.seoDescription,
      layout: channel.layout,
      source: channel.source,
      perPage: channel.perPage,
      public: channel.public,
    },
    genre,
    page: options.page,
    items,
    hasNext,
    rows,
    genreLinks,
  };
}

/**
 * The page as a view ships it (loader data is inline JavaScript on public
 * pages, decision 006): a title card carries only the image its layout
 * shows, and no release date (the API keeps every field).
 */
export function pageForView(page: ChannelPage): ChannelPage {
  const trim = (items: ChannelItem[], wide: boolean) =>
    items.map((item) => (item.kind === "title" ? { ...item, releaseDate: null, poster: wide ? null : item.poster, backdrop: wide ? item.backdrop : null } : item));
  const ownLayout = page.channel.layout === "hero" || page.channel.layout === "carousel" ? "grid" : page.channel.layout;
  return {
    ...page,
    items: page.channel.source === "nested" ? page.items : trim(page.items, isWideLayout(ownLayout, page.items)),
    rows: page.rows.map((row) => ({ ...row, items: trim(row.items, isWideLayout(row.channel.layout, row.items)) })),
  };
}

/**
 * The home page's channel and its first page as a view ships it, kept by the isolate for
 * HOME_CHANNEL_TTL_MS (decision 048). It is the same for every visitor, and reading it is four round trips
 * one after another (the channel, its items, its rows' items, the genre links): guests share a cached copy
 * of the page, but a member's home page is never cached and would read it on every view. Admin writes
 * forget it in the writing isolate (`forgetHomeChannel`); elsewhere it is at most as old as a guest's copy.
 */
let keptHome: { idOrSlug: string; value: { channel: ChannelRecord | null; page: ChannelPage | null }; readAt: number } | null = null;
/** Bumped by every forget, so a read that started before it cannot put back what was forgotten. */
let homeGeneration = 0;

export async function homeChannelPage(db: Database, idOrSlug: string): Promise<{ channel: ChannelRecord | null; page: ChannelPage | null }> {
  if (keptHome && keptHome.idOrSlug === idOrSlug && Date.now() - keptHome.readAt < HOME_CHANNEL_TTL_MS) return keptHome.value;
  const started = homeGeneration;
  const channel = await findChannel(db, idOrSlug);
  const loaded = channel ? await loadChannelPage(db, channel, { page: 1, genre: null }) : null;
  const value = { channel, page: loaded && pageForView(loaded) };
  if (started === homeGeneration) keptHome = { idOrSlug, value, readAt: Date.now() };
  return value;
}

export function forgetHomeChannel() {
  homeGeneration++;
  keptHome = null;
}
