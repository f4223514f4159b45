import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { episodes, people, titles, videos } from "~/catalogue/tables";
import { createdAt, updatedAt } from "~/db/columns";
import type { ChannelRule } from "./rules";

/**
 * Channels (decision 022): the public site's rows. A channel's
 * content is manual (picked items), automatic (a rule over the catalogue,
 * stored as items by the refresh job) or nested (its items are channels).
 * Pages read the stored items; nothing is computed per page view.
 */
export const CHANNEL_LAYOUTS = ["hero", "grid", "landscape", "carousel", "top-list", "people", "channels"] as const;
export type ChannelLayout = (typeof CHANNEL_LAYOUTS)[number];

export const CHANNEL_SOURCES = ["manual", "automatic", "nested"] as const;
export type ChannelSource = (typeof CHANNEL_SOURCES)[number];

export const CHANNEL_ITEM_TYPES = ["title", "person", "episode", "video", "channel"] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

export const channels = sqliteTable(
  "channels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    layout: text("layout", { enum: CHANNEL_LAYOUTS }).notNull().default("carousel"),
    /** Items in a row (inside a nested channel) and on one page of the channel's own page. */
    perPage: integer("per_page").notNull().default(20),
    /** Whether /channel/{slug} answers (a row can be private to the home page). */
    public: integer("public", { mode: "boolean" }).notNull().default(true),
    source: text("source", { enum: CHANNEL_SOURCES }).notNull().default("manual"),
    /** The automatic rule (app/channels/rules.ts); null for manual and nested channels. */
    rule: text("rule", { mode: "json" }).$type<ChannelRule | null>(),
    /** When the automatic items were last stored. */
    refreshedAt: integer("refreshed_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("channels_slug_idx").on(t.slug),
    // Names tell channels apart in the admin list: unique ignoring case (migration 0085, decision 043).
    uniqueIndex("channels_name_unique").on(sql`lower(${t.name})`),
    index("channels_source_idx").on(t.source),
    index("channels_updated_at_idx").on(t.updatedAt),
  ],
);

/**
 * A channel's stored items in order. Exactly one target column is set; each
 * is a foreign key with ON DELETE CASCADE, so a deleted title, person,
 * episode, video or channel leaves every channel at once. `variant` is ''
 * except for rules that take their genre from the address: those store one
 * list per genre slug.
 */
export const channelItems = sqliteTable(
  "channel_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    variant: text("variant").notNull().default(""),
    position: integer("position").notNull(),
    titleId: integer("title_id").references(() => titles.id, { onDelete: "cascade" }),
    personId: integer("person_id").references(() => people.id, { onDelete: "cascade" }),
    episodeId: integer("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "cascade" }),
    childChannelId: integer("child_channel_id").references((): AnySQLiteColumn => channels.id, { onDelete: "cascade" }),
  },
  (t) => [
    check(
      "channel_items_one_target_check",
      sql`(${t.titleId} IS NOT NULL) + (${t.personId} IS NOT NULL) + (${t.episodeId} IS NOT NULL) + (${t.videoId} IS NOT NULL) + (${t.childChannelId} IS NOT NULL) = 1`,
    ),
    // Pages: one channel's items in order (a page is a range of positions).
    index("channel_items_channel_idx").on(t.channelId, t.variant, t.position),
    // Cascades and "which channels hold this": one index per target.
    index("channel_items_title_idx").on(t.titleId).where(sql`${t.titleId} IS NOT NULL`),
    index("channel_items_person_idx").on(t.personId).where(sql`${t.personId} IS NOT NULL`),
    index("channel_items_episode_idx").on(t.episodeId).where(sql`${t.episodeId} IS NOT NULL`),
    index("channel_items_video_idx").on(t.videoId).where(sql`${t.videoId} IS NOT NULL`),
    index("channel_items_child_idx").on(t.childChannelId).where(sql`${t.childChannelId} IS NOT NULL`),
  ],
);
