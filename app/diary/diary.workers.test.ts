import { DomainError } from "~/http/domain-error";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { credits, episodes, genres, people, seasons, titleGenres, titles } from "~/catalogue/tables";
import { markWatched } from "~/library/history.server";
import { loadProfileWithLibrary } from "~/library/profile.server";
import { setRating } from "~/library/ratings.server";
import { addToWatchlist } from "~/library/watchlist.server";
import { seriesProgress, watchHistory } from "~/library/tables";
import { notifications } from "~/notifications/tables";
import { createUser, db, makeServices } from "../../tests/support/notifications.workers";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { openD1 } from "~/db/client.server";
import { runTrackingAlerts } from "./alerts.server";
import { addDays, loadCalendar, revokeCalendarToken, rotateCalendarToken, userForCalendarToken } from "./calendar.server";
import { editDiaryEntry, groupByMonth, loadDiaryPage } from "./diary.server";
import { buildCalendar } from "./ical";
import { parseYear } from "./rules";
import { encodeSharePng } from "./share-image";
import { loadYearStats } from "./stats.server";

/**
 * The diary, the year in review, the calendar feed and the tracking alerts on
 * real D1 inside workerd (decision 034). Every title, person and episode here
 * is invented.
 */
const BASE = 934_000;
const FILM_A = BASE + 1;
const FILM_B = BASE + 2;
const SERIES = BASE + 3;
const FILM_C = BASE + 4;
const UPCOMING_FILM = BASE + 5;
const YEAR = 2024;
// The test clock for the calendar and the alerts: far from any other test's dates.
const CLOCK_DAY = "2031-05-15";

beforeAll(async () => {
  await db.insert(genres).values([
    { id: BASE + 1, name: "Diary Test Noir", slug: "diary-test-noir" },
    { id: BASE + 2, name: "Diary Test Farce", slug: "diary-test-farce" },
  ]);
  await db.insert(titles).values([
    { id: FILM_A, type: "movie", name: "Lantern Street", slug: "lantern-street", year: 1978, releaseDate: "1978-04-01", runtime: 101, countries: ["FR", "BE"] },
    { id: FILM_B, type: "movie", name: "Paper Harbour", slug: "paper-harbour", year: 1994, releaseDate: "1994-02-01", runtime: 95, countries: ["FR"] },
    { id: FILM_C, type: "movie", name: "No Runtime Known", slug: "no-runtime-known", year: 2011, releaseDate: "2011-02-01", runtime: null },
    { id: SERIES, type: "series", name: "Glass Orchard", slug: "glass-orchard", year: 2019, releaseDate: "2019-01-01", runtime: 40, seasonCount: 1, episodeCount: 4 },
    { id: UPCOMING_FILM, type: "movie", name: "Tidewater Signal", slug: "tidewater-signal", year: 2031, releaseDate: addDays(CLOCK_DAY, 1), runtime: 110 },
  ]);
  await db.insert(titleGenres).values([
    { titleId: FILM_A, genreId: BASE + 1 },
    { titleId: FILM_B, genreId: BASE + 1 },
    { titleId: FILM_B, genreId: BASE + 2 },
    { titleId: SERIES, genreId: BASE + 2 },
  ]);
  await db.insert(seasons).values({ id: BASE + 1, titleId: SERIES, number: 1, name: "Season 1", episodeCount: 4 });
  await db.insert(episodes).values([
    { id: BASE + 1, titleId: SERIES, seasonId: BASE + 1, seasonNumber: 1, episodeNumber: 1, name: "Seedlings", airDate: "2019-01-01", runtime: 42 },
    { id: BASE + 2, titleId: SERIES, seasonId: BASE + 1, seasonNumber: 1, episodeNumber: 2, name: "Frost", airDate: "2019-01-08", runtime: null },
    // Airs on the test clock's day, then the day after (the calendar's next episode).
    { id: BASE + 3, titleId: SERIES, seasonId: BASE + 1, seasonNumber: 1, episodeNumber: 3, name: 'Grafting; Part One, "Roots"', airDate: CLOCK_DAY, runtime: 44 },
    { id: BASE + 4, titleId: SERIES, seasonId: BASE + 1, seasonNumber: 1, episodeNumber: 4, name: "Harvest", airDate: addDays(CLOCK_DAY, 3), runtime: 44 },
  ]);
  await db.insert(people).values([
    { id: BASE + 1, name: "Iris Vantongeren", slug: "iris-vantongeren" },
    { id: BASE + 2, name: "Tomas Quillfeather", slug: "tomas-quillfeather" },
  ]);
  await db.insert(credits).values([
    { titleId: FILM_A, personId: BASE + 1, kind: "crew", department: "Directing", job: "Director" },
    { titleId: FILM_B, personId: BASE + 1, kind: "crew", department: "Directing", job: "Director" },
    { titleId: FILM_A, personId: BASE + 2, kind: "cast", department: "Acting", job: "Actor", position: 0 },
  ]);
});

