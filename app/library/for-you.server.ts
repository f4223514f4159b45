import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import {
  FOR_YOU_CACHE_TTL_MS,
  FOR_YOU_ITEMS,
  FOR_YOU_MIN_QUALITY,
  FOR_YOU_MIN_SEED_RATING,
  FOR_YOU_PER_SEED,
  FOR_YOU_PRIOR_MEAN,
  FOR_YOU_PRIOR_VOTES_IMDB,
  FOR_YOU_PRIOR_VOTES_SITE,
  FOR_YOU_PRIOR_VOTES_TMDB,
  FOR_YOU_SEED_WEIGHTS,
  FOR_YOU_SEEDS,
} from "~/constants";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/log/log.server";
import type { ForYouReason } from "./rules";
import { forYouSuggestions, libraryProfiles, ratings, watchHistory, watchlistItems } from "./tables";

/**
 * "For you": titles like the ones a member rated highly, watched or put on
 * the watchlist, from the catalogue itself (no external service). A title
 * scores for what it shares with a seed: genres 1 point each, keywords 2,
 * key people (top-billed cast, directors, writers) 3; suggestions leave out
 * anything the member watched or rated. Each suggestion is explained by the
 * seed that gave it the most ("Because you rated Heat 9/10").
 *
 * Likeness is weighed by quality, a vote-weighted rating (IMDb's, else
 * TMDB's, else the site's own; `qualityOf`): suggestions rank by likeness x
 * quality, and a title below FOR_YOU_MIN_QUALITY comes after all the others,
 * so a weak film never leads because it shares a keyword. Ties go to the
 * better rated, then the more popular, then the id: never the alphabet
 * (decision 042).
 *
 * Two D1 round trips: the seeds (three small indexed reads of the member's
 * rows), then one statement per seed in one batch, each bounded: candidates
 * come from the seed's keywords and people (indexed) and the 60 most popular
 * titles of its genres. Those statements are most of a member's home page
 * (decision 047), so the result is kept (`for_you_suggestions`): the first
 * trip also reads the kept copy and the member's stored counts of ratings
 * and viewings, and the copy answers (one round trip in all) while they, the
 * newest viewing and the seeds are what it came from and it is younger than
 * FOR_YOU_CACHE_TTL_MS; otherwise the seeds are scored and the copy written.
 */

interface Seed {
  titleId: number;
  name: string;
  reason: ForYouReason;
}

export interface Suggestion {
  id: number;
  type: "movie" | "series";
  name: string;
  slug: string;
  year: number | null;
  poster: string | null;
  rating: number | null;
  voteCount: number;
  externalRating: number | null;
  score: number;
  /** The vote-weighted rating the score is weighed by (0-10). */
  quality: number;
  popularity: number;
  reason: ForYouReason;
}

/**
 * The vote-weighted rating of a title as SQL (columns of `t`): IMDb's rating
 * where the title has one, else TMDB's, else the site's members'; no rating
 * at all is the prior mean. Missing vote counts count as none.
 */
const qualityOf = sql.raw(`(CASE
  WHEN t.external_rating IS NOT NULL THEN (coalesce(t.external_votes, 0) * t.external_rating + ${FOR_YOU_PRIOR_VOTES_IMDB} * ${FOR_YOU_PRIOR_MEAN}.0) / (coalesce(t.external_votes, 0) + ${FOR_YOU_PRIOR_VOTES_IMDB})
  WHEN t.tmdb_rating IS NOT NULL THEN (coalesce(t.tmdb_votes, 0) * t.tmdb_rating + ${FOR_YOU_PRIOR_VOTES_TMDB} * ${FOR_YOU_PRIOR_MEAN}.0) / (coalesce(t.tmdb_votes, 0) + ${FOR_YOU_PRIOR_VOTES_TMDB})
  WHEN t.vote_count > 0 AND t.rating IS NOT NULL THEN (t.vote_count * t.rating + ${FOR_YOU_PRIOR_VOTES_SITE} * ${FOR_YOU_PRIOR_MEAN}.0) / (t.vote_count + ${FOR_YOU_PRIOR_VOTES_SITE})
  ELSE ${FOR_YOU_PRIOR_MEAN}.0 END)`);

/** Best first: above the minimum quality before below it, then likeness x quality, quality, popularity, id. */
export function compareSuggestions(a: Pick<Suggestion, "score" | "quality" | "popularity" | "id">, b: Pick<Suggestion, "score" | "quality" | "popularity" | "id">) {
  const tier = (s: { quality: number }) => (s.quality >= FOR_YOU_MIN_QUALITY ? 0 : 1);
  return tier(a) - tier(b) || b.score * b.quality - a.score * a.quality || b.quality - a.quality || b.popularity - a.popularity || a.id - b.id;
}

