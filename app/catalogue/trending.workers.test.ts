import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { titles, titleViews, videoPlays, videos } from "./tables";
import { runScheduledJobs } from "~/scheduled/jobs.server";
import { recalculateTrending, trendingTitles } from "./trending.server";
import { dayNumber, recordTitleView, recordVideoPlay, viewerKeyFor } from "./views.server";

const { db } = openD1(env.DB, null);
const NOW = new Date("2026-11-20T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

let ids: { a: number; b: number; c: number; video: number };

beforeEach(async () => {
  await db.delete(videoPlays);
  await db.delete(titleViews);
  await db.delete(videos);
  await db.delete(titles);
  const inserted = [];
  for (const [name, popularity] of [
    ["Alpha", 10],
    ["Bravo", 50],
    ["Charlie", 90],
  ] as const) {
    const [row] = await db.insert(titles).values({ type: "movie", name, slug: name.toLowerCase(), popularity }).returning({ id: titles.id });
    inserted.push(row.id);
  }
  const [video] = await db.insert(videos).values({ titleId: inserted[0], name: "Trailer", category: "trailer", source: "youtube", src: "dQw4w9WgXcQ" }).returning({ id: videos.id });
  ids = { a: inserted[0], b: inserted[1], c: inserted[2], video: video.id };
});

async function counters(id: number) {
  const [row] = await db.select({ views: titles.views, plays: titles.plays }).from(titles).where(eq(titles.id, id));
  return row;
}

describe("views and plays", () => {
  it("count a title view once per viewer and day", async () => {
    expect(await recordTitleView(db, ids.a, { viewerKey: "u:1", now: NOW })).toBe(true);
    expect(await recordTitleView(db, ids.a, { viewerKey: "u:1", now: NOW })).toBe(false);
    expect(await recordTitleView(db, ids.a, { viewerKey: "u:1", now: new Date(NOW.getTime() + 3600_000) })).toBe(false);
    expect(await recordTitleView(db, ids.a, { viewerKey: "u:2", now: NOW })).toBe(true);
    expect(await recordTitleView(db, ids.a, { viewerKey: "u:1", now: daysAgo(-1) })).toBe(true);
    expect(await counters(ids.a)).toEqual({ views: 3, plays: 0 });
  });

  it("count a play once per viewer and day, for the video and its title", async () => {
    expect(await recordVideoPlay(db, ids.video, { viewerKey: "u:1", now: NOW })).toBe(true);
    expect(await recordVideoPlay(db, ids.video, { viewerKey: "u:1", now: NOW })).toBe(false);
    expect(await recordVideoPlay(db, ids.video, { viewerKey: "u:3", now: NOW })).toBe(true);
    expect(await counters(ids.a)).toEqual({ views: 0, plays: 2 });
    const [video] = await db.select({ plays: videos.plays }).from(videos).where(eq(videos.id, ids.video));
    expect(video.plays).toBe(2);
  });

  it("ignore unknown ids and malformed keys without throwing", async () => {
    expect(await recordTitleView(db, 999_999, { viewerKey: "u:1", now: NOW })).toBe(false);
    expect(await recordTitleView(db, -1, { viewerKey: "u:1" })).toBe(false);
    expect(await recordTitleView(db, Number.NaN, { viewerKey: "u:1" })).toBe(false);
    expect(await recordTitleView(db, ids.a, { viewerKey: "x".repeat(500) })).toBe(false);
    expect(await recordVideoPlay(db, 999_999, { viewerKey: "u:1" })).toBe(false);
    expect(await counters(ids.a)).toEqual({ views: 0, plays: 0 });
  });

  it("key anonymous viewers by a keyed hash of address and browser, users by id", async () => {
    const request = (ip: string, ua: string) => new Request("https://example.test/", { headers: { "CF-Connecting-IP": ip, "User-Agent": ua } });
    const one = await viewerKeyFor(request("203.0.113.5", "Firefox"), null, "secret");
    expect(one).toMatch(/^a:[0-9a-f]{32}$/);
    expect(await viewerKeyFor(request("203.0.113.5", "Firefox"), null, "secret")).toBe(one);
    expect(await viewerKeyFor(request("203.0.113.6", "Firefox"), null, "secret")).not.toBe(one);
    expect(await viewerKeyFor(request("203.0.113.5", "Chrome"), null, "secret")).not.toBe(one);
    expect(await viewerKeyFor(request("203.0.113.5", "Firefox"), null, "other")).not.toBe(one);
    expect(one).not.toContain("203");
    expect(await viewerKeyFor(request("203.0.113.5", "Firefox"), 42, "secret")).toBe("u:42");
    expect(await recordTitleView(db, ids.b, { viewerKey: one, now: NOW })).toBe(true);
  });
});

describe("trending", () => {
  it("scores recent views and plays with decay, and ranks by score", async () => {
    // Bravo: 4 views today. Charlie: 6 views four days ago (decayed to 1.5). Alpha: 1 play today (x3).
    for (let i = 0; i < 4; i++) await recordTitleView(db, ids.b, { viewerKey: `u:${i + 1}`, now: NOW });
    for (let i = 0; i < 6; i++) await recordTitleView(db, ids.c, { viewerKey: `u:${i + 1}`, now: daysAgo(4) });
    await recordVideoPlay(db, ids.video, { viewerKey: "u:9", now: NOW });
    // Too old to count: eight days ago.
    for (let i = 0; i < 50; i++) await recordTitleView(db, ids.c, { viewerKey: `u:${100 + i}`, now: daysAgo(8) });

    const result = await recalculateTrending(db, { now: NOW });
    expect(result.scored).toBe(3);
    const scores = Object.fromEntries(
      (
        await db
          .select({ id: titles.id, score: titles.trendingScore })
          .from(titles)
          .where(inArray(titles.id, [ids.a, ids.b, ids.c]))
      ).map((r) => [r.id, r.score]),
    );
    expect(scores[ids.b]).toBeCloseTo(4);
    expect(scores[ids.a]).toBeCloseTo(3);
    expect(scores[ids.c]).toBeCloseTo(1.5);
    expect((await trendingTitles(db, { limit: 3 })).map((t) => t.id)).toEqual([ids.b, ids.a, ids.c]);
  });

  it("resets titles nobody viewed lately and prunes old rows", async () => {
    await recordTitleView(db, ids.a, { viewerKey: "u:1", now: NOW });
    await recalculateTrending(db, { now: NOW });
    expect((await trendingTitles(db, { limit: 1 }))[0].id).toBe(ids.a);

    await recordTitleView(db, ids.b, { viewerKey: "u:1", now: daysAgo(40) });
    const later = await recalculateTrending(db, { now: daysAgo(-10) });
    expect(later.scored).toBe(0);
    expect(later.pruned).toBe(1); // the 40-day-old row; today's stays within the 30-day retention
    const [{ score }] = await db.select({ score: titles.trendingScore }).from(titles).where(eq(titles.id, ids.a));
    expect(score).toBe(0);
    expect((await db.select().from(titleViews)).map((r) => r.day)).toEqual([dayNumber(NOW)]);
    // Totals survive pruning.
    expect(await counters(ids.b)).toEqual({ views: 1, plays: 0 });
  });

  it("runs from the Cron Trigger's scheduled jobs", async () => {
    await recordTitleView(db, ids.c, { viewerKey: "u:1" });
    await runScheduledJobs(env, "*/30 * * * *");
    expect((await trendingTitles(db, { limit: 1 }))[0]).toMatchObject({ id: ids.c, trendingScore: 1 });
  });

  it("falls back to popularity when nothing is trending", async () => {
    await recalculateTrending(db, { now: NOW });
    expect((await trendingTitles(db, { limit: 3 })).map((t) => t.name)).toEqual(["Charlie", "Bravo", "Alpha"]);
    expect((await trendingTitles(db, { limit: 3, type: "series" })).map((t) => t.name)).toEqual([]);
  });
});