async function logWatch(userId: number, titleId: number, watchedOn: string, episode?: { season: number; episode: number }) {
  await markWatched(db, userId, { titleId, watchedOn, season: episode?.season, episode: episode?.episode });
}

describe("the diary", () => {
  it("lists a year's entries newest first, grouped by month, with rating, rewatch and years", async () => {
    const { id: user } = await createUser();
    await logWatch(user, FILM_A, `${YEAR}-01-10`);
    await logWatch(user, FILM_A, `${YEAR}-03-02`);
    await logWatch(user, FILM_B, `${YEAR}-03-20`);
    await logWatch(user, SERIES, `${YEAR}-03-21`, { season: 1, episode: 1 });
    await logWatch(user, FILM_B, `${YEAR - 1}-12-31`);
    await setRating(db, user, { titleId: FILM_A, rating: 8 });

    const { items, years } = await loadDiaryPage(db, user, YEAR);
    expect(items.map((e) => e.watchedOn)).toEqual([`${YEAR}-03-21`, `${YEAR}-03-20`, `${YEAR}-03-02`, `${YEAR}-01-10`]);
    const groups = groupByMonth(items);
    expect(groups.map((g) => [g.month, g.entries.length])).toEqual([
      [`${YEAR}-03`, 3],
      [`${YEAR}-01`, 1],
    ]);
    const march = items.find((e) => e.watchedOn === `${YEAR}-03-02`)!;
    expect(march).toMatchObject({ name: "Lantern Street", rating: 8, rewatch: true });
    expect(items.find((e) => e.watchedOn === `${YEAR}-01-10`)!.rewatch).toBe(false);
    expect(items.find((e) => e.episodeId)!).toMatchObject({ episodeNumber: 1, episodeName: "Seedlings", rewatch: false });
    expect(years).toEqual([YEAR, YEAR - 1]);
  });

  it("the owner edits the day and the rewatch flag; another member's entry id is not found and changes nothing", async () => {
    const { id: owner } = await createUser();
    const { id: other } = await createUser();
    await logWatch(owner, FILM_B, `${YEAR}-05-05`);
    const [entry] = (await loadDiaryPage(db, owner, YEAR)).items;

    await editDiaryEntry(db, owner, entry.id, { watchedOn: `${YEAR}-06-01`, rewatch: true });
    const [edited] = (await loadDiaryPage(db, owner, YEAR)).items;
    expect(edited).toMatchObject({ id: entry.id, watchedOn: `${YEAR}-06-01`, rewatch: true });

    const before = await db.select().from(watchHistory).where(eq(watchHistory.id, entry.id));
    await expect(editDiaryEntry(db, other, entry.id, { watchedOn: `${YEAR}-01-01`, rewatch: false })).rejects.toMatchObject({ status: 404 });
    await expect(editDiaryEntry(db, other, entry.id, {})).rejects.toBeInstanceOf(DomainError);
    expect(await db.select().from(watchHistory).where(eq(watchHistory.id, entry.id))).toEqual(before);
  });

  it("refuses a year of -1, 99999 or text, and takes a plain one", () => {
    for (const bad of ["-1", "99999", "abc", "2026.5", "0x7EA", " 2026"]) expect(parseYear(bad, 2026).ok, bad).toBe(false);
    expect(parseYear("2024", 2026)).toEqual({ ok: true, year: 2024 });
    expect(parseYear(null, 2026)).toEqual({ ok: true, year: 2026 });
  });
});

