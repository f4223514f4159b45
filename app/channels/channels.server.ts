import { eq, sql, type SQL } from "drizzle-orm";
import { genres } from "~/catalogue/tables";
import { CHANNEL_MAX_ROWS } from "~/constants";
import type { Database } from "~/db/client.server";
import type { ChannelItem } from "./channel-item";
import { channels, type ChannelLayout } from "./tables";

/**
 * Reading channels for pages and the API (decision 022). A page of a
 * channel is one statement over its stored items with every kind of target
 * joined in; the rows of a nested channel (the home page) are one more
 * statement for all rows together, whatever their number, so a page never
 * runs a statement per row or per item.
 */

export type ChannelRecord = typeof channels.$inferSelect;

const channelIdOrSlug = (key: string) => (/^\d{1,15}$/.test(key) ? eq(channels.id, Number(key)) : eq(channels.slug, key));

export async function findChannel(db: Database, idOrSlug: string): Promise<ChannelRecord | null> {
  const [row] = await db.select().from(channels).where(channelIdOrSlug(idOrSlug)).limit(1);
  return row ?? null;
}

/** Whether a channel takes a genre from its address (an automatic genre rule, or a nested channel holding one). */
export function takesGenre(channel: Pick<ChannelRecord, "source" | "rule">, items: ChannelItem[] = []) {
  if (channel.source === "automatic") return Boolean(channel.rule?.genreFromUrl);
  return items.some((item) => item.kind === "channel" && item.genreFromUrl);
}

/** Columns of an item with its target joined in (channel_items `ci`). */
const ITEM_SELECT = sql`ci.channel_id AS channel_id, ci.position AS position,
  t.id AS t_id, t.type AS t_type, t.name AS t_name, t.slug AS t_slug, t.year AS t_year, t.poster AS t_poster, t.backdrop AS t_backdrop,
  t.rating AS t_rating, t.vote_count AS t_vote_count, t.external_rating AS t_external_rating, t.tmdb_rating AS t_tmdb_rating, t.release_date AS t_release_date,
  p.id AS p_id, p.name AS p_name, p.slug AS p_slug, p.profile AS p_profile, p.known_for AS p_known_for,
  e.id AS e_id, e.name AS e_name, e.season_number AS e_season, e.episode_number AS e_episode, e.still AS e_still, e.air_date AS e_air_date,
  et.id AS et_id, et.name AS et_name, et.slug AS et_slug,
  v.id AS v_id, v.name AS v_name, v.category AS v_category, v.thumbnail AS v_thumbnail, v.duration AS v_duration,
  vt.id AS vt_id, vt.name AS vt_name, vt.slug AS vt_slug,
  cc.id AS cc_id, cc.name AS cc_name, cc.slug AS cc_slug, cc.public AS cc_public, cc.layout AS cc_layout,
  json_extract(cc.rule, '$.genreFromUrl') AS cc_genre_from_url`;

const ITEM_JOINS = sql`LEFT JOIN titles t ON t.id = ci.title_id
  LEFT JOIN people p ON p.id = ci.person_id
  LEFT JOIN episodes e ON e.id = ci.episode_id LEFT JOIN titles et ON et.id = e.title_id
  LEFT JOIN videos v ON v.id = ci.video_id LEFT JOIN titles vt ON vt.id = v.title_id
  LEFT JOIN channels cc ON cc.id = ci.child_channel_id`;

type ItemRow = Record<string, unknown> & { channel_id: number; position: number };