async function loadSeeds(db: Database, userId: number) {
  const seedColumns = { title_id: titles.id, name: titles.name };
  const [rated, watched, listed, [counts], [kept]] = await db.batch([
    db
      .select({ ...seedColumns, rating: ratings.rating })
      .from(ratings)
      .innerJoin(titles, eq(titles.id, ratings.titleId))
      .where(and(eq(ratings.userId, userId), isNull(ratings.episodeId), gte(ratings.rating, FOR_YOU_MIN_SEED_RATING)))
      .orderBy(desc(ratings.updatedAt))
      .limit(50),
    db
      // Aliased: D1 names both ids "id", and the second would overwrite the title's.
      .select({ ...seedColumns, viewing: sql<number>`${watchHistory.id}`.as("viewing") })
      .from(watchHistory)
      .innerJoin(titles, eq(titles.id, watchHistory.titleId))
      .where(eq(watchHistory.userId, userId))
      .orderBy(desc(watchHistory.watchedOn), desc(watchHistory.id))
      .limit(50),
    db
      .select(seedColumns)
      .from(watchlistItems)
      .innerJoin(titles, eq(titles.id, watchlistItems.titleId))
      .where(eq(watchlistItems.userId, userId))
      .orderBy(desc(watchlistItems.createdAt))
      .limit(FOR_YOU_SEEDS),
    // The stored counts (decision 023): a viewing or rating added or removed changes what is left out even when
    // the seeds stay the same. (A changed rating that matters changes the seeds.)
    db.select({ ratings: libraryProfiles.ratingsCount, watched: libraryProfiles.watchedCount }).from(libraryProfiles).where(eq(libraryProfiles.userId, userId)),
    db.select().from(forYouSuggestions).where(eq(forYouSuggestions.userId, userId)).limit(1),
  ]);
  const seeds = new Map<number, Seed>();
  // Best-rated first (then most recent), then recent viewings, then the watchlist.
  for (const row of [...rated].sort((a, b) => b.rating - a.rating)) {
    if (!seeds.has(row.title_id)) seeds.set(row.title_id, { titleId: row.title_id, name: row.name, reason: { kind: "rated", name: row.name, rating: row.rating } });
  }
  for (const row of watched) {
    if (!seeds.has(row.title_id)) seeds.set(row.title_id, { titleId: row.title_id, name: row.name, reason: { kind: "watched", name: row.name } });
  }
  for (const row of listed) {
    if (!seeds.has(row.title_id)) seeds.set(row.title_id, { titleId: row.title_id, name: row.name, reason: { kind: "watchlist", name: row.name } });
  }
  const chosen = [...seeds.values()].slice(0, FOR_YOU_SEEDS);
  // What the suggestions come from: the seeds, the newest viewing and the counts.
  const signature = JSON.stringify([
    watched[0]?.viewing ?? null,
    counts?.ratings ?? 0,
    counts?.watched ?? 0,
    chosen.map((seed) => [seed.titleId, seed.reason.kind, seed.reason.kind === "rated" ? seed.reason.rating : null]),
  ]);
  return { seeds: chosen, signature, kept: kept ?? null };
}