describe("the year in review", () => {
  it("equals the sums computed from the same rows: counts and hours per month, genres, decades, countries, people, ratings", async () => {
    const { id: user } = await createUser();
    await logWatch(user, FILM_A, `${YEAR}-02-01`);
    await logWatch(user, FILM_A, `${YEAR}-02-14`);
    await logWatch(user, FILM_B, `${YEAR}-07-04`);
    await logWatch(user, FILM_C, `${YEAR}-07-05`);
    await logWatch(user, SERIES, `${YEAR}-07-06`, { season: 1, episode: 1 });
    await logWatch(user, SERIES, `${YEAR}-08-01`, { season: 1, episode: 2 });
    await logWatch(user, FILM_B, `${YEAR + 1}-01-01`);
    await setRating(db, user, { titleId: FILM_A, rating: 9 });
    await setRating(db, user, { titleId: FILM_B, rating: 6 });

    const stats = await loadYearStats(db, user, YEAR);

    // The expected figures, from the rows themselves.
    const rows = await db
      .select({ watchedOn: watchHistory.watchedOn, titleId: watchHistory.titleId, episodeId: watchHistory.episodeId, titleRuntime: titles.runtime, episodeRuntime: episodes.runtime })
      .from(watchHistory)
      .innerJoin(titles, eq(titles.id, watchHistory.titleId))
      .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(and(eq(watchHistory.userId, user), sql`${watchHistory.watchedOn} LIKE ${`${YEAR}-%`}`));
    const minutesOf = (row: (typeof rows)[number]) => (row.episodeId ? (row.episodeRuntime ?? row.titleRuntime ?? 0) : (row.titleRuntime ?? 0));
    const expectedMonths = Array.from({ length: 12 }, (_, i) => {
      const month = String(i + 1).padStart(2, "0");
      const inMonth = rows.filter((row) => row.watchedOn.slice(5, 7) === month);
      return { month, films: inMonth.filter((r) => !r.episodeId).length, episodes: inMonth.filter((r) => r.episodeId).length, minutes: inMonth.reduce((s, r) => s + minutesOf(r), 0) };
    });
    expect(stats.months).toEqual(expectedMonths);
    expect(stats.films).toBe(4);
    expect(stats.episodes).toBe(2);
    // 101 * 2 + 95 + 0 (no runtime) + 42 (the episode's own) + 40 (the series' typical runtime).
    expect(stats.minutes).toBe(rows.reduce((s, r) => s + minutesOf(r), 0));
    expect(stats.minutes).toBe(101 * 2 + 95 + 42 + 40);
    expect(stats.titles).toBe(new Set(rows.map((r) => r.titleId)).size);

    const titleIds = [...new Set(rows.map((r) => r.titleId))];
    const genreRows = await db
      .select({ titleId: titleGenres.titleId, name: genres.name })
      .from(titleGenres)
      .innerJoin(genres, eq(genres.id, titleGenres.genreId))
      .where(
        sql`${titleGenres.titleId} IN (${sql.join(
          titleIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const expectedGenres = new Map<string, number>();
    for (const row of genreRows) expectedGenres.set(row.name, (expectedGenres.get(row.name) ?? 0) + 1);
    expect(new Map(stats.genres.map((g) => [g.name, g.count]))).toEqual(expectedGenres);
    expect(stats.genres[0]).toMatchObject({ name: "Diary Test Farce", count: 2 });

    expect(stats.decades).toEqual([
      { decade: 1970, count: 1 },
      { decade: 1990, count: 1 },
      { decade: 2010, count: 2 },
    ]);
    expect(stats.countries).toEqual([
      { code: "FR", count: 2 },
      { code: "BE", count: 1 },
    ]);
    expect(stats.directors).toEqual([{ id: BASE + 1, name: "Iris Vantongeren", slug: "iris-vantongeren", count: 2 }]);
    expect(stats.cast).toEqual([{ id: BASE + 2, name: "Tomas Quillfeather", slug: "tomas-quillfeather", count: 1 }]);
    expect(stats.highestRated.map((t) => [t.name, t.rating])).toEqual([
      ["Lantern Street", 9],
      ["Paper Harbour", 6],
    ]);
    expect(stats.ratings.filter((r) => r.count > 0)).toEqual([
      { rating: 6, count: 1 },
      { rating: 9, count: 1 },
    ]);
  });

  it("draws the share image as a PNG", async () => {
    const png = await encodeSharePng({ year: YEAR, films: 4, episodes: 2, hours: 6, months: [0, 2, 0, 0, 0, 0, 3, 1, 0, 0, 0, 0] });
    expect([...png.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    // The deflated pixels decompress back to one filter byte and 1200 RGB pixels per row.
    const idatAt = 8 + 25;
    const idatLength = view.getUint32(idatAt);
    const inflated = new Uint8Array(await new Response(new Blob([png.slice(idatAt + 8, idatAt + 8 + idatLength)]).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer());
    expect(inflated.length).toBe(630 * (1200 * 3 + 1));
  });
});

describe("the calendar", () => {
  it("the iCal feed parses with ical.js and holds the next episode of a series in progress and a watchlisted release", async () => {
    const { id: user } = await createUser();
    await logWatch(user, SERIES, `${YEAR}-01-01`, { season: 1, episode: 1 });
    await addToWatchlist(db, user, UPCOMING_FILM);
    const items = await loadCalendar(db, user, addDays(CLOCK_DAY, 1), addDays(CLOCK_DAY, 90));
    const text = buildCalendar(
      items.map((item) => ({
        uid: `${item.kind}-${item.id}@reelbase.test`,
        date: item.date,
        summary: item.kind === "episode" ? `${item.name} S${item.seasonNumber}E${item.episodeNumber}: ${item.episodeName}` : `${item.name} is released`,
        url: `https://reelbase.test/titles/${item.titleId}/${item.slug}`,
        description: "A long description, with commas; semicolons and a newline\nthat must be escaped and folded because it is well over seventy-five octets long: ééééééééé",
      })),
      { name: "Reelbase: what I track", now: new Date(`${CLOCK_DAY}T12:00:00Z`) },
    );
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const episode = events.find((e) => e.summary.startsWith("Glass Orchard S1E4"));
    expect(episode, text).toBeDefined();
    expect(episode!.startDate.isDate).toBe(true);
    expect(episode!.startDate.toString()).toBe(addDays(CLOCK_DAY, 3));
    expect(episode!.endDate.toString()).toBe(addDays(CLOCK_DAY, 4));
    expect(episode!.description).toContain("commas; semicolons and a newline\nthat must");
    const release = events.find((e) => e.summary === "Tidewater Signal is released");
    expect(release!.startDate.toString()).toBe(addDays(CLOCK_DAY, 1));
  });

  it("a feed token finds its member until rotated or revoked", async () => {
    const { id: user } = await createUser();
    const first = await rotateCalendarToken(db, user);
    expect(await userForCalendarToken(db, first)).toBe(user);
    const second = await rotateCalendarToken(db, user);
    expect(second).not.toBe(first);
    expect(await userForCalendarToken(db, first)).toBeNull();
    expect(await userForCalendarToken(db, second)).toBe(user);
    await revokeCalendarToken(db, user);
    expect(await userForCalendarToken(db, second)).toBeNull();
    expect(await userForCalendarToken(db, "not-a-token.ics")).toBeNull();
  });
});

