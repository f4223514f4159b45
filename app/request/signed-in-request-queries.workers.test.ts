import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { appKeys } from "~/auth/crypto.server";
import { parseUserAgent } from "~/auth/user-agent";
import { permissions, rolePermissions, roles } from "~/auth/roles.tables";
import { createSession } from "~/auth/sessions.server";
import { sessions } from "~/auth/sessions.tables";
import { createUser } from "~/auth/users.server";
import { forgetAllSignedIn } from "~/auth/signed-in-cache.server";
import { invalidateGuestViewerCache } from "~/auth/viewer.server";
import { titles } from "~/catalogue/tables";
import { SESSION_TOUCH_INTERVAL_S } from "~/constants";
import { openD1 } from "~/db/client.server";
import { invalidateLocalizationsCache } from "~/i18n/i18n.server";
import { loader as rootLoader } from "~/root";
import { loader as titleLoader } from "~/routes/titles/title";
import { invalidateSettingsCache, saveSettings } from "~/settings/settings.server";
import { invalidateThemesCache } from "~/themes/themes.server";

/**
 * The D1 work of a signed-in member's title page (decision 026: a signed-in title
 * page at most 1.3x an uncached guest one), counted at the D1 binding as the
 * guest test does (app/request/guest-request-queries.workers.test.ts): the
 * root middleware (the session, the user, roles and permissions, subscriptions
 * and workspaces, in one batch, skipped while this isolate keeps the session's
 * visitor: decision 028) and the title loader (one batch: the page's reads and
 * the member's own state). Writes: the day's
 * view (once per member, title and day) and the session's "last active"
 * (at most once per SESSION_TOUCH_INTERVAL_S), both after the response.
 */
const { db } = openD1(env.DB, null);
const APP_KEY = (env as unknown as { APP_KEY: string }).APP_KEY;
const TITLE_ID = 930_101;
const OTHER_TITLE_ID = 930_102;
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.9", city: null, country: null };

type Args = { request: Request; context: RouterContextProvider; url: URL; params: Record<string, string> };

