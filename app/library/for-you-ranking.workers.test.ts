import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { credits, genres, keywords, people, titleGenres, titleKeywords, titles } from "~/catalogue/tables";
import { openD1 } from "~/db/client.server";
import { FOR_YOU_CACHE_TTL_MS } from "~/constants";
import { compareSuggestions, forYou } from "./for-you.server";
import { markWatched } from "./history.server";
import { removeRating, setRating } from "./ratings.server";
import { addToWatchlist } from "./watchlist.server";

/**
 * "For you" ranks by likeness to what the member rated highly, weighed by a
 * vote-weighted rating (decision 042): after one high rating the top is
 * related and well rated, weak films never lead, and the order is
 * deterministic (never alphabetical). Every title and person is invented.
 */
const { db } = openD1(env.DB, null);
const F = 937_000;
const SEED = F + 1;
// Related to the seed by the same director, genres and keyword, and well rated by many.
const SEQUEL = F + 2;
// Shares the keyword and one genre, well rated.
const COUSIN = F + 3;
// Shares as much as the cousin but rated 3.1 by many ("Aardvark" sorts first alphabetically).
const WEAK = F + 4;
const WEAKER = F + 5;
// A 9.5 with three votes: pulled to the prior, not above the sequel.
const FEW_VOTES = F + 6;
// Unrelated, popular and well rated.
const UNRELATED = F + 7;
// Two equally alike, equally rated titles: the more popular first, whatever their names.
const TWIN_A = F + 8;
const TWIN_B = F + 9;
// Like the unrelated title (which a member may only have listed), and well rated.
const ROMP_TWIN = F + 10;

