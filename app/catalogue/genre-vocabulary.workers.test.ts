import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { listGenres, tmdbRatingPresence } from "./browse.server";
import { genres, titleGenres, titles } from "./tables";

/**
 * The /titles genre vocabulary is the one the data uses (decision 042): each
 * genre's title count is kept exact by the links themselves (migration 0080
 * triggers), only genres with titles are offered, and whether any title has
 * a TMDB rating is one index step.
 */
const { db } = openD1(env.DB, null);
const G = 936_000;
const countOf = async (id: number) => (await db.select({ n: genres.titlesCount }).from(genres).where(eq(genres.id, id)))[0]?.n;

beforeAll(async () => {
  await db.insert(genres).values([
    { id: G + 1, name: "Vocab Noir", slug: "vocab-noir" },
    { id: G + 2, name: "Vocab Empty", slug: "vocab-empty" },
  ]);
  for (const id of [1, 2, 3]) await db.insert(titles).values({ id: G + id, type: "movie", name: `Vocab Film ${id}`, slug: `vocab-film-${id}`, popularity: 1 });
});

describe("genre title counts", () => {
  it("follow links added, repeated, moved and removed, and a title's deletion", async () => {
    await db.insert(titleGenres).values([1, 2, 3].map((id) => ({ titleId: G + id, genreId: G + 1 })));
    expect(await countOf(G + 1)).toBe(3);
    // A link that already exists is not counted twice.
    await db
      .insert(titleGenres)
      .values({ titleId: G + 1, genreId: G + 1 })
      .onConflictDoNothing();
    expect(await countOf(G + 1)).toBe(3);
    await db
      .update(titleGenres)
      .set({ genreId: G + 2 })
      .where(eq(titleGenres.titleId, G + 3));
    expect([await countOf(G + 1), await countOf(G + 2)]).toEqual([2, 1]);
    await db.delete(titleGenres).where(eq(titleGenres.titleId, G + 3));
    expect(await countOf(G + 2)).toBe(0);
    // Deleting a title removes its links by cascade, and the count with them.
    await db.delete(titles).where(eq(titles.id, G + 2));
    expect(await countOf(G + 1)).toBe(1);
  });

  it("are exact when links are written concurrently", async () => {
    await Promise.all([4, 5, 6, 7, 8].map((id) => db.insert(titles).values({ id: G + id, type: "movie", name: `Vocab Film ${id}`, slug: `vocab-film-${id}`, popularity: 1 })));
    const before = await countOf(G + 1);
    await Promise.all([4, 5, 6, 7, 8].map((id) => db.insert(titleGenres).values({ titleId: G + id, genreId: G + 1 })));
    expect(await countOf(G + 1)).toBe(before! + 5);
    const [stored] = await db
      .select({ n: genres.titlesCount })
      .from(genres)
      .where(eq(genres.id, G + 1));
    const actual = await db.$count(titleGenres, eq(titleGenres.genreId, G + 1));
    expect(stored.n).toBe(actual);
  });
});

describe("the genres /titles offers", () => {
  it("are only those with titles, each with its count", async () => {
    const offered = await listGenres(db);
    const ours = offered.filter((g) => g.slug.startsWith("vocab-"));
    expect(ours).toEqual([{ id: G + 1, name: "Vocab Noir", slug: "vocab-noir", count: await countOf(G + 1) }]);
    expect(offered.every((g) => g.count > 0)).toBe(true);
  });
});

describe("TMDB rating presence", () => {
  it("is null with no TMDB rating anywhere and the largest one otherwise, read from the index", async () => {
    const rated = await db
      .select({ id: titles.id })
      .from(titles)
      .where(inArray(titles.id, [G + 4]));
    expect(rated).toHaveLength(1);
    const [before] = await tmdbRatingPresence(db);
    await db
      .update(titles)
      .set({ tmdbRating: 9.7 })
      .where(eq(titles.id, G + 4));
    const [after] = await tmdbRatingPresence(db);
    expect(after.top).toBe(Math.max(9.7, before.top ?? 0));
    const query = tmdbRatingPresence(db).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("\n")).toMatch(/SEARCH titles USING COVERING INDEX titles_browse_tmdb_rating_idx|USING COVERING INDEX titles_browse_tmdb_rating/);
  });
});
