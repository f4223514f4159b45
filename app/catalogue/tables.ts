import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * The catalogue: titles (movies and series), their seasons and episodes,
 * people and their credits, genres, keywords, videos and images, and the
 * per-viewer-per-day view and play records behind trending.
 *
 * Conventions (see docs/decisions/005-catalogue-model.md):
 * - dates are ISO text ("2001-09-14"), `year` is kept beside `release_date`
 *   so browse can filter and index it without date functions;
 * - ratings are on a 0-10 scale; `rating`/`vote_count` are this site's own,
 *   `external_rating`/`external_votes` come from IMDb;
 * - image columns (`poster`, `backdrop`, `profile`, `still`) hold a URL
 *   (site-relative like "/artwork/poster/12.svg" or absolute);
 * - `generated_fields` lists the fields whose content was generated for the
 *   demo catalogue (not facts); pages label them ("Generated for this demo
 *   catalogue"). A person with "name" in it is wholly invented.
 * - full-text search lives in the FTS5 tables `titles_fts` and `people_fts`
 *   (hand-written migration, kept in sync by triggers; not modelled here).
 */

export const TITLE_TYPES = ["movie", "series"] as const;
export type TitleType = (typeof TITLE_TYPES)[number];

export const CREDIT_KINDS = ["cast", "crew"] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const VIDEO_CATEGORIES = ["trailer", "teaser", "clip", "featurette", "full", "episode"] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

/** r2: `src` is an R2 key under catalogue/; external: `src` is a file URL; youtube/vimeo: `src` is the video id. */
export const VIDEO_SOURCES = ["r2", "external", "youtube", "vimeo"] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];

