import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { invalidateGuestViewerCache } from "~/auth/viewer.server";
import { episodes, genres, people, seasons, titleGenres, titles, videos } from "~/catalogue/tables";
import { openD1 } from "~/db/client.server";
import { clearGuestPageCache } from "~/request/guest-page-cache.server";
import { invalidateLocalizationsCache } from "~/i18n/i18n.server";
import { loader as homeLoader } from "~/routes/site/home";
import { invalidateSettingsCache } from "~/settings/settings.server";
import { invalidateThemesCache } from "~/themes/themes.server";
import { addChannelItem, createChannel, reorderChannelItems, listEditorItems, searchChannelPicker } from "./channel-admin.server";
import { channelFormSchema } from "./schema";
import { forgetHomeChannel, loadChannelPage } from "./channel-page.server";
import { findChannel } from "./channels.server";
import { installChannelPreset } from "./presets";
import { refreshAutomaticChannels, refreshChannel, ruleInsertStatement } from "./refresh.server";
import { channelRuleSchema } from "./rules";
import { channelItems, channels } from "./tables";
import { titleWatchProviders, watchProviders } from "~/tmdb/tables";
import { letGuestsViewTitles } from "../../tests/support/guest-access.workers";

/**
 * Channels (decision 022) against real D1: rules stored as items, the home
 * page's bounded statement count, cascades, nesting and rule validation.
 * Fixtures are fictional.
 */
const { db } = openD1(env.DB, null);
const TODAY = new Date("2026-11-20T12:00:00Z");

function countingEnv() {
  const counts = { statements: 0, batches: 0, batchedStatements: 0 };
  const wrap = (target: Pick<D1Database, "prepare" | "batch">) => ({
    prepare(query: string) {
      counts.statements++;
      return target.prepare(query);
    },
    batch(statements: D1PreparedStatement[]) {
      counts.batches++;
      counts.batchedStatements += statements.length;
      return target.batch(statements);
    },
  });
  const counted = { ...wrap(env.DB), withSession: (c?: string) => ({ ...wrap(env.DB.withSession(c)), getBookmark: () => null }) } as unknown as D1Database;
  return { env: { ...env, DB: counted } as Env, counts };
}

/** The home loader as a guest, with the isolate's settings/themes/role caches warm; returns the statements it ran. */
async function homeStatements() {
  const request = new Request("http://localhost/", { headers: { "CF-Connecting-IP": "203.0.113.9" } });
  await runRoute(request, (args) => homeLoader(args as never)); // warms the isolate caches
  forgetHomeChannel(); // but not the home channel: its reads are what is counted
  const counted = countingEnv();
  const ctx = createExecutionContext();
  const { value, thrown } = await runRoute(request, (args) => homeLoader(args as never), {}, { env: counted.env, ctx, isLocal: false });
  await waitOnExecutionContext(ctx);
  expect(thrown).toBeUndefined();
  return { statements: counted.counts.statements, data: value as Awaited<ReturnType<typeof homeLoader>> };
}

// Channel names are unique (decision 043): each form gets its own unless the test names it.
let formCount = 0;
const form = (input: Record<string, unknown>) => channelFormSchema.parse({ name: `Fictional ${++formCount}`, ...input });

let drama: number;
let comedy: number;
const titleIds: number[] = [];

beforeAll(async () => {
  await letGuestsViewTitles(db);
});

beforeEach(async () => {
  invalidateSettingsCache();
  invalidateThemesCache();
  invalidateLocalizationsCache();
  invalidateGuestViewerCache();
  clearGuestPageCache();
  forgetHomeChannel();
  await db.delete(channels);
  await db.delete(titles);
  await db.delete(people);
  await db.delete(genres);
  [{ id: drama }, { id: comedy }] = await db
    .insert(genres)
    .values([
      { name: "Drama", slug: "drama" },
      { name: "Comedy", slug: "comedy" },
    ])
    .returning({ id: genres.id });
  titleIds.length = 0;
  for (let i = 0; i < 30; i++) {
    const [row] = await db
      .insert(titles)
      .values({
        type: i % 3 === 0 ? "series" : "movie",
        name: `Fictional Title ${i}`,
        slug: `fictional-title-${i}`,
        popularity: 100 - i,
        releaseDate: i < 25 ? `20${String(10 + (i % 15)).padStart(2, "0")}-05-01` : "2027-03-01",
        year: i < 25 ? 2010 + (i % 15) : 2027,
        externalRating: 5 + (i % 5),
        externalVotes: 5000,
      })
      .returning({ id: titles.id });
    titleIds.push(row.id);
    await db.insert(titleGenres).values({ titleId: row.id, genreId: i % 2 === 0 ? drama : comedy });
  }
});

