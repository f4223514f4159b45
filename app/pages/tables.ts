import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * Custom content pages (privacy policy, terms, about, ...), served at
 * /pages/{slug} and /pages/{id}/{slug}. The body is HTML, sanitised when
 * written and again when rendered.
 */
export const customPages = sqliteTable(
  "custom_pages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** Custom page type defaults to 'default'. */
    type: text("type").notNull().default("default"),
    /** Hidden pages are not listed in the sitemap and answer 404 to the public. */
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin pages list: recently edited first (its default), or by title.
  (t) => [index("custom_pages_updated_at_idx").on(t.updatedAt), index("custom_pages_title_idx").on(t.title)],
);
export type CustomPage = typeof customPages.$inferSelect;
