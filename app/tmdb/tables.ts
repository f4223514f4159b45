import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { titles } from "~/catalogue/tables";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * Tables of the TMDB import (decision 019, migration 0021). The TMDB ids and
 * facts of titles and people are columns of the catalogue's own tables
 * (app/catalogue/tables.ts); here are where-to-watch and the bulk jobs.
 */

/** TMDB's watch-provider kinds (data from JustWatch): subscription, free, free with ads, rent, buy. */
export const WATCH_KINDS = ["flatrate", "free", "ads", "rent", "buy"] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

/** A streaming service or shop, keyed by TMDB's provider id. */
export const watchProviders = sqliteTable(
  "watch_providers",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    /** TMDB image path of the logo (served from TMDB_IMAGE_URL). */
    logoPath: text("logo_path"),
    displayPriority: integer("display_priority").notNull().default(0),
  },
  (t) => [
    // The browse "where to watch" list walks providers in display order (migration 0032).
    index("watch_providers_display_idx").on(t.displayPriority, t.name, t.id),
  ],
);

/** Where a title can be watched in one region (ISO 3166-1), replaced on every import of the title. */
export const titleWatchProviders = sqliteTable(
  "title_watch_providers",
  {
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    region: text("region").notNull(),
    kind: text("kind", { enum: WATCH_KINDS }).notNull(),
    providerId: integer("provider_id")
      .notNull()
      .references(() => watchProviders.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /** TMDB's watch page of the title in this region (it links on to the providers). */
    link: text("link"),
  },
  (t) => [
    primaryKey({ columns: [t.titleId, t.region, t.kind, t.providerId] }),
    check("title_watch_providers_kind_check", sql`${t.kind} IN ('flatrate', 'free', 'ads', 'rent', 'buy')`),
    // Browse by provider (a later filter) and provider clean-up.
    index("title_watch_providers_provider_idx").on(t.providerId, t.region),
  ],
);

export const IMPORT_JOB_STATUSES = ["queued", "running", "done", "cancelled", "failed"] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/**
 * A bulk import from TMDB's discover: one queue message per page; the row is
 * the job's whole state, so a restart resumes from `pages_done`.
 */
export const tmdbImportJobs = sqliteTable(
  "tmdb_import_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    mediaType: text("media_type", { enum: ["movie", "tv"] }).notNull(),
    /** The discover filters (DiscoverParams), as JSON. */
    params: text("params", { mode: "json" }).$type<Record<string, string | number>>().notNull().default({}),
    status: text("status", { enum: IMPORT_JOB_STATUSES }).notNull().default("queued"),
    maxPages: integer("max_pages").notNull(),
    /** Pages this job will import: min(max_pages, TMDB's total_pages), known after the first page. */
    totalPages: integer("total_pages"),
    pagesDone: integer("pages_done").notNull().default(0),
    totalItems: integer("total_items").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    lastError: text("last_error"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("tmdb_import_jobs_status_check", sql`${t.status} IN ('queued', 'running', 'done', 'cancelled', 'failed')`), index("tmdb_import_jobs_status_idx").on(t.status, t.updatedAt)],
);