export const IMAGE_TYPES = ["poster", "backdrop", "still", "profile"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const GENDERS = ["female", "male", "nonbinary", "unknown"] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * The FTS rowid of titles and people: popularity (0.01 steps, highest first)
 * then id, packed in one integer. Full-text matches then come out of FTS5 in
 * popularity order, so "the 10 most popular matches" stops after 10 rows
 * instead of ranking every match (decision 005). Computed by SQLite, never
 * written by the application.
 */
const searchKey = () => integer("search_key").generatedAlwaysAs(sql`(1000000 - min(max(CAST(popularity * 100 AS INTEGER), 0), 999999)) * 4294967296 + id`, { mode: "virtual" });

const generatedFields = () => text("generated_fields", { mode: "json" }).$type<string[]>().notNull().default([]);

export const titles = sqliteTable(
  "titles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", { enum: TITLE_TYPES }).notNull(),
    name: text("name").notNull(),
    originalName: text("original_name"),
    /** URL slug made from the name by `slugify` (app/http/slug.ts). */
    slug: text("slug").notNull(),
    /** First release (movies) or first air date (series), "YYYY-MM-DD". */
    releaseDate: text("release_date"),
    year: integer("year"),
    /** Last year a series aired; null while running or for movies. */
    endYear: integer("end_year"),
    /** Minutes (series: a typical episode). */
    runtime: integer("runtime"),
    tagline: text("tagline"),
    plot: text("plot"),
    /** Age certification, e.g. "PG-13", "R", "TV-MA". */
    certification: text("certification"),
    /** Original language, ISO 639-1. */
    language: text("language"),
    /** ISO 3166-1 alpha-2 codes. */
    countries: text("countries", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** US dollars. */
    budget: integer("budget"),
    revenue: integer("revenue"),
    popularity: real("popularity").notNull().default(0),
    /** This site's own average rating (0-10) and number of votes. */
    rating: real("rating"),
    voteCount: integer("vote_count").notNull().default(0),
    /** IMDb rating (0-10) and votes. */
    externalRating: real("external_rating"),
    externalVotes: integer("external_votes"),
    /** Rotten Tomatoes critics score, percent. */
    rottenTomatoes: integer("rotten_tomatoes"),
    poster: text("poster"),
    backdrop: text("backdrop"),
    seasonCount: integer("season_count").notNull().default(0),
    episodeCount: integer("episode_count").notNull().default(0),
    /** Page views and video plays, each counted once per viewer and day. */
    views: integer("views").notNull().default(0),
    plays: integer("plays").notNull().default(0),
    /** Recalculated by the trending job from the last days' views and plays. */
    trendingScore: real("trending_score").notNull().default(0),
    generatedFields: generatedFields(),
    /** Search order key (popularity first, then id); the FTS rowid. See `searchKey`. */
    searchKey: searchKey(),
    // TMDB import (app/tmdb, decision 019): ids, TMDB's own vote average/count, and when it was last synced.
    tmdbId: integer("tmdb_id"),
    imdbId: text("imdb_id"),
    tmdbRating: real("tmdb_rating"),
    tmdbVotes: integer("tmdb_votes"),
    /** The official homepage. */
    homepage: text("homepage"),
    /** TMDB status: "Released", "Returning Series", "Ended", ... */
    status: text("status"),
    tmdbSyncedAt: integer("tmdb_synced_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("titles_type_check", sql`${t.type} IN ('movie', 'series')`),
    // TMDB import: one title per TMDB id and type (NULLs are distinct); the scheduled refresh's oldest first.
    uniqueIndex("titles_type_tmdb_id_idx").on(t.type, t.tmdbId),
    index("titles_tmdb_synced_idx").on(t.tmdbSyncedAt).where(sql`${t.tmdbId} IS NOT NULL`),
    uniqueIndex("titles_search_key_idx").on(t.searchKey),
    // Search: exact name matches rank first.
    index("titles_name_lower_idx").on(sql`lower(${t.name})`),
    // Imports (decision 027): the folded name (the slug), IMDb ids and original names.
    index("titles_slug_idx").on(t.slug),
    index("titles_imdb_id_idx").on(t.imdbId).where(sql`${t.imdbId} IS NOT NULL`),
    index("titles_original_name_lower_idx").on(sql`lower(${t.originalName})`).where(sql`${t.originalName} IS NOT NULL`),
    // Browse: every sort, with and without the type filter.
    index("titles_popularity_idx").on(t.popularity),
    index("titles_type_popularity_idx").on(t.type, t.popularity),
    index("titles_external_rating_idx").on(t.externalRating),
    index("titles_type_external_rating_idx").on(t.type, t.externalRating),
    index("titles_rating_idx").on(t.rating),
    index("titles_release_date_idx").on(t.releaseDate),
    index("titles_type_release_date_idx").on(t.type, t.releaseDate),
    index("titles_name_idx").on(t.name),
    index("titles_type_name_idx").on(t.type, t.name),
    // Browse filters that narrow a lot.
    index("titles_year_idx").on(t.year, t.popularity),
    index("titles_certification_idx").on(t.certification, t.popularity),
    // Home trending grid.
    index("titles_trending_idx").on(t.trendingScore),
    // Browse with filters: one index per sort holding every filter column (see titleQueryParts).
    // Migration 0022 (decision 020): runtime and language added; ascending sorts on a column
    // that can be NULL walk a "NULL last" index, so such titles come last in both directions.
    index("titles_browse_popularity_idx").on(t.popularity, t.type, t.year, t.externalRating, t.certification, t.runtime, t.language, t.tmdbRating),
    index("titles_browse_rating_idx").on(t.externalRating, t.type, t.year, t.certification, t.runtime, t.language, t.tmdbRating),
    index("titles_browse_release_date_idx").on(t.releaseDate, t.type, t.year, t.externalRating, t.certification, t.runtime, t.language, t.tmdbRating),
    index("titles_browse_name_idx").on(t.name, t.type, t.year, t.externalRating, t.certification, t.runtime, t.language, t.tmdbRating),
    index("titles_browse_tmdb_rating_idx").on(t.tmdbRating, t.type, t.year, t.externalRating, t.certification, t.runtime, t.language),
    index("titles_browse_rating_nulls_last_idx").on(sql`(${t.externalRating} IS NULL)`, t.externalRating, t.type, t.year, t.certification, t.runtime, t.language, t.tmdbRating),
    index("titles_browse_tmdb_rating_nulls_last_idx").on(sql`(${t.tmdbRating} IS NULL)`, t.tmdbRating, t.type, t.year, t.externalRating, t.certification, t.runtime, t.language),
    index("titles_browse_release_date_nulls_last_idx").on(sql`(${t.releaseDate} IS NULL)`, t.releaseDate, t.type, t.year, t.externalRating, t.certification, t.runtime, t.language, t.tmdbRating),
    // Admin titles list: newest and recently edited first.
    index("titles_created_at_idx").on(t.createdAt),
    index("titles_updated_at_idx").on(t.updatedAt),
  ],
);

export const seasons = sqliteTable(
  "seasons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    name: text("name").notNull(),
    plot: text("plot"),
    airDate: text("air_date"),
    poster: text("poster"),
    episodeCount: integer("episode_count").notNull().default(0),
    generatedFields: generatedFields(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("seasons_title_number_idx").on(t.titleId, t.number)],
);

export const episodes = sqliteTable(
  "episodes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    seasonNumber: integer("season_number").notNull(),
    episodeNumber: integer("episode_number").notNull(),
    name: text("name").notNull(),
    plot: text("plot"),
    airDate: text("air_date"),
    runtime: integer("runtime"),
    /** A 16:9 still image URL. */
    still: text("still"),
    rating: real("rating"),
    voteCount: integer("vote_count").notNull().default(0),
    generatedFields: generatedFields(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("episodes_title_season_episode_idx").on(t.titleId, t.seasonNumber, t.episodeNumber),
    index("episodes_season_idx").on(t.seasonId, t.episodeNumber),
    // "Airing this week" channels (migration 0031, decision 022): a range seek on air date.
    index("episodes_air_date_idx").on(t.airDate),
  ],
);

export const people = sqliteTable(
  "people",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    biography: text("biography"),
    birthDate: text("birth_date"),
    deathDate: text("death_date"),
    birthPlace: text("birth_place"),
    gender: text("gender", { enum: GENDERS }).notNull().default("unknown"),
    /** Department the person is best known for: "Acting", "Directing", "Writing", ... */
    knownFor: text("known_for"),
    popularity: real("popularity").notNull().default(0),
    /** A 2:3 profile image URL. */
    profile: text("profile"),
    views: integer("views").notNull().default(0),
    generatedFields: generatedFields(),
    /** Search order key, the FTS rowid (see `searchKey`). */
    searchKey: searchKey(),
    // TMDB import (app/tmdb, decision 019).
    tmdbId: integer("tmdb_id"),
    imdbId: text("imdb_id"),
    homepage: text("homepage"),
    tmdbSyncedAt: integer("tmdb_synced_at", { mode: "timestamp" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("people_tmdb_id_idx").on(t.tmdbId),
    index("people_popularity_idx").on(t.popularity),
    index("people_name_idx").on(t.name),
    uniqueIndex("people_search_key_idx").on(t.searchKey),
    index("people_name_lower_idx").on(sql`lower(${t.name})`),
    // Admin people list: its other sorts and its filters.
    index("people_created_at_idx").on(t.createdAt),
    index("people_updated_at_idx").on(t.updatedAt),
    index("people_gender_idx").on(t.gender, t.popularity),
    index("people_known_for_idx").on(t.knownFor, t.popularity),
    // Browse (/people, migration 0022): one index per sort holding the filter columns.
    index("people_browse_popularity_idx").on(t.popularity, t.knownFor, t.gender),
    index("people_browse_name_idx").on(t.name, t.knownFor, t.gender),
  ],
);

/**
 * A person's part in a title (or in one episode of a series, then `episode_id`
 * is set and `title_id` is the series). Cast rows have `character` and
 * `position` (billing order); crew rows have `department` and `job`.
 */
export const credits = sqliteTable(
  "credits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    episodeId: integer("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CREDIT_KINDS }).notNull(),
    character: text("character"),
    /** Billing order among the cast, 0 first; crew rows order within their department. */
    position: integer("position").notNull().default(0),
    /** "Acting" for cast; "Directing", "Writing", "Production", "Sound", "Camera", ... for crew. */
    department: text("department").notNull(),
    /** "Actor" for cast; "Director", "Screenplay", "Producer", ... for crew. */
    job: text("job").notNull(),
    /** The credit itself was generated for the demo catalogue (not a fact). */
    generated: integer("generated", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    check("credits_kind_check", sql`${t.kind} IN ('cast', 'crew')`),
    // Title page: top cast / crew in order; episode_id IS NULL picks title-level credits.
    index("credits_title_idx").on(t.titleId, t.kind, t.episodeId, t.position),
    // Person page: filmography.
    index("credits_person_idx").on(t.personId, t.titleId),
    index("credits_episode_idx").on(t.episodeId, t.kind, t.position).where(sql`${t.episodeId} IS NOT NULL`),
  ],
);