describe("automatic channels", () => {
  it("store a rule's items in order and follow a rating change on refresh", async () => {
    const created = await createChannel(db, {
      ...form({ name: "Top rated series", source: "automatic", ruleKind: "top_rated", ruleType: "series", ruleRatingSource: "site", ruleMinVotes: 1 }),
      slug: "top-series",
    });
    expect(created.ok).toBe(true);
    const channel = (await findChannel(db, "top-series"))!;
    expect((await loadChannelPage(db, channel, { page: 1, genre: null }))!.items).toEqual([]);
    await db.update(titles).set({ rating: 9.1, voteCount: 3 }).where(eq(titles.id, titleIds[3]));
    await db.update(titles).set({ rating: 7.5, voteCount: 3 }).where(eq(titles.id, titleIds[6]));
    await db.update(titles).set({ rating: 9.9, voteCount: 3 }).where(eq(titles.id, titleIds[1])); // a movie: not in a series channel
    await refreshChannel(db, channel, TODAY);
    const page = (await loadChannelPage(db, channel, { page: 1, genre: null }))!;
    expect(page.items.map((i) => i.name)).toEqual(["Fictional Title 3", "Fictional Title 6"]);
    await db.update(titles).set({ rating: 9.5 }).where(eq(titles.id, titleIds[6]));
    await refreshAutomaticChannels(db, TODAY);
    expect((await loadChannelPage(db, channel, { page: 1, genre: null }))!.items.map((i) => i.name)).toEqual(["Fictional Title 6", "Fictional Title 3"]);
  });

  it("coming soon lists future releases only; a genre-from-address rule stores one list per genre", async () => {
    await createChannel(db, { ...form({ source: "automatic", ruleKind: "coming_soon" }), slug: "soon" });
    const soon = (await findChannel(db, "soon"))!;
    await refreshChannel(db, soon, TODAY);
    expect((await loadChannelPage(db, soon, { page: 1, genre: null }))!.items.map((i) => i.name).sort()).toEqual([
      "Fictional Title 25",
      "Fictional Title 26",
      "Fictional Title 27",
      "Fictional Title 28",
      "Fictional Title 29",
    ]);
    await createChannel(db, { ...form({ source: "automatic", ruleKind: "popular", ruleGenreFromUrl: true }), slug: "by-genre" });
    const byGenre = (await findChannel(db, "by-genre"))!;
    const dramaPage = (await loadChannelPage(db, byGenre, { page: 1, genre: "drama" }))!;
    expect(dramaPage.items).toHaveLength(15);
    expect(dramaPage.items.every((i) => i.kind === "title" && Number(i.name.split(" ").pop()) % 2 === 0)).toBe(true);
    expect(await loadChannelPage(db, byGenre, { page: 1, genre: "no-such-genre" })).toBeNull();
    expect(await loadChannelPage(db, soon, { page: 1, genre: "drama" })).toBeNull(); // takes no genre
  });

  it("airing this week stores the episodes airing in the next days, read by a seek on the air-date index", async () => {
    const [season] = await db.insert(seasons).values({ titleId: titleIds[0], number: 1, name: "Season 1" }).returning({ id: seasons.id });
    const airDates = ["2026-11-19", "2026-11-20", "2026-11-23", "2026-11-26", "2026-11-27", "2026-12-10", null];
    for (const [i, airDate] of airDates.entries()) {
      await db.insert(episodes).values({ titleId: titleIds[0], seasonId: season.id, seasonNumber: 1, episodeNumber: i + 1, name: `Fictional Episode ${i + 1}`, airDate });
    }
    await createChannel(db, { ...form({ source: "automatic", ruleKind: "airing_this_week" }), slug: "airing" });
    const airing = (await findChannel(db, "airing"))!;
    await refreshChannel(db, airing, TODAY);
    // From today (2026-11-20) for CHANNEL_AIRING_DAYS (7): the 20th to the 26th, in air-date order.
    expect((await loadChannelPage(db, airing, { page: 1, genre: null }))!.items.map((i) => i.name)).toEqual(["Fictional Episode 2", "Fictional Episode 3", "Fictional Episode 4"]);

    const statement = ruleInsertStatement(db, airing.id, channelRuleSchema.parse({ kind: "airing_this_week" }), "", TODAY) as unknown as { toSQL(): { sql: string; params: unknown[] } };
    const { sql: query, params } = statement.toSQL();
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);
    expect(
      plan.some((line) => /SEARCH e USING (COVERING )?INDEX episodes_air_date_idx \(air_date>\? AND air_date<\?\)/.test(line)),
      plan.join("\n"),
    ).toBe(true);
    expect(
      plan.filter((line) => /^SCAN (e|episodes)\b/.test(line.trim())),
      plan.join("\n"),
    ).toEqual([]);
  });

  it("refuse an unknown genre with a field error and store nothing", async () => {
    const result = await createChannel(db, { ...form({ source: "automatic", ruleKind: "popular", ruleGenres: "drama, westernish" }), slug: "bad" });
    expect(result).toEqual({ ok: false, errors: { ruleGenres: ["Unknown genre: westernish"] } });
    expect(await findChannel(db, "bad")).toBeNull();
  });
});

