import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { episodes, titles } from "~/catalogue/tables";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * A member's library (decision 023): ratings, watchlist, watched history, series
 * progress and the public profile's stored counts and privacy.
 *
 * Rows name titles and episodes by id and carry plain dates, so an export is
 * one ordered read per table and an import (Letterboxd, IMDb: matched to a
 * title id first) is an insert of the same shape.
 *
 * - `ratings`: one row per user and title (`episode_id` null) or per user and
 *   episode; 1-10 (five stars with halves). The site's average and count on
 *   `titles`/`episodes` are recomputed in the same batch as the row.
 * - `watchlist_items`: one row per user and title.
 * - `watch_history`: one row per viewing (rewatches are more rows); an
 *   episode's row names its series too.
 * - `series_progress`: per user and series, distinct episodes watched and the
 *   last viewing, kept in the batch that writes history (the /progress page
 *   and the series page read it, no per-view counting).
 * - `library_profiles`: per user, the profile's privacy and stored counts.
 */

export const ratings = sqliteTable(
  "ratings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    episodeId: integer("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    /** 1-10; shown as 0.5-5 stars. */
    rating: integer("rating").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The import (import_jobs) that added the row, so an undo removes exactly it (decision 027). */
    importId: integer("import_id"),
  },
  (t) => [
    check("ratings_rating_range", sql`${t.rating} BETWEEN 1 AND 10`),
    // One vote per user and title / per user and episode (SQLite treats NULLs as distinct, hence two).
    uniqueIndex("ratings_user_title_idx").on(t.userId, t.titleId).where(sql`${t.episodeId} IS NULL`),
    uniqueIndex("ratings_user_episode_idx").on(t.userId, t.episodeId).where(sql`${t.episodeId} IS NOT NULL`),
    // The aggregates (average and count of a title's or an episode's votes), covering.
    index("ratings_title_agg_idx").on(t.titleId, t.rating).where(sql`${t.episodeId} IS NULL`),
    index("ratings_episode_agg_idx").on(t.episodeId, t.rating).where(sql`${t.episodeId} IS NOT NULL`),
    // A member's ratings, newest first (profile, API, "for you").
    index("ratings_user_updated_idx").on(t.userId, t.updatedAt),
    index("ratings_import_idx").on(t.importId).where(sql`${t.importId} IS NOT NULL`),
  ],
);

export const watchlistItems = sqliteTable(
  "watchlist_items",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    importId: integer("import_id"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.titleId] }),
    // The watchlist in the order added (default sort).
    index("watchlist_items_user_added_idx").on(t.userId, t.createdAt),
    index("watchlist_items_import_idx").on(t.importId).where(sql`${t.importId} IS NOT NULL`),
    // The tracking alerts job: who watchlisted a title (migration 0065).
    index("watchlist_items_title_user_idx").on(t.titleId, t.userId),
  ],
);

export const watchHistory = sqliteTable(
  "watch_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The movie, or the series an episode belongs to. */
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    episodeId: integer("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    /** The day it was watched, "YYYY-MM-DD". */
    watchedOn: text("watched_on").notNull(),
    /** The moment, ISO 8601 UTC, when the source knows it (Trakt's watched_at); null: the day only. */
    watchedAt: text("watched_at"),
    createdAt: createdAt(),
    importId: integer("import_id"),
    /** Set by the owner on the diary (migration 0065, decision 034); null: a rewatch when an earlier viewing exists. */
    rewatch: integer("rewatch", { mode: "boolean" }),
  },
  (t) => [
    // /history (newest first) and the profile's recent viewings.
    index("watch_history_user_date_idx").on(t.userId, t.watchedOn, t.id),
    // The year in review, index-only (migration 0065).
    index("watch_history_user_date_title_idx").on(t.userId, t.watchedOn, t.titleId, t.episodeId),
    // "Watched?" for a title or episode, and a series' distinct episodes.
    index("watch_history_user_title_idx").on(t.userId, t.titleId, t.episodeId),
    index("watch_history_import_idx").on(t.importId).where(sql`${t.importId} IS NOT NULL`),
  ],
);

export const seriesProgress = sqliteTable(
  "series_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    /** Distinct episodes of the series this user has watched. */
    watchedEpisodes: integer("watched_episodes").notNull().default(0),
    /** The last day an episode was watched, "YYYY-MM-DD". */
    lastWatchedOn: text("last_watched_on"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.titleId] }),
    index("series_progress_user_recent_idx").on(t.userId, t.lastWatchedOn),
    // The tracking alerts job: who follows a series (migration 0065).
    index("series_progress_title_user_idx").on(t.titleId, t.userId),
  ],
);

export const libraryProfiles = sqliteTable("library_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** A private profile is refused (404) to everyone but its owner. */
  private: integer("private", { mode: "boolean" }).notNull().default(false),
  ratingsCount: integer("ratings_count").notNull().default(0),
  watchlistCount: integer("watchlist_count").notNull().default(0),
  /** Viewings (rewatches included). */
  watchedCount: integer("watched_count").notNull().default(0),
  /** Logging a title leaves it on the watchlist (off: logging takes it off; decision 030). */
  keepLoggedOnWatchlist: integer("keep_logged_on_watchlist", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * "For you" as last worked out for a member (decision 047): the best
 * suggestions (FOR_YOU_ITEMS, as JSON), the signature of what they came from
 * (the seeds, the newest viewing, the counts of ratings and viewings) and when. A page reads it beside
 * the seeds and uses it while the signature holds and it is younger than
 * FOR_YOU_CACHE_TTL_MS, instead of scoring the catalogue against every seed again.
 */
export const forYouSuggestions = sqliteTable("for_you_suggestions", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  signature: text("signature").notNull(),
  suggestions: text("suggestions").notNull(),
  seeds: integer("seeds").notNull(),
  computedAt: integer("computed_at").notNull(),
});