describe("tracking alerts", () => {
  it("the cron run on a test clock sends one new-episode alert per member and episode, never twice", async () => {
    const following = await createUser();
    const watchlisting = await createUser();
    const both = await createUser();
    await logWatch(following.id, SERIES, `${YEAR}-01-01`, { season: 1, episode: 1 });
    await addToWatchlist(db, watchlisting.id, SERIES);
    await logWatch(both.id, SERIES, `${YEAR}-01-01`, { season: 1, episode: 1 });
    await addToWatchlist(db, both.id, SERIES);
    await addToWatchlist(db, watchlisting.id, UPCOMING_FILM);
    expect(await db.select().from(seriesProgress).where(eq(seriesProgress.userId, following.id))).toHaveLength(1);

    const services = makeServices();
    const alertsOf = async (userId: number) => db.select({ type: notifications.type, data: notifications.data }).from(notifications).where(eq(notifications.userId, userId));
    const clock = new Date(`${CLOCK_DAY}T09:00:00Z`);
    await runTrackingAlerts(services, clock);
    // The same run again, and an hour later: nothing new.
    await Promise.all([runTrackingAlerts(services, clock), runTrackingAlerts(services, new Date(clock.getTime() + 3_600_000))]);
    await services.settle();
    for (const member of [following, watchlisting, both]) {
      const sent = (await alertsOf(member.id)).filter((n) => n.type === "tracking.new_episode");
      expect(sent, `member ${member.id}`).toHaveLength(1);
      expect(JSON.stringify(sent[0].data)).toContain("S1 E3");
    }
    // The next day the release and (three days on) the next episode go out, each once.
    await runTrackingAlerts(services, new Date(`${addDays(CLOCK_DAY, 1)}T09:00:00Z`));
    await runTrackingAlerts(services, new Date(`${addDays(CLOCK_DAY, 3)}T09:00:00Z`));
    await runTrackingAlerts(services, new Date(`${addDays(CLOCK_DAY, 3)}T09:30:00Z`));
    await services.settle();
    expect((await alertsOf(watchlisting.id)).filter((n) => n.type === "tracking.release")).toHaveLength(1);
    expect((await alertsOf(following.id)).filter((n) => n.type === "tracking.release")).toHaveLength(0);
    for (const member of [following, watchlisting, both]) expect((await alertsOf(member.id)).filter((n) => n.type === "tracking.new_episode")).toHaveLength(2);
  });
});

