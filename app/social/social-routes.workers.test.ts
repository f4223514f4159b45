import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { letEveryoneViewTitles } from "../../tests/support/guest-access.workers";
import { runRoute } from "../../tests/workers/app-request";
import { appKeys } from "~/auth/crypto.server";
import { parseUserAgent } from "~/auth/user-agent";
import { createSession } from "~/auth/sessions.server";
import { createUser } from "~/auth/users.server";
import { forgetAllSignedIn } from "~/auth/signed-in-cache.server";
import { roles } from "~/auth/roles.tables";
import { titles } from "~/catalogue/tables";
import { openD1 } from "~/db/client.server";
import { setRating } from "~/library/ratings.server";
import { markWatched } from "~/library/history.server";
import { loader as feedApi } from "~/routes/api/v1/social/feed";
import { action as followApi } from "~/routes/api/v1/social/follow";
import { loader as followListApi } from "~/routes/api/v1/social/follow-list";
import { loader as feedPage } from "~/routes/social/feed";
import { action as followForm } from "~/routes/social/follow";
import { loader as followListPage } from "~/routes/social/follow-list";
import { loader as profilePage } from "~/routes/profiles/user-profile";
import { loader as titleReviewsPage } from "~/routes/community/title-reviews";
import { loader as titlePage } from "~/routes/titles/title";
import { followedReviewsQuery } from "~/community/reviews.server";
import { reviews } from "~/community/tables";
import { block, follow } from "./follows.server";
import { follows, memberSocial, userBlocks } from "./tables";
import { friendsOnTitleQuery } from "./friends.server";

/**
 * The follow and feed routes behind the real root middleware: bad input is
 * a field error or a 4xx and changes no row (following oneself, a blocked
 * member, a cursor that is not one); a block hides the blocker's profile;
 * and every statement the feed, follow lists and follow writes run seeks
 * by an index (no whole-table scan). Every member here is invented.
 */
const { db } = openD1(env.DB, null);
const APP_KEY = (env as unknown as { APP_KEY: string }).APP_KEY;
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.9", city: null, country: null };
const FILM = 961_001;
const REVIEWED_FILM = 961_002;

