import { DomainError } from "~/http/domain-error";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { episodes, genres, keywords, seasons, titleGenres, titleKeywords, titles } from "~/catalogue/tables";
import { openD1 } from "~/db/client.server";
import { forYou } from "./for-you.server";
import { listHistory, listProgress, markWatched, removeHistoryEntry } from "./history.server";
import { loadLibraryProfile, loadProfileActivity } from "./profile.server";
import { removeRating, setRating } from "./ratings.server";
import { ratings, watchHistory } from "./tables";
import { loadMyTitleState } from "./title-state.server";
import { exportLibraryData, libraryDeletionStatements } from "./user-data.server";
import { users } from "~/auth/users.tables";
import { addToWatchlist, comingSoonFromWatchlist, listWatchlist, loadWatchlistPage, removeFromWatchlist, watchlistProviders } from "./watchlist.server";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { watchlistQuerySchema } from "./schema";
import { titleWatchProviders, watchProviders } from "~/tmdb/tables";
import { watchRegionFor } from "~/tmdb/title-extras.server";

/**
 * The library on real D1 inside workerd: votes and their stored aggregates
 * under concurrency, watchlist sorting and filters, history with rewatches,
 * series progress and the next episode, profile counts, and "for you".
 * Every title here is invented.
 */
const { db } = openD1(env.DB, null);
const BASE = 930_000;
const MOVIE = BASE + 1;
const SERIES = BASE + 2;
const SIMILAR = BASE + 3;
const UNRELATED = BASE + 4;
const FUTURE = BASE + 5;