function toItem(row: ItemRow): ChannelItem | null {
  const n = (key: string) => (row[key] === null || row[key] === undefined ? null : Number(row[key]));
  const s = (key: string) => (row[key] === null || row[key] === undefined ? null : String(row[key]));
  if (row.t_id != null) {
    return {
      kind: "title",
      id: n("t_id")!,
      type: s("t_type") === "series" ? "series" : "movie",
      name: s("t_name")!,
      slug: s("t_slug")!,
      year: n("t_year"),
      poster: s("t_poster"),
      backdrop: s("t_backdrop"),
      rating: n("t_rating"),
      voteCount: n("t_vote_count"),
      externalRating: n("t_external_rating"),
      tmdbRating: n("t_tmdb_rating"),
      releaseDate: s("t_release_date"),
    };
  }
  if (row.p_id != null) return { kind: "person", id: n("p_id")!, name: s("p_name")!, slug: s("p_slug")!, profile: s("p_profile"), knownFor: s("p_known_for") };
  if (row.e_id != null) {
    return {
      kind: "episode",
      id: n("e_id")!,
      name: s("e_name")!,
      seasonNumber: n("e_season")!,
      episodeNumber: n("e_episode")!,
      still: s("e_still"),
      airDate: s("e_air_date"),
      title: { id: n("et_id")!, name: s("et_name")!, slug: s("et_slug")! },
    };
  }
  if (row.v_id != null) {
    return {
      kind: "video",
      id: n("v_id")!,
      name: s("v_name")!,
      category: s("v_category")!,
      thumbnail: s("v_thumbnail"),
      duration: n("v_duration"),
      title: { id: n("vt_id")!, name: s("vt_name")!, slug: s("vt_slug")! },
    };
  }
  if (row.cc_id != null) {
    return {
      kind: "channel",
      id: n("cc_id")!,
      name: s("cc_name")!,
      slug: s("cc_slug")!,
      public: Boolean(n("cc_public")),
      layout: s("cc_layout") as ChannelLayout,
      genreFromUrl: Boolean(n("cc_genre_from_url")),
    };
  }
  return null;
}

/**
 * One page of a channel's items (`limit + 1` read to know whether there is
 * a next page). `variant` is the address's genre for genre-from-address
 * rules, '' otherwise.
 */
export async function channelItemsPage(db: Database, channelId: number, variant: string, offset: number, limit: number) {
  const rows = (await db.all(sql`SELECT ${ITEM_SELECT} FROM channel_items ci ${ITEM_JOINS}
    WHERE ci.channel_id = ${channelId} AND ci.variant = ${variant}
    ORDER BY ci.position LIMIT ${limit + 1} OFFSET ${offset}`)) as ItemRow[];
  const items = rows
    .slice(0, limit)
    .map(toItem)
    .filter((item): item is ChannelItem => item !== null);
  return { items, hasNext: rows.length > limit };
}

export interface ChannelRow {
  channel: Extract<ChannelItem, { kind: "channel" }>;
  items: ChannelItem[];
}

/**
 * The rows of a nested channel: each child channel's first `per_page`
 * items, for every child in one statement (a window over the items index).
 * Children that take a genre read the `genre` list when there is one.
 */
export async function channelRows(db: Database, children: Extract<ChannelItem, { kind: "channel" }>[], genre: string | null): Promise<ChannelRow[]> {
  const ids = children.slice(0, CHANNEL_MAX_ROWS).map((c) => c.id);
  if (ids.length === 0) return [];
  const idList: SQL = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.all(sql`SELECT ${ITEM_SELECT} FROM (
        SELECT ci.*, row_number() OVER (PARTITION BY ci.channel_id ORDER BY ci.position) AS rn, c.per_page AS per_page
        FROM channel_items ci JOIN channels c ON c.id = ci.channel_id
        WHERE ci.channel_id IN (${idList})
          AND ci.variant = CASE WHEN json_extract(c.rule, '$.genreFromUrl') THEN ${genre ?? ""} ELSE '' END
      ) ci ${ITEM_JOINS}
      WHERE ci.rn <= ci.per_page ORDER BY ci.channel_id, ci.position`);
  const byChannel = new Map<number, ChannelItem[]>();
  for (const row of rows as ItemRow[]) {
    const item = toItem(row);
    if (!item) continue;
    const list = byChannel.get(Number(row.channel_id)) ?? [];
    list.push(item);
    byChannel.set(Number(row.channel_id), list);
  }
  return children.map((child) => ({ channel: child, items: byChannel.get(child.id) ?? [] }));
}

/** Genres with a stored list in some channel (for "browse by genre" rows and genre addresses). */
export function listGenreLinks(db: Database) {
  return db.select({ name: genres.name, slug: genres.slug }).from(genres).orderBy(genres.name);
}

export async function findGenreBySlug(db: Database, slug: string) {
  const [row] = await db.select({ id: genres.id, name: genres.name, slug: genres.slug }).from(genres).where(eq(genres.slug, slug)).limit(1);
  return row ?? null;
}

/** Public channels for the sitemap. */
/** Public channels as menu destinations (the admin menu editor offers their pages). */
export function listChannelDestinations(db: Database) {
  return db.select({ slug: channels.slug, name: channels.name }).from(channels).where(eq(channels.public, true)).orderBy(channels.name);
}

export function listPublicChannels(db: Database) {
  return db.select({ slug: channels.slug, updatedAt: channels.updatedAt }).from(channels).where(eq(channels.public, true)).orderBy(channels.id);
}
