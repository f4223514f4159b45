import { noteAdminChange } from "~/admin/access.server";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { invalidateGuestViewerCache } from "~/auth/viewer.server";
import { titles } from "~/catalogue/tables";
import { CONTENT_VERSION_REFRESH_MS } from "~/constants";
import { openD1 } from "~/db/client.server";
import { contentVersion, forgetContentVersion } from "~/http/content-version.server";
import { answerGuestPage, clearGuestPageCache, edgeKey, guestPageKey } from "~/request/guest-page-cache.server";
import type { WorkerContext } from "~/request/context";
import { middleware as adminMiddleware } from "~/routes/admin/layout";
import { loader as titleLoader, middleware as titleMiddleware } from "~/routes/titles/title";
import { invalidateSettingsCache } from "~/settings/settings.server";
import { letGuestsViewTitles } from "../../tests/support/guest-access.workers";

/**
 * The edge tier of the guest page cache (decision 026), inside workerd with
 * its real Cache API and local D1: a guest's page rendered by one isolate is
 * answered by another from `caches.default`; copies are keyed by the content
 * version an admin write bumps; signed-in visitors never get a copy.
 *
 * "Another isolate" is this one with its in-memory copies dropped
 * (clearGuestPageCache): the Cache API is per data centre, not per isolate.
 */
const { db } = openD1(env.DB, null);
const TITLE_ID = 940_001;
const PATH = `/titles/${TITLE_ID}/edge-film`;
const PARAMS = { id: String(TITLE_ID), slug: "edge-film" };

type Middleware = (args: never, next: () => Promise<Response>) => Promise<Response>;

/** One request as workers/app.ts runs it: the caches first, else the root middleware, the title page's middleware and loader. */
async function visit(path: string, { cookie, setCookie, workerEnv = env }: { cookie?: string; setCookie?: string; workerEnv?: Env } = {}) {
  const headers: Record<string, string> = { "User-Agent": "edge-cache-test", "CF-Connecting-IP": "203.0.113.90" };
  if (cookie) headers.Cookie = cookie;
  const request = new Request(`http://localhost${path}`, { headers });
  const ctx = createExecutionContext();
  const worker: WorkerContext = {
    env: workerEnv,
    ctx,
    requestId: `req-${crypto.randomUUID()}`,
    nonce: `nonce-${crypto.randomUUID()}`,
    isLocal: false,
    guestPageKey: guestPageKey(request),
  };
  let response = await answerGuestPage(request, worker);
  let rendered = false;
  if (!response) {
    const [pageCache] = titleMiddleware as unknown as Middleware[];
    const { thrown } = await runRoute(
      request,
      async (args) => {
        response = await pageCache({ ...args, pattern: args.url.pathname } as never, async () => {
          rendered = true;
          const data = (await titleLoader(args as never)) as { page: { title: { name: string } } };
          const page = `<html><script nonce="${worker.nonce}"></script><h1>${data.page.title.name}</h1><p>${worker.requestId}</p></html>`;
          const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
          if (setCookie) headers.set("Set-Cookie", setCookie);
          return new Response(page, { headers });
        });
      },
      PARAMS,
      { worker },
    );
    expect(thrown).toBeUndefined();
  }
  await waitOnExecutionContext(ctx); // the copy is put into the Cache API after the response
  const body = await response!.text();
  return { response: response!, body, worker, rendered };
}

/** An admin saves the title's new name, through the admin area's middleware (as every admin write does). */
async function adminRenames(name: string) {
  const context = new (await import("react-router")).RouterContextProvider();
  const { workerContext } = await import("~/request/context");
  context.set(workerContext, { env, ctx: createExecutionContext(), requestId: "admin", nonce: "n", isLocal: false, guestPageKey: null });
  const [middleware] = adminMiddleware as unknown as Middleware[];
  await middleware({ request: new Request("http://localhost/admin/titles", { method: "POST" }), context, params: {} } as never, async () => {
    await db.update(titles).set({ name }).where(eq(titles.id, TITLE_ID));
    // As the action's audit recorder does when it writes the change (requireAdmin(...).record).
    noteAdminChange(context);
    return new Response(null, { status: 302 });
  });
}

beforeAll(async () => {
  await letGuestsViewTitles(db);
  await db.insert(titles).values({ id: TITLE_ID, type: "movie", name: "Edge Film", slug: "edge-film", year: 2003, popularity: 3 }).onConflictDoNothing();
});

beforeEach(async () => {
  invalidateSettingsCache();
  invalidateGuestViewerCache();
  clearGuestPageCache();
  forgetContentVersion();
  // Every test starts from a version no copy was made under.
  await env.DB.prepare("UPDATE content_version SET version = version + 1000 WHERE id = 1").run();
  await db.update(titles).set({ name: "Edge Film" }).where(eq(titles.id, TITLE_ID));
});

afterEach(() => vi.useRealTimers());