describe("manual and nested channels", () => {
  it("refuse a channel that nests itself, directly or through a row", async () => {
    await createChannel(db, { ...form({ source: "nested" }), slug: "outer" });
    await createChannel(db, { ...form({ source: "nested" }), slug: "inner" });
    const outer = (await findChannel(db, "outer"))!;
    const inner = (await findChannel(db, "inner"))!;
    expect(await addChannelItem(db, outer.id, "channel", outer.id)).toEqual({ ok: false, message: "A channel cannot contain itself." });
    expect(await addChannelItem(db, outer.id, "channel", inner.id)).toEqual({ ok: true });
    expect(await addChannelItem(db, inner.id, "channel", outer.id)).toEqual({ ok: false, message: "A channel cannot contain itself." });
    expect(await addChannelItem(db, outer.id, "title", titleIds[0])).toEqual({ ok: false, message: "A nested channel holds channels only." });
  });

  it("the search picker finds episodes and videos too, and a manual channel shows them", async () => {
    const [season] = await db.insert(seasons).values({ titleId: titleIds[0], number: 2, name: "Season 2" }).returning({ id: seasons.id });
    const [episode] = await db.insert(episodes).values({ titleId: titleIds[0], seasonId: season.id, seasonNumber: 2, episodeNumber: 5, name: "The Lantern Quay" }).returning({ id: episodes.id });
    const [video] = await db.insert(videos).values({ titleId: titleIds[1], name: "Lantern Quay trailer", category: "trailer", source: "youtube", src: "fictional01" }).returning({ id: videos.id });
    await createChannel(db, { ...form({ source: "manual" }), slug: "quayside-picks" });
    const lanterns = (await findChannel(db, "quayside-picks"))!;
    const results = await searchChannelPicker(db, "lantern", ["title", "person", "episode", "video", "channel"]);
    expect(results.map((r) => [r.kind, r.id, r.label, r.detail])).toEqual([
      ["episode", episode.id, "The Lantern Quay", "Fictional Title 0 S2E5"],
      ["video", video.id, "Lantern Quay trailer", "Fictional Title 1 · trailer"],
    ]);
    // A nested channel's picker asks for channels only.
    expect(await searchChannelPicker(db, "lantern", ["channel"])).toEqual([]);
    for (const r of results) expect(await addChannelItem(db, lanterns.id, r.kind, r.id)).toEqual({ ok: true });
    expect((await listEditorItems(db, lanterns.id)).map((i) => [i.kind, i.name])).toEqual([
      ["episode", "The Lantern Quay"],
      ["video", "Lantern Quay trailer"],
    ]);
    const items = (await loadChannelPage(db, lanterns, { page: 1, genre: null }))!.items;
    expect(items.map((i) => [i.kind, i.name])).toEqual([
      ["episode", "The Lantern Quay"],
      ["video", "Lantern Quay trailer"],
    ]);
  });

  it("keep the order an editor sets, and lose a deleted title from every channel", async () => {
    await createChannel(db, { ...form({ source: "manual" }), slug: "picks" });
    await createChannel(db, { ...form({ source: "automatic", ruleKind: "popular" }), slug: "popular" });
    const picks = (await findChannel(db, "picks"))!;
    const popular = (await findChannel(db, "popular"))!;
    await refreshChannel(db, popular, TODAY);
    for (const id of [titleIds[0], titleIds[5], titleIds[9]]) expect(await addChannelItem(db, picks.id, "title", id)).toEqual({ ok: true });
    const items = await listEditorItems(db, picks.id);
    expect(await reorderChannelItems(db, picks.id, [items[2].id, items[0].id, items[1].id])).toEqual({ ok: true });
    expect(await reorderChannelItems(db, picks.id, [items[0].id])).toMatchObject({ ok: false });
    expect((await listEditorItems(db, picks.id)).map((i) => i.name)).toEqual(["Fictional Title 9", "Fictional Title 0", "Fictional Title 5"]);

    await db.delete(titles).where(eq(titles.id, titleIds[0]));
    const [left] = await db.select({ n: sql<number>`count(*)` }).from(channelItems).where(eq(channelItems.titleId, titleIds[0]));
    expect(left.n).toBe(0);
    expect((await loadChannelPage(db, picks, { page: 1, genre: null }))!.items.map((i) => i.name)).toEqual(["Fictional Title 9", "Fictional Title 5"]);
    expect((await loadChannelPage(db, popular, { page: 1, genre: null }))!.items[0].name).toBe("Fictional Title 1");
  });
});