let userCounter = 0;
async function createUser() {
  userCounter += 1;
  const email = `library-${Date.now().toString(36)}-${userCounter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const row = await db.get<{ id: number }>(sql`INSERT INTO users (email, first_name) VALUES (${email}, 'Test') RETURNING id`);
  return row!.id;
}

beforeAll(async () => {
  await db.insert(genres).values([
    { id: BASE + 1, name: "Library Test Noir", slug: "library-test-noir" },
    { id: BASE + 2, name: "Library Test Farce", slug: "library-test-farce" },
  ]);
  await db.insert(keywords).values([{ id: BASE + 1, name: "invented heist", slug: "invented-heist" }]);
  await db.insert(titles).values([
    { id: MOVIE, type: "movie", name: "Night Ledger", slug: "night-ledger", year: 1990, releaseDate: "1990-03-01", popularity: 10 },
    { id: SERIES, type: "series", name: "Harbour Lights", slug: "harbour-lights", year: 2015, releaseDate: "2015-01-01", popularity: 5, seasonCount: 2, episodeCount: 6 },
    { id: SIMILAR, type: "movie", name: "Ledger Two", slug: "ledger-two", year: 1994, releaseDate: "1994-03-01", popularity: 9 },
    { id: UNRELATED, type: "movie", name: "Pie Fight", slug: "pie-fight", year: 2001, releaseDate: "2001-03-01", popularity: 50 },
    { id: FUTURE, type: "movie", name: "Tomorrow's Ledger", slug: "tomorrows-ledger", year: 2099, releaseDate: `${new Date().getUTCFullYear() + 1}-01-15`, popularity: 1 },
  ]);
  await db.insert(titleGenres).values([
    { titleId: MOVIE, genreId: BASE + 1 },
    { titleId: SIMILAR, genreId: BASE + 1 },
    { titleId: FUTURE, genreId: BASE + 1 },
    { titleId: UNRELATED, genreId: BASE + 2 },
  ]);
  await db.insert(titleKeywords).values([
    { titleId: MOVIE, keywordId: BASE + 1 },
    { titleId: SIMILAR, keywordId: BASE + 1 },
  ]);
  await db.insert(seasons).values([
    { id: BASE + 1, titleId: SERIES, number: 1, name: "Season 1", episodeCount: 3 },
    { id: BASE + 2, titleId: SERIES, number: 2, name: "Season 2", episodeCount: 3 },
  ]);
  for (const [seasonId, seasonNumber] of [
    [BASE + 1, 1],
    [BASE + 2, 2],
  ] as const) {
    for (let n = 1; n <= 3; n += 1) {
      await db.insert(episodes).values({ id: BASE + seasonNumber * 10 + n, titleId: SERIES, seasonId, seasonNumber, episodeNumber: n, name: `Tide ${seasonNumber}.${n}`, airDate: "2015-02-01" });
    }
  }
});

async function titleAggregate(id: number) {
  const [row] = await db.select({ rating: titles.rating, voteCount: titles.voteCount }).from(titles).where(eq(titles.id, id));
  return row;
}

describe("ratings", () => {
  it("keeps the average and count exact under many parallel votes, changes and removals", async () => {
    const voters = await Promise.all(Array.from({ length: 40 }, () => createUser()));
    const votes = voters.map((_, i) => (i % 10) + 1);
    await Promise.all(voters.map((userId, i) => setRating(db, userId, { titleId: UNRELATED, rating: votes[i] })));
    let expected = votes.reduce((a, b) => a + b, 0) / votes.length;
    expect(await titleAggregate(UNRELATED)).toEqual({ rating: expect.closeTo(expected, 3), voteCount: 40 });

    // Half change their vote to 10 while a quarter remove theirs, all at once.
    await Promise.all(voters.map((userId, i) => (i < 20 ? setRating(db, userId, { titleId: UNRELATED, rating: 10 }) : i < 30 ? removeRating(db, userId, { titleId: UNRELATED }) : Promise.resolve())));
    const left = votes.map((v, i) => (i < 20 ? 10 : i < 30 ? null : v)).filter((v): v is number => v !== null);
    expected = left.reduce((a, b) => a + b, 0) / left.length;
    expect(await titleAggregate(UNRELATED)).toEqual({ rating: expect.closeTo(expected, 3), voteCount: 30 });
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)` })
      .from(ratings)
      .where(and(eq(ratings.titleId, UNRELATED), sql`episode_id IS NULL`));
    expect(n).toBe(30);
  });

  it("one vote per member: rating again changes it; episode votes are kept apart from the series'", async () => {
    const userId = await createUser();
    await setRating(db, userId, { titleId: SERIES, rating: 6 });
    const changed = await setRating(db, userId, { titleId: SERIES, rating: 9 });
    expect(changed.average).toEqual({ rating: 9, voteCount: 1 });
    const episode = await setRating(db, userId, { titleId: SERIES, season: 1, episode: 2, rating: 4 });
    expect(episode.average).toEqual({ rating: 4, voteCount: 1 });
    expect(await titleAggregate(SERIES)).toEqual({ rating: 9, voteCount: 1 });
    expect((await loadLibraryProfile(db, userId)).ratingsCount).toBe(2);
    const removed = await removeRating(db, userId, { titleId: SERIES });
    expect(removed.average).toEqual({ rating: null, voteCount: 0 });
    expect((await loadLibraryProfile(db, userId)).ratingsCount).toBe(1);
  });

  it("refuses an unknown title or an episode of another series, writing nothing", async () => {
    const userId = await createUser();
    await expect(setRating(db, userId, { titleId: BASE + 99, rating: 5 })).rejects.toBeInstanceOf(DomainError);
    await expect(setRating(db, userId, { titleId: MOVIE, episodeId: BASE + 11, rating: 5 })).rejects.toMatchObject({ status: 404 });
    expect(await db.select().from(ratings).where(eq(ratings.userId, userId))).toEqual([]);
  });
});

describe("watchlist", () => {
  it("adds once, sorts, filters and lists what is coming soon", async () => {
    const userId = await createUser();
    for (const id of [MOVIE, SERIES, FUTURE, MOVIE]) await addToWatchlist(db, userId, id);
    expect((await loadLibraryProfile(db, userId)).watchlistCount).toBe(3);
    const names = async (query: Parameters<typeof listWatchlist>[2]) => (await listWatchlist(db, userId, query)).items.map((t) => t.name);
    expect(await names({ sort: "name" })).toEqual(["Harbour Lights", "Night Ledger", "Tomorrow's Ledger"]);
    expect(await names({ sort: "release_date" })).toEqual(["Tomorrow's Ledger", "Harbour Lights", "Night Ledger"]);
    expect(await names({ type: "series" })).toEqual(["Harbour Lights"]);
    expect(await names({ genre: "library-test-noir", sort: "name" })).toEqual(["Night Ledger", "Tomorrow's Ledger"]);
    expect(await names({ release: "unreleased" })).toEqual(["Tomorrow's Ledger"]);
    expect((await comingSoonFromWatchlist(db, userId)).map((t) => t.name)).toEqual(["Tomorrow's Ledger"]);
    await removeFromWatchlist(db, userId, FUTURE);
    expect(await names({ sort: "name" })).toEqual(["Harbour Lights", "Night Ledger"]);
    expect((await loadMyTitleState(db, userId, MOVIE)).inWatchlist).toBe(true);
  });
});

