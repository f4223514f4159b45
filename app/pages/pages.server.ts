import { and, asc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { customPages, type CustomPage } from "./tables";
import { sanitizeHtml } from "./sanitize-html.server";

/** What an administrator (or the seed) submits for a custom page. */
export const customPageInput = z.object({
  title: z.string().trim().min(1).max(250),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, numbers and hyphens."),
  body: z.string().max(200_000),
  seoTitle: z.string().trim().max(250).nullish(),
  seoDescription: z.string().trim().max(500).nullish(),
  type: z.string().trim().max(40).default("default"),
  hidden: z.boolean().default(false),
});
export type CustomPageInput = z.input<typeof customPageInput>;

export type PublicPage = Pick<CustomPage, "id" | "slug" | "title" | "body" | "seoTitle" | "seoDescription" | "type" | "updatedAt">;

const publicColumns = {
  id: customPages.id,
  slug: customPages.slug,
  title: customPages.title,
  body: customPages.body,
  seoTitle: customPages.seoTitle,
  seoDescription: customPages.seoDescription,
  type: customPages.type,
  updatedAt: customPages.updatedAt,
};

/** A visible page by slug, its body sanitised again for rendering. */
export async function findPageBySlug(db: Database, slug: string): Promise<PublicPage | null> {
  const [row] = await db
    .select(publicColumns)
    .from(customPages)
    .where(and(eq(customPages.slug, slug), eq(customPages.hidden, false)))
    .limit(1);
  return row ? { ...row, body: sanitizeHtml(row.body) } : null;
}

/** A visible page by id, its body sanitised again for rendering. */
export async function findPageById(db: Database, id: number): Promise<PublicPage | null> {
  const [row] = await db
    .select(publicColumns)
    .from(customPages)
    .where(and(eq(customPages.id, id), eq(customPages.hidden, false)))
    .limit(1);
  return row ? { ...row, body: sanitizeHtml(row.body) } : null;
}

/**
 * Creates the page, or updates the one with the same slug. The body is
 * sanitised before it is stored.
 */
export async function upsertPage(db: Database, input: CustomPageInput) {
  const parsed = customPageInput.safeParse(input);
  if (!parsed.success) return { ok: false as const, errors: z.flattenError(parsed.error).fieldErrors };
  const values = { ...parsed.data, body: sanitizeHtml(parsed.data.body) };
  const [row] = await db
    .insert(customPages)
    .values(values)
    .onConflictDoUpdate({ target: customPages.slug, set: { ...values, updatedAt: new Date() } })
    .returning({ id: customPages.id, slug: customPages.slug });
  return { ok: true as const, page: row };
}

/** Visible pages after `afterId`, by id, for the sitemap. */
export function listPagesForSitemap(db: Database, afterId: number, limit: number) {
  return db
    .select({ id: customPages.id, slug: customPages.slug, updatedAt: customPages.updatedAt })
    .from(customPages)
    .where(and(eq(customPages.hidden, false), gt(customPages.id, afterId)))
    .orderBy(asc(customPages.id))
    .limit(limit);
}