/** One signed-in GET of a title page: the root middleware, then the root and title loaders in parallel. */
async function memberTitlePage(cookie: string, titleId: number, slug: string) {
  const d1 = countingD1(env.DB);
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost/titles/${titleId}/${slug}`, {
    headers: { "User-Agent": "query-count-test", "CF-Connecting-IP": "203.0.113.9", Cookie: cookie },
  });
  let signedIn = false;
  const { thrown } = await runRoute(
    request,
    async (args: Args) => {
      const [root] = await Promise.all([rootLoader(args as never), titleLoader(args as never)]);
      signedIn = root.bootstrap.user !== null && root.workspaces !== null;
    },
    { id: String(titleId), slug },
    { env: d1.env, ctx, isLocal: false },
  );
  expect(thrown).toBeUndefined();
  const page = { ...d1.counts, roundTrips: d1.roundTrips() };
  await waitOnExecutionContext(ctx);
  return { signedIn, page, afterResponse: { ...d1.counts, roundTrips: d1.roundTrips() }, recorded: d1.recorded };
}

/** Plan lines that read a whole base table ("SCAN t" with no index), as app/catalogue/query-plans.workers.test.ts judges them. */
async function fullScans(recorded: { sql: string; params: unknown[] }[]) {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'").all<{ name: string }>();
  const base = new Set(tables.results.map((row) => row.name));
  const found: string[] = [];
  for (const { sql: text, params } of recorded) {
    const aliases = new Map<string, string>();
    for (const match of text.matchAll(/\b(?:from|join)\s+["`]?(\w+)["`]?(?:\s+(?:as\s+)?["`]?(\w+)["`]?)?/gi)) {
      const [, table, alias] = match;
      aliases.set(table, table);
      if (alias && !/^(on|where|inner|left|join|order|group|limit|using|cross)$/i.test(alias)) aliases.set(alias, table);
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

async function newMember() {
  const user = await createUser(db, { email: `member-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified: true });
  const session = await createSession(db, await appKeys(APP_KEY), new Request("http://localhost/"), { userId: user!.id, remember: true, info });
  return { userId: user!.id, sessionId: session.id, cookie: session.cookie.split(";")[0] };
}

beforeAll(async () => {
  await db.insert(permissions).values({ name: "titles.view", displayName: "View titles", group: "titles" }).onConflictDoNothing();
  await db
    .insert(roles)
    .values([
      { name: "guests", guest: true },
      { name: "users", default: true },
    ])
    .onConflictDoNothing();
  const [permission] = await db.select().from(permissions).where(eq(permissions.name, "titles.view"));
  for (const role of await db.select().from(roles)) {
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id }).onConflictDoNothing();
  }
  await saveSettings(db, { "homepage.type": "landingPage" });
  await db
    .insert(titles)
    .values([
      { id: TITLE_ID, type: "movie", name: "Counted Member Film", slug: "counted-member-film", year: 2002, popularity: 5 },
      { id: OTHER_TITLE_ID, type: "movie", name: "Second Member Film", slug: "second-member-film", year: 2003, popularity: 4 },
    ])
    .onConflictDoNothing();
});

beforeEach(() => {
  invalidateSettingsCache();
  invalidateThemesCache();
  invalidateLocalizationsCache();
  invalidateGuestViewerCache();
  forgetAllSignedIn();
});

describe("D1 work of a signed-in title page", () => {
  it("a session's first page: 24 statements in 2 round trips; while its visitor is kept: 18 in 1", async () => {
    await memberTitlePage((await newMember()).cookie, OTHER_TITLE_ID, "second-member-film"); // warms the isolate caches
    const member = await newMember();

    const first = await memberTitlePage(member.cookie, TITLE_ID, "counted-member-film");
    expect(first.signedIn).toBe(true);
    // Nothing kept for this session yet: the session, user, roles, permissions, social profiles, subscriptions and
    // workspaces (the switcher), one batch of six. Then the page, one batch of eighteen: the title's nine, its reviews
    // section's two, its TMDB extras' two, and the member's own state (rating, watchlist, watched; next episode;
    // the id of their review; the ratings of the people they follow and their reviews, which lead the section, decision 033). Plus, after the response (waitUntil, never awaited by the page): the day's view, in a
    // batch with any other views of the isolate.
    expect(first.afterResponse).toMatchObject({ sessions: 1, writes: 1, batches: 3, batchedStatements: 25, statements: 25, roundTrips: 3 });

    // The same session again within SIGNED_IN_CACHE_TTL_MS: its visitor is this isolate's copy (decision 028),
    // so the page's one batch is all; nothing written (the view is counted, the session is fresh).
    const again = await memberTitlePage(member.cookie, TITLE_ID, "counted-member-film");
    expect(again.signedIn).toBe(true);
    expect(again.afterResponse).toMatchObject({ writes: 0, batches: 1, batchedStatements: 18, statements: 18, roundTrips: 1 });
  });

  it("every statement of the page seeks by an index (no whole-table scan)", async () => {
    const member = await newMember();
    // Settings, themes, localizations and the guest role are read once per isolate (small tables, read whole): warm them.
    await memberTitlePage(member.cookie, OTHER_TITLE_ID, "second-member-film");
    forgetAllSignedIn(); // the visitor's own batch too, not this isolate's copy of it
    const page = await memberTitlePage(member.cookie, TITLE_ID, "counted-member-film");
    expect(page.recorded.length).toBe(25); // the two batches and the day's view
    expect(await fullScans(page.recorded)).toEqual([]);
  });

  it("the session's last activity is written at most once per interval, also when requests overlap", async () => {
    const member = await newMember();
    await memberTitlePage(member.cookie, OTHER_TITLE_ID, "second-member-film"); // the view of that title, and warm caches
    const stale = Math.floor(Date.now() / 1000) - SESSION_TOUCH_INTERVAL_S - 60;
    await db
      .update(sessions)
      .set({ lastActiveAt: new Date(stale * 1000) })
      .where(eq(sessions.id, member.sessionId));
    forgetAllSignedIn(); // as in an isolate that has not kept this session's visitor

    // Ten overlapping requests of one session (a browser's tabs, or a prefetching client) see the same old row.
    const pages = await Promise.all(Array.from({ length: 10 }, () => memberTitlePage(member.cookie, OTHER_TITLE_ID, "second-member-film")));
    const writes = pages.reduce((sum, page) => sum + page.afterResponse.writes, 0);
    expect(writes).toBe(1);
    const [row] = await db
      .select({ at: sql<number>`${sessions.lastActiveAt}` })
      .from(sessions)
      .where(eq(sessions.id, member.sessionId));
    expect(row.at).toBeGreaterThan(stale);

    // And later requests of the same session: nothing more until the interval has passed.
    const later = await memberTitlePage(member.cookie, OTHER_TITLE_ID, "second-member-film");
    expect(later.afterResponse.writes).toBe(0);
  });
});