async function newMember(name = "Member") {
  const user = await createUser(db, { email: `social-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified: true });
  await db.run(sql`UPDATE users SET first_name = ${name} WHERE id = ${user!.id}`);
  const session = await createSession(db, await appKeys(APP_KEY), new Request("http://localhost/"), { userId: user!.id, remember: true, info });
  return { id: user!.id, cookie: session.cookie.split(";")[0]! };
}

type Handler = (args: never) => unknown;
async function call(handler: Handler, url: string, init: { cookie?: string; method?: string; body?: BodyInit; params?: Record<string, string>; d1?: ReturnType<typeof countingD1> } = {}) {
  forgetAllSignedIn();
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { "CF-Connecting-IP": "203.0.113.9", "User-Agent": "social-test" };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.body instanceof URLSearchParams) headers["Content-Type"] = "application/x-www-form-urlencoded";
  if (typeof init.body === "string") headers["Content-Type"] = "application/json";
  if (init.method && init.method !== "GET") headers.Origin = "http://localhost";
  const request = new Request(`http://localhost${url}`, { method: init.method ?? "GET", headers, body: init.body });
  const result = await runRoute(request, (args) => handler(args as never), init.params ?? {}, { ctx, env: init.d1?.env, isLocal: false });
  await waitOnExecutionContext(ctx);
  const out = (result.value ?? result.thrown) as unknown;
  if (out instanceof Response) return { status: out.status, body: out.headers.get("Content-Type")?.includes("json") ? await out.json() : null };
  // data() results (DataWithResponseInit) and plain objects.
  const withInit = out as { type?: string; data?: unknown; init?: { status?: number } };
  if (withInit && withInit.type === "DataWithResponseInit") return { status: withInit.init?.status ?? 200, body: withInit.data };
  return { status: 200, body: out };
}

async function rowCounts() {
  const [[f], [b], [m]] = await Promise.all([
    db.select({ n: sql<number>`count(*)` }).from(follows),
    db.select({ n: sql<number>`count(*)` }).from(userBlocks),
    db.select({ n: sql<number>`coalesce(sum(followers_count + following_count + requests_count), 0)` }).from(memberSocial),
  ]);
  return [f!.n, b!.n, m!.n];
}

beforeAll(async () => {
  await db
    .insert(roles)
    .values([
      { name: "guests", guest: true },
      { name: "users", default: true },
    ])
    .onConflictDoNothing();
  await letEveryoneViewTitles(db); // the title and reviews pages
  await db
    .insert(titles)
    .values([
      { id: FILM, type: "movie", name: "The Quiet Cartographer", slug: "the-quiet-cartographer", year: 1979, popularity: 1 },
      { id: REVIEWED_FILM, type: "movie", name: "The Lantern Ferry", slug: "the-lantern-ferry", year: 1983, popularity: 1 },
    ])
    .onConflictDoNothing();
});

describe("bad input: a field error or a 4xx, never a 500, and no row changes", () => {
  it("refuses following oneself, a member who blocked me, a member I blocked, and an id that is not one", async () => {
    const me = await newMember();
    const blocker = await newMember();
    const blocked = await newMember();
    await block(db, blocker.id, me.id);
    await block(db, me.id, blocked.id);
    const before = await rowCounts();

    const self = await call(followApi, "/api/v1/follows", { cookie: me.cookie, method: "POST", body: JSON.stringify({ user_id: me.id }) });
    expect(self.status).toBe(422);
    expect(self.body).toMatchObject({ errors: { user_id: ["You cannot follow yourself."] } });
    const silent = await call(followApi, "/api/v1/follows", { cookie: me.cookie, method: "POST", body: JSON.stringify({ user_id: blocker.id }) });
    expect(silent.status).toBe(404);
    expect(JSON.stringify(silent.body)).not.toMatch(/block/i);
    const mine = await call(followApi, "/api/v1/follows", { cookie: me.cookie, method: "POST", body: JSON.stringify({ user_id: blocked.id }) });
    expect(mine.status).toBe(422);
    for (const body of [JSON.stringify({ user_id: "abc" }), JSON.stringify({}), "{not json", JSON.stringify({ user_id: -1 })]) {
      const bad = await call(followApi, "/api/v1/follows", { cookie: me.cookie, method: "POST", body });
      expect(bad.status, body).toBeGreaterThanOrEqual(400);
      expect(bad.status, body).toBeLessThan(500);
    }
    // Unfollowing someone I do not follow changes nothing either.
    expect((await call(followApi, `/api/v1/follows/${blocked.id}`, { cookie: me.cookie, method: "DELETE", params: { id: String(blocked.id) } })).status).toBe(200);

    // The page's form: the same refusals as field errors.
    const form = await call(followForm, "/social/follow", { cookie: me.cookie, method: "POST", body: new URLSearchParams({ intent: "follow", userId: String(me.id) }) });
    expect(form.status).toBe(422);
    expect(form.body).toMatchObject({ ok: false, errors: { user_id: ["You cannot follow yourself."] } });
    const garbage = await call(followForm, "/social/follow", { cookie: me.cookie, method: "POST", body: new URLSearchParams({ intent: "befriend", userId: "-4" }) });
    expect(garbage.status).toBe(422);
    expect(garbage.body).toMatchObject({ ok: false, errors: { intent: expect.any(Array), userId: expect.any(Array) } });

    expect(await rowCounts()).toEqual(before);
  });

  it("a feed cursor that is not one: 422 with the field from the API, 400 on the page", async () => {
    const me = await newMember();
    for (const cursor of ["nope", "MTIz", "ZjEuMA", "%00", "x".repeat(80)]) {
      const api = await call(feedApi, `/api/v1/feed?cursor=${encodeURIComponent(cursor)}`, { cookie: me.cookie });
      expect(api.status, cursor).toBe(422);
      expect(api.body, cursor).toMatchObject({ errors: { cursor: ["This is not a feed cursor."] } });
      const page = await call(feedPage, `/feed?cursor=${encodeURIComponent(cursor)}`, { cookie: me.cookie });
      expect(page.status, cursor).toBe(400);
      expect(page.body).toMatchObject({ error: "This is not a feed cursor.", items: [] });
    }
  });
});

describe("blocks and privacy", () => {
  it("a blocker's profile and follow lists are not found for the member they blocked; others still see them", async () => {
    const blocker = await newMember("Blocker");
    const blocked = await newMember();
    const other = await newMember();
    await block(db, blocker.id, blocked.id);
    const slug = "blocker";
    const params = { id: String(blocker.id), slug };
    expect((await call(profilePage, `/user/${blocker.id}/${slug}`, { cookie: blocked.cookie, params })).status).toBe(404);
    expect((await call(followListPage, `/user/${blocker.id}/${slug}/followers`, { cookie: blocked.cookie, params })).status).toBe(404);
    expect((await call(followListApi, `/api/v1/users/${blocker.id}/followers`, { cookie: blocked.cookie, params: { id: String(blocker.id) } })).status).toBe(404);
    expect((await call(profilePage, `/user/${blocker.id}/${slug}`, { cookie: other.cookie, params })).status).toBe(200);
  });
});

describe("the reviews of the people I follow come first", () => {
  it("A follows B: B's review leads A's reviews page and title page, marked; a guest's and a stranger's lists keep the usual order", async () => {
    const a = await newMember("Ana");
    const b = await newMember("Bea");
    const c = await newMember("Cid");
    const stranger = await newMember("Stranger");
    await follow(db, a.id, b.id);
    await follow(db, a.id, c.id);
    const review = (userId: number, headline: string, helpfulCount: number) => ({ userId, titleId: REVIEWED_FILM, score: 7, headline, body: "Fine.", bodyHtml: "<p>Fine.</p>", helpfulCount });
    // Most helpful first for everyone else: the stranger's, then Cid's (held, so never listed), then Bea's.
    const [strangers, , beas] = await db
      .insert(reviews)
      .values([review(stranger.id, "Most helpful by far", 40), { ...review(c.id, "Held back", 30), status: "held" }, review(b.id, "Bea's short take", 0)])
      .returning({ id: reviews.id });
    const params = { id: String(REVIEWED_FILM), slug: "the-lantern-ferry" };
    type ReviewsPage = { reviews: { id: number; followed?: boolean }[] };
    const listed = async (cookie?: string, query = "") =>
      ((await call(titleReviewsPage, `/titles/${REVIEWED_FILM}/the-lantern-ferry/reviews${query}`, { cookie, params })).body as ReviewsPage).reviews.map((r) => [r.id, r.followed ?? false]);

    expect(await listed(a.cookie)).toEqual([
      [beas!.id, true],
      [strangers!.id, false],
    ]);
    for (const other of [undefined, stranger.cookie]) {
      expect(await listed(other)).toEqual([
        [strangers!.id, false],
        [beas!.id, false],
      ]);
    }
    // Another order and a later page: Bea's review is not listed a second time.
    expect(await listed(a.cookie, "?sort=newest")).toEqual([
      [beas!.id, true],
      [strangers!.id, false],
    ]);
    expect(await listed(a.cookie, `?sort=newest&cursor=${strangers!.id + 1000}`)).toEqual([[strangers!.id, false]]);

    // The title page's server-rendered section (it works without JavaScript): Bea's review first, marked.
    const order = async (cookie?: string) => {
      const html = ((await call(titlePage, `/titles/${REVIEWED_FILM}/the-lantern-ferry`, { cookie, params })).body as { reviewsHtml: string }).reviewsHtml;
      return [...html.matchAll(/data-review-id="(\d+)"/g)].map((m) => Number(m[1]));
    };
    const html = ((await call(titlePage, `/titles/${REVIEWED_FILM}/the-lantern-ferry`, { cookie: a.cookie, params })).body as { reviewsHtml: string }).reviewsHtml;
    expect(await order(a.cookie)).toEqual([beas!.id, strangers!.id]);
    expect(html.match(/data-testid="review-followed"/g)).toHaveLength(1);
    expect(html).toContain(">You follow<");
    expect(await order()).toEqual([strangers!.id, beas!.id]);
    const guestHtml = ((await call(titlePage, `/titles/${REVIEWED_FILM}/the-lantern-ferry`, { params })).body as { reviewsHtml: string }).reviewsHtml;
    expect(guestHtml).not.toContain("review-followed");
  });
});

describe("query plans of the new statements", () => {
  it("the feed, follow lists, follow writes, friends and their reviews on a title page seek by an index (no whole-table scan)", async () => {
    const me = await newMember();
    const friend = await newMember("Friend");
    await follow(db, me.id, friend.id);
    await setRating(db, friend.id, { titleId: FILM, rating: 8 });
    await markWatched(db, friend.id, { titleId: FILM, watchedOn: "2026-10-01" });
    const d1 = countingD1(env.DB);
    const feed = await call(feedApi, "/api/v1/feed", { cookie: me.cookie, d1 });
    expect(feed.status).toBe(200);
    expect((feed.body as { items: unknown[] }).items).toHaveLength(2);
    // The watch's day is watched_on on the wire (decision 036); watchedOn, the older name, for one release.
    const watched = (feed.body as { items: { kind: string; titles: Record<string, unknown>[] }[] }).items.find((item) => item.kind === "watch");
    expect(watched?.titles[0]).toMatchObject({ watched_on: "2026-10-01", watchedOn: "2026-10-01" });
    const cursorFeed = await call(feedApi, `/api/v1/feed?cursor=${btoa("f1.999999999").replace(/=+$/, "")}`, { cookie: me.cookie, d1 });
    expect(cursorFeed.status).toBe(200);
    await call(followListApi, `/api/v1/users/${friend.id}/followers`, { cookie: me.cookie, params: { id: String(friend.id) }, d1 });
    await call(followListApi, `/api/v1/users/${me.id}/following?before=9999999999.1`, { cookie: me.cookie, params: { id: String(me.id) }, d1 });
    const other = await newMember();
    expect((await call(followApi, "/api/v1/follows", { cookie: me.cookie, method: "POST", body: JSON.stringify({ user_id: other.id }), d1 })).status).toBe(200);
    expect((await call(followApi, `/api/v1/follows/${other.id}`, { cookie: me.cookie, method: "DELETE", params: { id: String(other.id) }, d1 })).status).toBe(200);
    const friendsSql = friendsOnTitleQuery(db, me.id, FILM).toSQL();
    const followedSql = followedReviewsQuery(db, me.id, FILM).toSQL();
    const recorded = [...d1.recorded, { sql: friendsSql.sql, params: friendsSql.params }, { sql: followedSql.sql, params: followedSql.params }];
    const social = recorded.filter((r) => /\b(follows|activities|member_social|user_blocks)\b/.test(r.sql));
    expect(social.length).toBeGreaterThan(8);
    expect(await fullScans(social)).toEqual([]);
  });
});

/** Plan lines that read a whole base table ("SCAN t" with no index), as app/catalogue/query-plans.workers.test.ts judges them. */
async function fullScans(recorded: { sql: string; params: unknown[] }[]) {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'").all<{ name: string }>();
  const base = new Set(tables.results.map((row) => row.name));
  const found: string[] = [];
  for (const { sql: text, params } of recorded) {
    const aliases = new Map<string, string>();
    for (const match of text.matchAll(/\b(?:from|join)\s+["`]?(\w+)["`]?(?:\s+(?:as\s+)?["`]?(\w+)["`]?)?/gi)) {
      const [, table, alias] = match;
      aliases.set(table!, table!);
      if (alias && !/^(on|where|inner|left|join|order|group|limit|using|cross)$/i.test(alias)) aliases.set(alias, table!);
    }
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    for (const { detail } of plan.results) {
      const scanned = /^SCAN (\w+)(?: \(|$)/.exec(detail.trim())?.[1];
      if (scanned !== undefined && base.has(aliases.get(scanned) ?? scanned)) found.push(`${detail} in: ${text}`);
    }
  }
  return found;
}