describe("watchlist: where to watch in my region", () => {
  it("keeps the titles on any service, or on one, in the member's region; offers only the providers of their watchlist there", async () => {
    await db.insert(watchProviders).values([
      { id: BASE + 1, name: "Ledgerflix", displayPriority: 1 },
      { id: BASE + 2, name: "Harbour Rent", displayPriority: 2 },
      { id: BASE + 3, name: "Unused Stream" },
    ]);
    await db.insert(titleWatchProviders).values([
      { titleId: MOVIE, region: "DE", kind: "flatrate", providerId: BASE + 1 },
      { titleId: SERIES, region: "DE", kind: "rent", providerId: BASE + 2 },
      { titleId: SERIES, region: "FR", kind: "flatrate", providerId: BASE + 1 },
      { titleId: UNRELATED, region: "DE", kind: "flatrate", providerId: BASE + 3 }, // not on this watchlist
    ]);
    const userId = await createUser();
    for (const id of [MOVIE, SERIES, FUTURE]) await addToWatchlist(db, userId, id);
    const names = async (query: Parameters<typeof listWatchlist>[2]) => (await listWatchlist(db, userId, { sort: "name", ...query })).items.map((t) => t.name);
    expect(await names({ region: "DE", provider: "any" })).toEqual(["Harbour Lights", "Night Ledger"]);
    expect(await names({ region: "DE", provider: BASE + 1 })).toEqual(["Night Ledger"]);
    expect(await names({ region: "FR", provider: BASE + 1 })).toEqual(["Harbour Lights"]);
    expect(await names({ region: "US", provider: "any" })).toEqual([]);
    expect(await names({ region: "DE" })).toEqual(["Harbour Lights", "Night Ledger", "Tomorrow's Ledger"]);
    expect((await watchlistProviders(db, userId, "DE")).map((p) => p.name)).toEqual(["Ledgerflix", "Harbour Rent"]);
    expect((await watchlistProviders(db, userId, "FR")).map((p) => p.name)).toEqual(["Ledgerflix"]);
    expect(await watchlistProviders(db, userId, "US")).toEqual([]);
    // The page reads the same in one round trip (decision 048): its genres, providers and titles.
    const recorder = countingD1(env.DB);
    const page = await loadWatchlistPage(openD1(recorder.env.DB, null).db, userId, { sort: "name", region: "DE", provider: "any" });
    expect(recorder.roundTrips()).toBe(1);
    expect(page.result.items.map((t) => t.name)).toEqual(["Harbour Lights", "Night Ledger"]);
    expect(page.providers.map((p) => p.name)).toEqual(["Ledgerflix", "Harbour Rent"]);
    expect(page.genres.length).toBeGreaterThan(0);
    // The region: the account country, else the site's default.
    expect(watchRegionFor({ country: "de" }, "US")).toBe("DE");
    expect(watchRegionFor({ country: null }, "US")).toBe("US");
    expect(watchRegionFor(null, "GB")).toBe("GB");
    // The page's query string: a malformed provider is no filter.
    expect(watchlistQuerySchema.parse({ provider: "any" }).provider).toBe("any");
    expect(watchlistQuerySchema.parse({ provider: "42" }).provider).toBe(42);
    expect(watchlistQuerySchema.parse({ provider: "netflix" }).provider).toBeUndefined();
    expect(watchlistQuerySchema.parse({ provider: "" }).provider).toBeUndefined();
  });
});