function suggestionsFor(db: Database, userId: number, seed: number) {
  const q = (column: string) => sql.raw(`q.${column}`);
  return db
    .select({
      id: sql<number>`${q("id")}`.as("id"),
      type: sql<"movie" | "series">`${q("type")}`.as("type"),
      name: sql<string>`${q("name")}`.as("name"),
      slug: sql<string>`${q("slug")}`.as("slug"),
      year: sql<number | null>`${q("year")}`.as("year"),
      poster: sql<string | null>`${q("poster")}`.as("poster"),
      rating: sql<number | null>`${q("rating")}`.as("rating"),
      voteCount: sql<number>`${q("vote_count")}`.as("vote_count"),
      external_rating: sql<number | null>`${q("external_rating")}`.as("external_rating"),
      score: sql<number>`${q("score")}`.as("score"),
      quality: sql<number>`${q("quality")}`.as("quality"),
      popularity: sql<number>`${q("popularity")}`.as("popularity"),
    })
    .from(sql`(
    WITH seed_genres AS (SELECT genre_id FROM title_genres WHERE title_id = ${seed}),
         seed_keywords AS (SELECT keyword_id FROM title_keywords WHERE title_id = ${seed}),
         seed_people AS (SELECT person_id FROM credits WHERE title_id = ${seed} AND episode_id IS NULL
                           AND ((kind = 'cast' AND position < 5) OR job IN ('Director', 'Screenplay', 'Writer', 'Creator'))),
         candidates AS (
           SELECT title_id AS id FROM title_keywords WHERE keyword_id IN (SELECT keyword_id FROM seed_keywords)
           UNION SELECT title_id FROM credits WHERE person_id IN (SELECT person_id FROM seed_people)
           UNION SELECT id FROM (SELECT t.id FROM titles t WHERE EXISTS (SELECT 1 FROM title_genres g WHERE g.title_id = t.id AND g.genre_id IN (SELECT genre_id FROM seed_genres))
                                 ORDER BY t.popularity DESC LIMIT 60)),
         -- Scored once: ORDER BY would evaluate the score's three correlated counts again for every candidate.
         scored AS MATERIALIZED (
           SELECT t.id, t.type, t.name, t.slug, t.year, t.poster, t.rating, t.vote_count, t.external_rating, t.popularity, ${qualityOf} AS quality,
             (SELECT count(*) FROM title_genres g WHERE g.title_id = t.id AND g.genre_id IN (SELECT genre_id FROM seed_genres))
             + 2 * (SELECT count(*) FROM title_keywords k WHERE k.title_id = t.id AND k.keyword_id IN (SELECT keyword_id FROM seed_keywords))
             + 3 * (SELECT count(DISTINCT c.person_id) FROM credits c WHERE c.title_id = t.id AND c.person_id IN (SELECT person_id FROM seed_people)) AS score
           FROM titles t
           WHERE t.id IN (SELECT id FROM candidates) AND t.id <> ${seed}
             AND NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${userId} AND h.title_id = t.id)
             AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.user_id = ${userId} AND r.title_id = t.id AND r.episode_id IS NULL))
    SELECT * FROM scored
    ORDER BY score > 0 DESC, quality >= ${FOR_YOU_MIN_QUALITY} DESC, score * quality DESC, quality DESC, popularity DESC, id
    LIMIT ${FOR_YOU_PER_SEED}) AS q`);
}

/** Suggestions for a member, best first; empty until they rate, watch or list something. */
export async function forYou(db: Database, userId: number, limit = FOR_YOU_ITEMS, now = Date.now()): Promise<{ suggestions: Suggestion[]; seeds: number }> {
  const { seeds, signature, kept } = await loadSeeds(db, userId);
  if (seeds.length === 0) return { suggestions: [], seeds: 0 };
  if (kept && kept.signature === signature && now - kept.computedAt < FOR_YOU_CACHE_TTL_MS && limit <= FOR_YOU_ITEMS) {
    return { suggestions: (JSON.parse(kept.suggestions) as Suggestion[]).slice(0, limit), seeds: kept.seeds };
  }
  const suggestions = await scoreSeeds(db, userId, seeds);
  // Kept for the next page (a miss costs this one write); two pages of the member racing write the same answer.
  // A failed write only means the next page scores again: the page still shows what was scored.
  const row = { signature, suggestions: JSON.stringify(suggestions.slice(0, FOR_YOU_ITEMS)), seeds: seeds.length, computedAt: now };
  await db
    .insert(forYouSuggestions)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: forYouSuggestions.userId, set: row })
    .catch((error: unknown) => log("warn", "for you: keeping the suggestions failed", { userId, ...errorFields(error) }));
  return { suggestions: suggestions.slice(0, limit), seeds: seeds.length };
}

/** Every seed's suggestions in one batch, merged: best first. */
async function scoreSeeds(db: Database, userId: number, seeds: Seed[]): Promise<Suggestion[]> {
  const [first, ...rest] = seeds.map((seed) => suggestionsFor(db, userId, seed.titleId));
  const results = await db.batch([first, ...rest]);
  const seedIds = new Set(seeds.map((s) => s.titleId));
  const best = new Map<number, Suggestion>();
  results.forEach((rows, i) => {
    const weight = FOR_YOU_SEED_WEIGHTS[seeds[i].reason.kind];
    for (const { external_rating, ...unweighted } of rows) {
      if (unweighted.score <= 0 || seedIds.has(unweighted.id)) continue;
      // What the member rated highly counts most, then what they watched, then what they only listed.
      const row = { ...unweighted, score: unweighted.score * weight };
      const old = best.get(row.id);
      // A title several seeds point to ranks higher; the strongest seed explains it.
      if (!old) best.set(row.id, { ...row, externalRating: external_rating, reason: seeds[i].reason });
      else best.set(row.id, { ...(row.score > old.score ? { ...row, externalRating: external_rating, reason: seeds[i].reason } : old), score: old.score + row.score });
    }
  });
  return [...best.values()].sort(compareSuggestions);
}
