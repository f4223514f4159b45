import { and, asc, between, eq, max } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { episodes, people, seasons, titles } from "~/catalogue/tables";
import { personPath, titlePath } from "~/http/slug";
import { listPath, maxListId, publicListsForSitemap } from "~/lists/lists.server";
import { listPagesForSitemap } from "~/pages/pages.server";
import { listPublicChannels } from "~/channels/channels.server";

/** The sitemap protocol allows at most 50,000 URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_KINDS = ["titles", "people", "seasons", "episodes"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapUrl {
  loc: string;
  lastmod?: Date | null;
}

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

function isoDate(date: Date | null | undefined) {
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : null;
}

export function urlsetXml(urls: SitemapUrl[]) {
  const body = urls
    .map((u) => {
      const lastmod = isoDate(u.lastmod);
      return `<url><loc>${escapeXml(u.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: string[]) {
  const body = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * The files of the sitemap index: one for the site's own pages, then one per
 * block of SITEMAP_MAX_URLS ids of titles, people, seasons and episodes. Paging by id range
 * keeps every file a cheap primary-key range scan and its URL stable as rows
 * are added; gaps in ids only make a file smaller, never larger than the limit.
 */
export async function sitemapFiles(db: Database, origin: string) {
  const maxIds = await Promise.all([
    db.select({ max: max(titles.id) }).from(titles),
    db.select({ max: max(people.id) }).from(people),
    db.select({ max: max(seasons.id) }).from(seasons),
    db.select({ max: max(episodes.id) }).from(episodes),
  ]);
  const files = [`${origin}/sitemaps/pages.xml`];
  SITEMAP_KINDS.forEach((kind, i) => {
    const blocks = Math.ceil((maxIds[i][0]?.max ?? 0) / SITEMAP_MAX_URLS);
    for (let n = 1; n <= blocks; n++) files.push(`${origin}/sitemaps/${kind}-${n}.xml`);
  });
  // Public lists (decision 023), by the same id blocks.
  const listBlocks = Math.ceil((await maxListId(db)) / SITEMAP_MAX_URLS);
  for (let n = 1; n <= listBlocks; n++) files.push(`${origin}/sitemaps/lists-${n}.xml`);
  return files;
}

/** Public lists of block `n` (1-based); private ones are left out, so a block may be empty. */
export async function listSitemapBlock(db: Database, origin: string, n: number): Promise<SitemapUrl[]> {
  const rows = await publicListsForSitemap(db, (n - 1) * SITEMAP_MAX_URLS + 1, n * SITEMAP_MAX_URLS);
  return rows.map((row) => ({ loc: origin + listPath(row), lastmod: row.updatedAt }));
}

/** URLs of block `n` (1-based) of titles, people, seasons or episodes, or null when the block is empty. */
export async function sitemapBlock(db: Database, origin: string, kind: SitemapKind, n: number): Promise<SitemapUrl[] | null> {
  const first = (n - 1) * SITEMAP_MAX_URLS + 1;
  const last = n * SITEMAP_MAX_URLS;
  if (kind === "seasons") {
    // Season pages of series only (a season row of a movie has no page).
    const rows = await db
      .select({ id: titles.id, slug: titles.slug, number: seasons.number, updatedAt: seasons.updatedAt })
      .from(seasons)
      .innerJoin(titles, and(eq(titles.id, seasons.titleId), eq(titles.type, "series")))
      .where(between(seasons.id, first, last))
      .orderBy(asc(seasons.id));
    if (rows.length === 0) return null;
    return rows.map((row) => ({ loc: `${origin}${titlePath(row)}/season/${row.number}`, lastmod: row.updatedAt }));
  }
  if (kind === "episodes") {
    const rows = await db
      .select({
        id: titles.id,
        slug: titles.slug,
        season: episodes.seasonNumber,
        episode: episodes.episodeNumber,
        updatedAt: episodes.updatedAt,
      })
      .from(episodes)
      .innerJoin(titles, and(eq(titles.id, episodes.titleId), eq(titles.type, "series")))
      .where(between(episodes.id, first, last))
      .orderBy(asc(episodes.id));
    if (rows.length === 0) return null;
    return rows.map((row) => ({
      loc: `${origin}${titlePath(row)}/season/${row.season}/episode/${row.episode}`,
      lastmod: row.updatedAt,
    }));
  }
  const table = kind === "titles" ? titles : people;
  const rows = await db
    .select({ id: table.id, slug: table.slug, updatedAt: table.updatedAt })
    .from(table)
    .where(and(between(table.id, first, last)))
    .orderBy(asc(table.id));
  if (rows.length === 0) return null;
  const path = kind === "titles" ? titlePath : personPath;
  return rows.map((row) => ({ loc: origin + path(row), lastmod: row.updatedAt }));
}

/** Home, browse pages and the visible custom pages. */
export async function sitePagesUrls(db: Database, origin: string): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [{ loc: `${origin}/` }, { loc: `${origin}/titles` }, { loc: `${origin}/titles?type=movie` }, { loc: `${origin}/titles?type=series` }, { loc: `${origin}/people` }];
  // Public channels (decision 022): a few hundred at most, one statement.
  for (const channel of await listPublicChannels(db)) urls.push({ loc: `${origin}/channel/${channel.slug}`, lastmod: channel.updatedAt });
  let after = 0;
  for (;;) {
    const pages = await listPagesForSitemap(db, after, 1000);
    for (const page of pages) urls.push({ loc: `${origin}/pages/${page.slug}`, lastmod: page.updatedAt });
    if (pages.length < 1000) break;
    after = pages[pages.length - 1].id;
  }
  return urls;
}