describe("query plans", () => {
  const baseTables = new Set<string>();
  async function expectNoScans(run: (database: ReturnType<typeof openD1>["db"]) => Promise<unknown>) {
    if (baseTables.size === 0) {
      const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'").all<{ name: string }>();
      for (const row of tables.results) baseTables.add(row.name);
    }
    await db.run(sql`ANALYZE`);
    const recorder = countingD1(env.DB);
    await run(openD1(recorder.env.DB, null).db);
    expect(recorder.recorded.length).toBeGreaterThan(0);
    for (const { sql: statement, params } of recorder.recorded) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`)
        .bind(...params)
        .all<{ detail: string }>();
      const scans = plan.results
        .map((row) => row.detail)
        .filter((detail) => {
          const table = /^SCAN (\w+)(?: \(|$)/.exec(detail.trim())?.[1];
          if (!table) return false;
          const alias = new RegExp(`\\b(\\w+)\\s+(?:AS\\s+)?${table}\\b`, "i").exec(statement)?.[1];
          return baseTables.has(table) || (alias !== undefined && baseTables.has(alias));
        });
      expect(scans, `${statement}\n${plan.results.map((r) => r.detail).join("\n")}`).toEqual([]);
    }
  }

  it("the check itself catches a statement that reads a table whole", async () => {
    await expect(expectNoScans((database) => database.all(sql`SELECT id FROM titles WHERE plot = 'no such plot'`))).rejects.toThrow(/SCAN titles/);
  });

  it("the diary, the year in review, the calendar and the alerts job read no table whole", async () => {
    const { id: user } = await createUser();
    await logWatch(user, FILM_A, `${YEAR}-02-01`);
    await expectNoScans((database) => loadDiaryPage(database, user, YEAR));
    await expectNoScans((database) => loadYearStats(database, user, YEAR));
    await expectNoScans((database) => loadCalendar(database, user, CLOCK_DAY, addDays(CLOCK_DAY, 90)));
    await expectNoScans((database) => userForCalendarToken(database, "x".repeat(43)));
    await expectNoScans((database) => runTrackingAlerts({ ...makeServices(), db: database }, new Date(`${addDays(CLOCK_DAY, 200)}T09:00:00Z`)));
  });

  it("the owner, the diary, the year in review and the calendar are one round trip each (decision 048)", async () => {
    const { id: user } = await createUser();
    await logWatch(user, FILM_A, `${YEAR}-02-01`);
    const trips = async (run: (database: ReturnType<typeof openD1>["db"]) => Promise<unknown>) => {
      const recorder = countingD1(env.DB);
      await run(openD1(recorder.env.DB, null).db);
      return { roundTrips: recorder.roundTrips(), statements: recorder.counts.statements };
    };
    expect(await trips((database) => loadProfileWithLibrary(database, user))).toEqual({ roundTrips: 1, statements: 2 });
    expect(await trips((database) => loadDiaryPage(database, user, YEAR))).toEqual({ roundTrips: 1, statements: 2 });
    expect(await trips((database) => loadYearStats(database, user, YEAR))).toEqual({ roundTrips: 1, statements: 9 });
    expect(await trips((database) => loadCalendar(database, user, CLOCK_DAY, addDays(CLOCK_DAY, 90)))).toEqual({ roundTrips: 1, statements: 2 });
  });
});