async function createUser() {
  const email = `for-you-rank-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  return (await db.get<{ id: number }>(sql`INSERT INTO users (email, first_name) VALUES (${email}, 'Test') RETURNING id`))!.id;
}

beforeAll(async () => {
  await db.insert(genres).values([
    { id: F + 1, name: "Rank Test Caper", slug: "rank-test-caper" },
    { id: F + 2, name: "Rank Test Gloom", slug: "rank-test-gloom" },
    { id: F + 3, name: "Rank Test Romp", slug: "rank-test-romp" },
  ]);
  await db.insert(keywords).values([{ id: F + 1, name: "rank test lighthouse", slug: "rank-test-lighthouse" }]);
  await db.insert(people).values([{ id: F + 1, name: "Orla Quenby", slug: "orla-quenby" }]);
  const film = (id: number, name: string, extra: Partial<typeof titles.$inferInsert>) => ({
    id,
    type: "movie" as const,
    name,
    slug: name.toLowerCase().replace(/\W+/g, "-"),
    year: 2001,
    popularity: 10,
    ...extra,
  });
  for (const row of [
    film(SEED, "Keeper of Tides", { externalRating: 8.6, externalVotes: 90_000 }),
    film(SEQUEL, "Zephyr Keeper", { externalRating: 8.1, externalVotes: 60_000, popularity: 5 }),
    film(COUSIN, "Lantern Coast", { externalRating: 7.6, externalVotes: 40_000, popularity: 4 }),
    film(WEAK, "Aardvark Tides", { externalRating: 3.1, externalVotes: 30_000, popularity: 80 }),
    film(WEAKER, "Abalone Tides", { externalRating: 2.6, externalVotes: 5_000, popularity: 70 }),
    film(FEW_VOTES, "Beacon Tides", { externalRating: 9.5, externalVotes: 3, popularity: 3 }),
    film(UNRELATED, "Custard Parade", { externalRating: 8.8, externalVotes: 100_000, popularity: 99 }),
    film(TWIN_A, "Zed Harbour", { externalRating: 7.0, externalVotes: 20_000, popularity: 30 }),
    film(TWIN_B, "Alpha Harbour", { externalRating: 7.0, externalVotes: 20_000, popularity: 20 }),
    film(ROMP_TWIN, "Custard Parade Returns", { externalRating: 8.1, externalVotes: 60_000, popularity: 50 }),
  ])
    await db.insert(titles).values(row);
  const links: [number, number][] = [
    [SEED, F + 1],
    [SEED, F + 2],
    [SEQUEL, F + 1],
    [SEQUEL, F + 2],
    [COUSIN, F + 1],
    [WEAK, F + 1],
    [WEAKER, F + 1],
    [FEW_VOTES, F + 1],
    [TWIN_A, F + 2],
    [TWIN_B, F + 2],
    [UNRELATED, F + 3],
    [ROMP_TWIN, F + 3],
  ];
  await db.insert(titleGenres).values(links.map(([titleId, genreId]) => ({ titleId, genreId })));
  await db.insert(titleKeywords).values([SEED, SEQUEL, COUSIN, WEAK, WEAKER, FEW_VOTES].map((titleId) => ({ titleId, keywordId: F + 1 })));
  await db.insert(credits).values([SEED, SEQUEL].map((titleId) => ({ titleId, personId: F + 1, kind: "crew" as const, department: "Directing", job: "Director", position: 0 })));
});

describe("for you after one high rating", () => {
  it("puts the related, well-rated titles first and the weak ones after every other", async () => {
    const userId = await createUser();
    await setRating(db, userId, { titleId: SEED, rating: 9 });
    const { suggestions } = await forYou(db, userId);
    const ids = suggestions.map((s) => s.id);
    const ours = ids.filter((id) => id > F && id < F + 100);
    expect(ours.slice(0, 2)).toEqual([SEQUEL, COUSIN]);
    expect(ours).not.toContain(UNRELATED);
    // The weak films come last, the weaker after the weak, whatever their names or popularity.
    expect(ours.slice(-2)).toEqual([WEAK, WEAKER]);
    // Three votes of 9.5 do not outrank sixty thousand of 8.1.
    expect(ours.indexOf(FEW_VOTES)).toBeGreaterThan(ours.indexOf(SEQUEL));
    // Equally alike and rated: the more popular first, not the alphabetically first.
    expect(ours.indexOf(TWIN_A)).toBeLessThan(ours.indexOf(TWIN_B));
    expect(suggestions[0]).toMatchObject({ id: SEQUEL, reason: { kind: "rated", name: "Keeper of Tides", rating: 9 } });
    // The weighed rating: many votes keep theirs, few are pulled to the prior.
    const quality = new Map(suggestions.map((s) => [s.id, s.quality]));
    expect(quality.get(SEQUEL)).toBeCloseTo((60_000 * 8.1 + 1000 * 6) / 61_000, 5);
    expect(quality.get(FEW_VOTES)).toBeLessThan(6.02);
  });

  it("gives the same order every time", async () => {
    const userId = await createUser();
    await setRating(db, userId, { titleId: SEED, rating: 10 });
    const first = (await forYou(db, userId)).suggestions.map((s) => s.id);
    const again = (await forYou(db, userId)).suggestions.map((s) => s.id);
    expect(again).toEqual(first);
    const shuffled = [...(await forYou(db, userId)).suggestions]
      .reverse()
      .sort(compareSuggestions)
      .map((s) => s.id);
    expect(shuffled).toEqual(first);
  });

  it("counts what the member rated highly above what they only put on the watchlist", async () => {
    const userId = await createUser();
    await setRating(db, userId, { titleId: SEED, rating: 9 });
    await addToWatchlist(db, userId, UNRELATED);
    const ids = (await forYou(db, userId)).suggestions.map((s) => s.id);
    // Alike in one genre each; the listed title's relative is better rated, but the rating weighs more.
    expect(ids).toContain(ROMP_TWIN);
    expect(ids.indexOf(TWIN_A)).toBeLessThan(ids.indexOf(ROMP_TWIN));
  });
});

describe("the kept suggestions (decision 047)", () => {
  const nameOf = async (id: number) => (await db.get<{ name: string }>(sql`SELECT name FROM titles WHERE id = ${id}`))!.name;
  const rename = (id: number, name: string) => db.run(sql`UPDATE titles SET name = ${name} WHERE id = ${id}`);
  const keptRows = async (userId: number) => (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM for_you_suggestions WHERE user_id = ${userId}`))[0].n;

  it("answer the next page while the seeds and the newest viewing and rating are the same, within the hour", async () => {
    const userId = await createUser();
    await setRating(db, userId, { titleId: SEED, rating: 9 });
    const now = Date.now();
    const first = await forYou(db, userId, undefined, now);
    expect(await keptRows(userId)).toBe(1);
    const original = await nameOf(COUSIN);
    try {
      // Scoring again would show the new name: the kept copy still has the old one.
      await rename(COUSIN, "Lantern Coast (renamed)");
      const kept = await forYou(db, userId, undefined, now + 60_000);
      expect(kept).toEqual(first);
      expect(kept.suggestions.find((s) => s.id === COUSIN)?.name).toBe(original);
      // The home page's row asks for fewer: the same order, cut.
      expect((await forYou(db, userId, 3, now + 60_000)).suggestions).toEqual(first.suggestions.slice(0, 3));
      // An hour later the catalogue is read again.
      const later = await forYou(db, userId, undefined, now + FOR_YOU_CACHE_TTL_MS);
      expect(later.suggestions.find((s) => s.id === COUSIN)?.name).toBe("Lantern Coast (renamed)");
    } finally {
      await rename(COUSIN, original);
    }
  });

  it("come from what a member only watched as from what they rated", async () => {
    const userId = await createUser();
    await markWatched(db, userId, { titleId: SEED });
    const { suggestions } = await forYou(db, userId);
    expect(suggestions[0]).toMatchObject({ id: SEQUEL, reason: { kind: "watched", name: "Keeper of Tides" } });
    // Kept, and the same the next time.
    expect((await forYou(db, userId)).suggestions[0]).toMatchObject({ id: SEQUEL, reason: { kind: "watched" } });
  });

  it("are worked out again when the member watches or rates anything", async () => {
    const userId = await createUser();
    await setRating(db, userId, { titleId: SEED, rating: 9 });
    const now = Date.now();
    expect((await forYou(db, userId, undefined, now)).suggestions.map((s) => s.id)).toContain(SEQUEL);
    // Watched: left out at once, though the highly rated seed is still the only seed.
    await markWatched(db, userId, { titleId: SEQUEL });
    expect((await forYou(db, userId, undefined, now + 1000)).suggestions.map((s) => s.id)).not.toContain(SEQUEL);
    // Rated low (no new seed): left out at once too.
    await setRating(db, userId, { titleId: COUSIN, rating: 3 });
    expect((await forYou(db, userId, undefined, now + 2000)).suggestions.map((s) => s.id)).not.toContain(COUSIN);
    // The seed's rating removed: nothing seeds it any more.
    await removeRating(db, userId, { titleId: SEED });
    const after = await forYou(db, userId, undefined, now + 3000);
    expect(after.suggestions.find((s) => s.reason.kind === "rated" && s.reason.name === "Keeper of Tides")).toBeUndefined();
  });
});