describe("edge page cache (Cache API)", () => {
  it("a page one isolate rendered is answered by another from the Cache API, with its own nonce and request id", async () => {
    const first = await visit(PATH);
    expect(first.rendered).toBe(true);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");

    clearGuestPageCache(); // another isolate of the same data centre
    const second = await visit(PATH);
    expect(second.rendered).toBe(false);
    expect(second.response.headers.get("X-Page-Cache")).toBe("edge");
    expect(second.response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(second.body).toContain("<h1>Edge Film</h1>");
    expect(second.body).toContain(`nonce="${second.worker.nonce}"`);
    expect(second.body).toContain(second.worker.requestId);
    expect(second.body).not.toContain(first.worker.nonce);
    expect(second.body).not.toContain(first.worker.requestId);
    // The copy's own bookkeeping, and the Cache API's about it, never reach the visitor.
    for (const name of ["X-Page-Nonce", "X-Page-Request-Id", "X-Page-Stored-At", "X-Page-Hit", "Cache-Control", "Age", "CF-Cache-Status", "Date"]) {
      expect(second.response.headers.has(name)).toBe(false);
    }

    // That isolate now keeps its own copy.
    const third = await visit(PATH);
    expect(third.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(third.body).toContain(third.worker.nonce);
  });

  it("an isolate keeps a page from its second request on: a URL asked once fills no memory (decision 050)", async () => {
    const first = await visit(PATH);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    // Not kept here: the second request reads the data centre's copy, and keeps it.
    const second = await visit(PATH);
    expect(second.rendered).toBe(false);
    expect(second.response.headers.get("X-Page-Cache")).toBe("edge");
    expect((await visit(PATH)).response.headers.get("X-Page-Cache")).toBe("hit");
  });

  it("where the Cache API keeps nothing (a workers.dev address), the isolate keeps a page from its second render on", async () => {
    const key = guestPageKey(new Request(`http://localhost${PATH}`, { headers: { "User-Agent": "edge-cache-test" } }))!;
    const cache = (caches as unknown as { default: Cache }).default;
    const first = await visit(PATH);
    expect(first.rendered).toBe(true);
    expect(await cache.delete(edgeKey(key, (await contentVersion(env.DB))!))).toBe(true);
    const second = await visit(PATH);
    expect(second.rendered).toBe(true);
    expect(second.response.headers.get("X-Page-Cache")).toBe("miss");
    await cache.delete(edgeKey(key, (await contentVersion(env.DB))!));
    const third = await visit(PATH);
    expect(third.rendered).toBe(false);
    expect(third.response.headers.get("X-Page-Cache")).toBe("hit");
  });

  it("a signed-in visitor never gets a cached copy, and a page that sets a cookie is never stored", async () => {
    await visit(PATH);
    const signedIn = new Request(`http://localhost${PATH}`, { headers: { Cookie: "session=abc" } });
    const worker = { env, ctx: createExecutionContext(), requestId: "r", nonce: "n", isLocal: false, guestPageKey: guestPageKey(signedIn) } as WorkerContext;
    expect(worker.guestPageKey).toBeNull();
    expect(await answerGuestPage(signedIn, worker)).toBeNull();

    // A guest page answered with a cookie (another visitor's, say) is kept nowhere.
    const other = `${PATH}?v=cookie`;
    const withCookie = await visit(other, { setCookie: "visitor=someone-else; Path=/" });
    expect(withCookie.rendered).toBe(true);
    const version = await contentVersion(env.DB);
    const key = guestPageKey(new Request(`http://localhost${other}`, { headers: { "User-Agent": "edge-cache-test" } }))!;
    expect(await (caches as unknown as { default: Cache }).default.match(edgeKey(key, version!))).toBeUndefined();
    clearGuestPageCache();
    const again = await visit(other);
    expect(again.rendered).toBe(true);
    expect(again.response.headers.get("Set-Cookie")).toBeNull();
  });

  it("an admin edit of a title shows at once where it was made, and within the version refresh interval everywhere else", async () => {
    // The writing isolate: the edit shows on the next request.
    expect((await visit(PATH)).body).toContain("<h1>Edge Film</h1>");
    await adminRenames("Edge Film Restored");
    const here = await visit(PATH);
    expect(here.rendered).toBe(true);
    expect(here.body).toContain("<h1>Edge Film Restored</h1>");

    // Another isolate, which read the version before the next edit: a copy in the Cache API, and in memory
    // from its second request on (decision 050).
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    expect((await visit(PATH)).response.headers.get("X-Page-Cache")).toBe("edge");
    expect((await visit(PATH)).response.headers.get("X-Page-Cache")).toBe("hit");
    // The edit is made elsewhere: the row changes and the version is bumped, this isolate is not told.
    await db.update(titles).set({ name: "Edge Film Remastered" }).where(eq(titles.id, TITLE_ID));
    await env.DB.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1").run();

    vi.setSystemTime(start + CONTENT_VERSION_REFRESH_MS - 500);
    const before = await visit(PATH);
    expect(before.body).toContain("<h1>Edge Film Restored</h1>"); // still within the interval
    clearGuestPageCache();
    expect((await visit(PATH)).response.headers.get("X-Page-Cache")).toBe("edge"); // its data centre's copy, same version

    vi.setSystemTime(start + CONTENT_VERSION_REFRESH_MS + 1);
    const after = await visit(PATH);
    expect(after.rendered).toBe(true);
    expect(after.body).toContain("<h1>Edge Film Remastered</h1>");
    clearGuestPageCache();
    const elsewhere = await visit(PATH);
    expect(elsewhere.response.headers.get("X-Page-Cache")).toBe("edge");
    expect(elsewhere.body).toContain("<h1>Edge Film Remastered</h1>");
  });

  it("EDGE_PAGE_CACHE=off: copies stay in the isolate, the Cache API is neither read nor written", async () => {
    const off = { ...env, EDGE_PAGE_CACHE: "off" } as Env;
    const first = await visit(PATH, { workerEnv: off });
    expect(first.rendered).toBe(true);
    expect((await visit(PATH, { workerEnv: off })).response.headers.get("X-Page-Cache")).toBe("hit");
    clearGuestPageCache();
    // Another isolate with the tier on finds nothing the first one stored.
    const other = await visit(PATH);
    expect(other.rendered).toBe(true);
    // And with the tier off, a copy in the Cache API is not used.
    clearGuestPageCache();
    expect((await visit(PATH, { workerEnv: off })).rendered).toBe(true);
  });
});