describe("watched history and progress", () => {
  it("counts rewatches, tracks a series' progress and the next episode", async () => {
    const userId = await createUser();
    await markWatched(db, userId, { titleId: MOVIE, watchedOn: "2024-01-01" });
    await markWatched(db, userId, { titleId: MOVIE });
    expect((await loadMyTitleState(db, userId, MOVIE)).timesWatched).toBe(2);

    for (const episode of [1, 2, 3]) await markWatched(db, userId, { titleId: SERIES, season: 1, episode, watchedOn: `2024-02-0${episode}` });
    await markWatched(db, userId, { titleId: SERIES, season: 1, episode: 1, watchedOn: "2024-03-01" }); // a rewatch: still 3 distinct
    let state = await loadMyTitleState(db, userId, SERIES);
    expect(state).toMatchObject({ watchedEpisodes: 3, next: { seasonNumber: 2, episodeNumber: 1, name: "Tide 2.1" } });
    const [progress] = (await listProgress(db, userId)).items;
    expect(progress).toMatchObject({ titleId: SERIES, watchedEpisodes: 3, episodeCount: 6, next: { seasonNumber: 2, episodeNumber: 1 } });

    await markWatched(db, userId, { titleId: SERIES, scope: "season", season: 2 });
    state = await loadMyTitleState(db, userId, SERIES);
    expect(state).toMatchObject({ watchedEpisodes: 6, next: null });
    expect((await listProgress(db, userId)).items).toEqual([]); // finished: off /progress
    const history = await listHistory(db, userId, { perPage: 100 });
    expect(history.items).toHaveLength(9);
    expect((await loadLibraryProfile(db, userId)).watchedCount).toBe(9);

    const [latest] = history.items;
    await removeHistoryEntry(db, userId, latest.id);
    expect((await loadLibraryProfile(db, userId)).watchedCount).toBe(8);
    const other = await createUser();
    await expect(removeHistoryEntry(db, other, history.items[1].id)).rejects.toMatchObject({ status: 404 });
    expect(await db.select().from(watchHistory).where(eq(watchHistory.id, history.items[1].id))).toHaveLength(1);
  });

  it("refuses a season for a movie and a whole series without an episode", async () => {
    const userId = await createUser();
    await expect(markWatched(db, userId, { titleId: MOVIE, scope: "season", season: 1 })).rejects.toMatchObject({ status: 422 });
    await expect(markWatched(db, userId, { titleId: SERIES })).rejects.toMatchObject({ status: 422 });
    expect(await db.select().from(watchHistory).where(eq(watchHistory.userId, userId))).toEqual([]);
  });
});

describe("for you and the profile", () => {
  it("suggests titles sharing genres, keywords and people, explains them, and leaves out what was watched", async () => {
    const userId = await createUser();
    expect((await forYou(db, userId)).suggestions).toEqual([]);
    await setRating(db, userId, { titleId: MOVIE, rating: 9 });
    let { suggestions } = await forYou(db, userId);
    expect(suggestions[0]).toMatchObject({ id: SIMILAR, reason: { kind: "rated", name: "Night Ledger", rating: 9 } });
    expect(suggestions.map((s) => s.id)).not.toContain(UNRELATED);
    await markWatched(db, userId, { titleId: SIMILAR });
    ({ suggestions } = await forYou(db, userId));
    expect(suggestions.map((s) => s.id)).not.toContain(SIMILAR);
    expect(suggestions.map((s) => s.id)).toContain(FUTURE);

    const activity = await loadProfileActivity(db, userId);
    expect(activity.recentRatings.map((r) => [r.name, r.myRating])).toEqual([["Night Ledger", 9]]);
    expect(activity.recentlyWatched.map((r) => r.name)).toEqual(["Ledger Two"]);
  });
});

describe("the member's data", () => {
  it("exports ratings, watchlist and history, and a deleted account's votes leave the averages", async () => {
    const [leaving, staying] = [await createUser(), await createUser()];
    await setRating(db, leaving, { titleId: FUTURE, rating: 2 });
    await setRating(db, staying, { titleId: FUTURE, rating: 8 });
    await setRating(db, leaving, { titleId: SERIES, season: 2, episode: 3, rating: 10 });
    await addToWatchlist(db, leaving, MOVIE);
    await markWatched(db, leaving, { titleId: MOVIE, watchedOn: "2023-05-06" });
    const exported = await exportLibraryData(db, leaving);
    expect(exported).toMatchObject({
      profile_private: false,
      ratings: [expect.objectContaining({ title_id: FUTURE, rating: 2 }), expect.objectContaining({ title_id: SERIES, episode_id: BASE + 23, rating: 10 })],
      watchlist: [expect.objectContaining({ title_id: MOVIE, title: "Night Ledger" })],
      watch_history: [{ title_id: MOVIE, title: "Night Ledger", year: 1990, episode_id: null, watched_on: "2023-05-06" }],
    });
    expect(await titleAggregate(FUTURE)).toEqual({ rating: 5, voteCount: 2 });

    await db.batch([...libraryDeletionStatements(db, leaving), db.delete(users).where(eq(users.id, leaving))] as unknown as Parameters<typeof db.batch>[0]);
    expect(await titleAggregate(FUTURE)).toEqual({ rating: 8, voteCount: 1 });
    const [episode] = await db
      .select({ rating: episodes.rating, voteCount: episodes.voteCount })
      .from(episodes)
      .where(eq(episodes.id, BASE + 23));
    expect(episode).toEqual({ rating: null, voteCount: 0 });
  });
});