export const genres = sqliteTable("genres", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  /** Titles linked to the genre, kept by triggers on title_genres (migration 0080). */
  titlesCount: integer("titles_count").notNull().default(0),
});

export const titleGenres = sqliteTable(
  "title_genres",
  {
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    genreId: integer("genre_id")
      .notNull()
      .references(() => genres.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.genreId] }), index("title_genres_genre_idx").on(t.genreId, t.titleId)],
);

export const keywords = sqliteTable("keywords", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
});

export const titleKeywords = sqliteTable(
  "title_keywords",
  {
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    keywordId: integer("keyword_id")
      .notNull()
      .references(() => keywords.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.keywordId] }), index("title_keywords_keyword_idx").on(t.keywordId, t.titleId)],
);

export const videos = sqliteTable(
  "videos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    episodeId: integer("episode_id").references(() => episodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    category: text("category", { enum: VIDEO_CATEGORIES }).notNull(),
    source: text("source", { enum: VIDEO_SOURCES }).notNull(),
    /** R2 key (source r2, served by /media/...), file URL (external), or YouTube/Vimeo video id. */
    src: text("src").notNull(),
    /** MIME type of file sources, e.g. "video/mp4". */
    mime: text("mime"),
    /** "2160p", "1080p", "720p", "480p", "sd". */
    quality: text("quality"),
    /** ISO 639-1. */
    language: text("language"),
    /** Seconds. */
    duration: integer("duration"),
    /** A 16:9 thumbnail URL. */
    thumbnail: text("thumbnail"),
    position: integer("position").notNull().default(0),
    /** Plays, counted once per viewer and day. */
    plays: integer("plays").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("videos_source_check", sql`${t.source} IN ('r2', 'external', 'youtube', 'vimeo')`),
    index("videos_title_idx").on(t.titleId, t.position),
    index("videos_episode_idx").on(t.episodeId).where(sql`${t.episodeId} IS NOT NULL`),
    // Admin videos list: its sorts and filters.
    index("videos_name_idx").on(t.name),
    index("videos_plays_idx").on(t.plays),
    index("videos_category_idx").on(t.category),
    index("videos_source_idx").on(t.source),
  ],
);

