import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { titles } from "./tables";

/** Forgiving search's tables (migration 0055, decision 032). */

export const TITLE_ALIAS_KINDS = ["original", "alternative", "translation"] as const;
export type TitleAliasKind = (typeof TITLE_ALIAS_KINDS)[number];

/** Other names of a title: searchable (title_aliases_fts) and shown as "also known as". */
export const titleAliases = sqliteTable(
  "title_aliases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: TITLE_ALIAS_KINDS }).notNull().default("alternative"),
    /** ISO 3166-1 country of an alternative title, when known. */
    country: text("country"),
    /** ISO 639-1 language of a translated title, when known. */
    language: text("language"),
    /** The name folded as a title slug (slugify(name, "")): what imports match on (migration 0105). */
    nameKey: text("name_key"),
  },
  (t) => [
    uniqueIndex("title_aliases_title_name_idx").on(t.titleId, t.name),
    index("title_aliases_name_key_idx").on(t.nameKey).where(sql`${t.nameKey} IS NOT NULL`),
    check("title_aliases_kind_check", sql`${t.kind} IN ('original', 'alternative', 'translation')`),
  ],
);

/** The typo index: deletion variants of each vocabulary word's first letters (search-text.ts). */
export const searchTerms = sqliteTable(
  "search_terms",
  {
    variant: text("variant").notNull(),
    term: text("term").notNull(),
  },
  (t) => [primaryKey({ columns: [t.variant, t.term] })],
);

/** Names written since the typo index read them (filled by triggers, emptied by search-index.server.ts). */
export const searchVocabularyQueue = sqliteTable("search_vocabulary_queue", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
});
