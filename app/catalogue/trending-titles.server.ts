import { desc, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { titles } from "./tables";

const columns = {
  id: titles.id,
  slug: titles.slug,
  name: titles.name,
  type: titles.type,
  year: titles.year,
  backdrop: titles.backdrop,
  poster: titles.poster,
  externalRating: titles.externalRating,
  tmdbRating: titles.tmdbRating,
  rating: titles.rating,
  voteCount: titles.voteCount,
  generatedFields: titles.generatedFields,
};

/**
 * The landing page's trending grid: highest trending score first (the score
 * the trending job computes from recent views and plays), topped up with the
 * most popular titles when fewer than `limit` have been viewed lately (a
 * fresh site has none). Two index walks in one batch: ordering by score and
 * then popularity in a single statement would sort the whole catalogue
 * whenever scores tie, as they all do at zero.
 */
export async function listTrendingTitles(db: Database, limit: number) {
  const [trending, popular] = await db.batch([
    db.select(columns).from(titles).where(gt(titles.trendingScore, 0)).orderBy(desc(titles.trendingScore)).limit(limit),
    db
      .select(columns)
      .from(titles)
      .orderBy(desc(titles.popularity))
      .limit(limit * 2),
  ]);
  const seen = new Set(trending.map((t) => t.id));
  return [...trending, ...popular.filter((t) => !seen.has(t.id))].slice(0, limit);
}