describe("TMDB data in channels", () => {
  it("where to watch: the titles on a provider in a region, most popular first; another region or provider is not mixed in", async () => {
    await db
      .insert(watchProviders)
      .values([
        { id: 990_001, name: "Channelflix" },
        { id: 990_002, name: "Other Stream" },
      ])
      .onConflictDoNothing();
    await db.insert(titleWatchProviders).values([
      { titleId: titleIds[7], region: "GB", kind: "flatrate", providerId: 990_001 },
      { titleId: titleIds[2], region: "GB", kind: "rent", providerId: 990_001 },
      { titleId: titleIds[4], region: "US", kind: "flatrate", providerId: 990_001 },
      { titleId: titleIds[5], region: "GB", kind: "flatrate", providerId: 990_002 },
    ]);
    const created = await createChannel(db, { ...form({ source: "automatic", ruleKind: "where_to_watch", ruleProvider: 990_001, ruleRegion: "gb" }), slug: "on-channelflix" });
    expect(created.ok).toBe(true);
    const channel = (await findChannel(db, "on-channelflix"))!;
    expect(channel.rule).toMatchObject({ kind: "where_to_watch", provider: 990_001, region: "GB" });
    expect((await loadChannelPage(db, channel, { page: 1, genre: null }))!.items.map((i) => i.name)).toEqual(["Fictional Title 2", "Fictional Title 7"]);
    // The provider leaves a title: the next refresh drops it.
    await db.delete(titleWatchProviders).where(eq(titleWatchProviders.titleId, titleIds[2]));
    await refreshChannel(db, channel, TODAY);
    expect((await loadChannelPage(db, channel, { page: 1, genre: null }))!.items.map((i) => i.name)).toEqual(["Fictional Title 7"]);
  });

  it("where to watch needs a known provider and a region: field errors, nothing stored", async () => {
    const missing = await createChannel(db, { ...form({ source: "automatic", ruleKind: "where_to_watch" }), slug: "no-provider" });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(Object.keys(missing.errors).sort()).toEqual(["ruleProvider", "ruleRegion"]);
    const unknown = await createChannel(db, { ...form({ source: "automatic", ruleKind: "where_to_watch", ruleProvider: 123_456_789, ruleRegion: "US" }), slug: "unknown-provider" });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.errors.ruleProvider).toEqual(["Unknown provider."]);
    expect(await findChannel(db, "no-provider")).toBeFalsy();
    expect(await findChannel(db, "unknown-provider")).toBeFalsy();
    expect(channelFormSchema.safeParse({ name: "x", ruleRegion: "Britain" }).success).toBe(false);
  });

  it("top rated by TMDB reads the TMDB vote average and count", async () => {
    await db.update(titles).set({ tmdbRating: 8.8, tmdbVotes: 40 }).where(eq(titles.id, titleIds[9]));
    await db.update(titles).set({ tmdbRating: 9.4, tmdbVotes: 3 }).where(eq(titles.id, titleIds[10])); // too few votes
    await db.update(titles).set({ tmdbRating: 7.1, tmdbVotes: 900 }).where(eq(titles.id, titleIds[11]));
    const created = await createChannel(db, { ...form({ source: "automatic", ruleKind: "top_rated", ruleRatingSource: "tmdb", ruleMinVotes: 10 }), slug: "tmdb-top" });
    expect(created.ok).toBe(true);
    const channel = (await findChannel(db, "tmdb-top"))!;
    expect((await loadChannelPage(db, channel, { page: 1, genre: null }))!.items.map((i) => i.name)).toEqual(["Fictional Title 9", "Fictional Title 11"]);
  });
});

