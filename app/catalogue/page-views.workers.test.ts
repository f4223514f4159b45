import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { VIEW_ROWS_PER_STATEMENT } from "~/constants";
import { openD1 } from "~/db/client.server";
import type { WorkerContext } from "~/request/context";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { countGuestView } from "./page-views.server";
import { titles, titleViews, videos } from "./tables";

/**
 * Page views under load (decision 026): the views of many requests reach D1
 * together, one batch, and every one of them is counted exactly once.
 */
const { db } = openD1(env.DB, null);
let run = 0;

beforeAll(async () => {
  await db
    .insert(titles)
    .values([
      { id: 970_001, type: "movie", name: "Buffered Film", slug: "buffered-film", year: 2002, popularity: 1 },
      { id: 970_002, type: "movie", name: "Other Buffered Film", slug: "other-buffered-film", year: 2003, popularity: 1 },
    ])
    .onConflictDoNothing();
  await db.insert(videos).values({ id: 970_101, titleId: 970_002, name: "Trailer", category: "trailer", source: "youtube", src: "bufferedfilm" }).onConflictDoNothing();
});

/** A guest's request from their own address (each address is a different viewer). */
function guestRequest(address: string) {
  return new Request("https://reelbase.test/titles/970001/buffered-film", { headers: { "CF-Connecting-IP": address, "User-Agent": "Test browser" } });
}

function workerFor(dbEnv: Env, ctx: ExecutionContext, i: number): WorkerContext {
  return { env: dbEnv, ctx, requestId: `views-${run}-${i}`, nonce: "", isLocal: false };
}

async function counters(id: number) {
  const [row] = await db.select({ views: titles.views, plays: titles.plays }).from(titles).where(eq(titles.id, id));
  return row;
}

describe("views from many requests", () => {
  it("forty guests viewing at once: one D1 round trip, every view counted exactly once", async () => {
    run++;
    const d1 = countingD1(env.DB);
    const before = await counters(970_001);
    const contexts = Array.from({ length: 40 }, () => createExecutionContext());
    contexts.forEach((ctx, i) => countGuestView(workerFor(d1.env, ctx, i), guestRequest(`198.51.${run}.${i}`), "view", 970_001));
    await Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)));

    expect(await counters(970_001)).toEqual({ views: before.views + 40, plays: before.plays });
    // Two INSERTs (30 rows, then 10) in one batch: one round trip, where each view used to be one.
    expect(d1.counts).toMatchObject({ statements: Math.ceil(40 / VIEW_ROWS_PER_STATEMENT), writes: 2, batches: 1 });
    expect(d1.roundTrips()).toBe(1);
  });

  it("a viewer seen again today and a view of an unknown title add nothing; views and plays share the write", async () => {
    run++;
    const d1 = countingD1(env.DB);
    const before = { one: await counters(970_001), two: await counters(970_002) };
    const viewsBefore = (
      await db
        .select({ id: titleViews.titleId })
        .from(titleViews)
        .where(inArray(titleViews.titleId, [970_001, 970_002]))
    ).length;
    const contexts = Array.from({ length: 5 }, () => createExecutionContext());
    const same = `198.51.${run}.7`;
    countGuestView(workerFor(d1.env, contexts[0], 0), guestRequest(same), "view", 970_001);
    countGuestView(workerFor(d1.env, contexts[1], 1), guestRequest(same), "view", 970_001); // the same viewer again
    countGuestView(workerFor(d1.env, contexts[2], 2), guestRequest(`198.51.${run}.8`), "view", 970_002);
    countGuestView(workerFor(d1.env, contexts[3], 3), guestRequest(`198.51.${run}.9`), "play", 970_101);
    countGuestView(workerFor(d1.env, contexts[4], 4), guestRequest(`198.51.${run}.10`), "view", 979_999); // no such title
    await Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)));

    expect(await counters(970_001)).toEqual({ views: before.one.views + 1, plays: before.one.plays });
    // The play counts for the trailer's title.
    expect(await counters(970_002)).toEqual({ views: before.two.views + 1, plays: before.two.plays + 1 });
    const viewsAfter = (
      await db
        .select({ id: titleViews.titleId })
        .from(titleViews)
        .where(inArray(titleViews.titleId, [970_001, 970_002]))
    ).length;
    expect(viewsAfter).toBe(viewsBefore + 2);
    expect(d1.counts).toMatchObject({ statements: 2, batches: 1 });
    expect(d1.roundTrips()).toBe(1);
  });

  it("views after a write go into the next one", async () => {
    run++;
    const d1 = countingD1(env.DB);
    const before = await counters(970_001);
    const first = createExecutionContext();
    countGuestView(workerFor(d1.env, first, 0), guestRequest(`198.51.${run}.1`), "view", 970_001);
    await waitOnExecutionContext(first);
    const second = createExecutionContext();
    countGuestView(workerFor(d1.env, second, 1), guestRequest(`198.51.${run}.2`), "view", 970_001);
    await waitOnExecutionContext(second);

    expect(await counters(970_001)).toEqual({ views: before.views + 2, plays: before.plays });
    expect(d1.roundTrips()).toBe(2);
  });
});