export const images = sqliteTable(
  "images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    titleId: integer("title_id").references(() => titles.id, { onDelete: "cascade" }),
    personId: integer("person_id").references(() => people.id, { onDelete: "cascade" }),
    type: text("type", { enum: IMAGE_TYPES }).notNull(),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    /** The TMDB file path ("/abc.jpg") of an imported image; `url` is it at this place's size (decision 019). */
    tmdbPath: text("tmdb_path"),
  },
  (t) => [
    check("images_owner_check", sql`${t.titleId} IS NOT NULL OR ${t.personId} IS NOT NULL`),
    index("images_title_idx").on(t.titleId, t.type, t.position).where(sql`${t.titleId} IS NOT NULL`),
    index("images_person_idx").on(t.personId, t.position).where(sql`${t.personId} IS NOT NULL`),
  ],
);

/**
 * One row per title, viewer and day: a page view counts once per viewer per
 * day. `day` is days since the Unix epoch (UTC). Old rows are pruned by the
 * trending job; the running totals live in titles.views.
 */
export const titleViews = sqliteTable(
  "title_views",
  {
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: integer("day").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.titleId, t.viewerKey, t.day] }),
    index("title_views_day_idx").on(t.day, t.titleId),
    // A signed-in user's rows ("u:<id>"), for their data export and account deletion.
    index("title_views_user_idx").on(t.viewerKey).where(sql`${t.viewerKey} GLOB 'u:*'`),
  ],
);

/** One row per video, viewer and day (see title_views). */
export const videoPlays = sqliteTable(
  "video_plays",
  {
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: integer("day").notNull(),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.viewerKey, t.day] }),
    index("video_plays_day_idx").on(t.day, t.titleId),
    index("video_plays_user_idx").on(t.viewerKey).where(sql`${t.viewerKey} GLOB 'u:*'`),
  ],
);