describe("the home page", () => {
  it("runs the same small number of D1 statements for 2 rows or 8 rows (no statement per row or item)", async () => {
    const rowSlugs: string[] = [];
    const rules = ["trending", "popular", "top_rated", "new_releases", "coming_soon", "recently_added", "popular", "top_rated"] as const;
    for (const [i, kind] of rules.entries()) {
      const slug = `row-${i}`;
      await createChannel(db, { ...form({ name: `Row ${i}`, source: "automatic", ruleKind: kind, ruleType: i === 6 ? "series" : "both", ruleRatingSource: "imdb", perPage: 20 }), slug });
      rowSlugs.push(slug);
    }
    await createChannel(db, { ...form({ name: "Home", source: "nested" }), slug: "home" });
    const home = (await findChannel(db, "home"))!;
    for (const slug of rowSlugs.slice(0, 2)) await addChannelItem(db, home.id, "channel", (await findChannel(db, slug))!.id);
    const two = await homeStatements();
    expect(two.data.kind).toBe("channel");

    for (const slug of rowSlugs.slice(2)) await addChannelItem(db, home.id, "channel", (await findChannel(db, slug))!.id);
    const eight = await homeStatements();
    if (eight.data.kind !== "channel") throw new Error("not a channel home page");
    expect(eight.data.page.rows).toHaveLength(8);
    expect(eight.data.page.rows[1].items).toHaveLength(20);
    expect(eight.data.page.rows.reduce((n, row) => n + row.items.length, 0)).toBeGreaterThan(100);
    // The channel, its page of rows, and one statement for every row's items: 3, whatever the rows hold.
    expect(eight.statements).toBe(3);
    expect(two.statements).toBe(eight.statements);
  });

  it("the seeded preset: a trending hero, then Popular movies, Popular series, Top rated, New releases, Coming soon and Browse by genre", async () => {
    const result = await installChannelPreset(db, "home");
    expect(result.slug).toBe("home");
    const page = (await loadChannelPage(db, (await findChannel(db, "home"))!, { page: 1, genre: null }))!;
    expect(page.rows.map((r) => r.channel.name)).toEqual(["Trending", "Popular movies", "Popular series", "Top rated", "New releases", "Coming soon", "Browse by genre"]);
    expect(page.rows[0].channel.layout).toBe("hero");
    expect(page.rows[1].items.every((i) => i.kind === "title" && i.type === "movie")).toBe(true);
    expect(page.genreLinks.map((g) => g.slug)).toEqual(["comedy", "drama"]);
    // Installing again creates nothing and keeps the rows.
    expect((await installChannelPreset(db, "home")).created).toBe(0);
  });

  it("keeps its channel for the next visitor, until forgotten (decision 048)", async () => {
    await createChannel(db, { ...form({ name: "Kept row", source: "manual" }), slug: "kept-row" });
    const row = (await findChannel(db, "kept-row"))!;
    await createChannel(db, { ...form({ name: "Kept home", source: "nested" }), slug: "home" });
    const home = (await findChannel(db, "home"))!;
    await addChannelItem(db, home.id, "channel", row.id);
    const first = await homeStatements();
    expect(first.statements).toBeGreaterThan(0);

    // The next home page reads none of the channel's statements: the isolate kept it.
    const request = new Request("http://localhost/", { headers: { "CF-Connecting-IP": "203.0.113.9" } });
    const counted = countingEnv();
    const { value } = await runRoute(request, (args) => homeLoader(args as never), {}, { env: counted.env, ctx: createExecutionContext(), isLocal: false });
    expect(counted.counts.statements).toBe(0);
    expect((value as typeof first.data).kind).toBe("channel");

    // A change shows once the copy is forgotten (admin writes and the channel refresh do it).
    await addChannelItem(db, row.id, "title", titleIds[0]);
    forgetHomeChannel();
    const { value: after } = await runRoute(request, (args) => homeLoader(args as never));
    if ((after as typeof first.data).kind !== "channel") throw new Error("not a channel home page");
    const shown = (after as Extract<typeof first.data, { kind: "channel" }>).page.rows[0].items;
    expect(shown.map((item) => item.kind === "title" && item.id)).toEqual([titleIds[0]]);
  });
});
