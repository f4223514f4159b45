import { desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { titles } from "./schema";

/**
 * The landing page's trending grid: highest trending score first (the score
 * the trending job computes from recent views and plays); on a fresh site
 * where nothing has been viewed yet, popularity decides.
 */
export function listTrendingTitles(db: Database, limit: number) {
  return db
    .select({
      id: titles.id,
      slug: titles.slug,
      name: titles.name,
      type: titles.type,
      year: titles.year,
      backdrop: titles.backdrop,
      poster: titles.poster,
      externalRating: titles.externalRating,
      rating: titles.rating,
      generatedFields: titles.generatedFields,
    })
    .from(titles)
    .orderBy(desc(titles.trendingScore), desc(titles.popularity))
    .limit(limit);
}
export type TrendingTitle = Awaited<ReturnType<typeof listTrendingTitles>>[number];
