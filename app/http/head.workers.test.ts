import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { forgetContentVersion } from "~/http/content-version.server";
import { answerGuestPage, clearGuestPageCache, guestPageCache, guestPageKey } from "~/request/guest-page-cache.server";
import { answerAsGet } from "~/http/head";
import { applySecurityHeaders } from "~/http/security";
import { RouterContextProvider } from "react-router";
import { appContext, workerContext, type AppContext, type WorkerContext } from "~/request/context";

/**
 * HEAD parity inside workerd: the Worker entry's path (answerAsGet around the
 * page caches, a page render and the security headers, as workers/app.ts
 * runs them) gives HEAD the GET's status and headers, no body, and lets HEAD
 * use a guest's cached copy. (The end-to-end spec speed.spec.ts checks the
 * same on the built Worker.)
 */
let renders = 0;
async function entry(request: Request): Promise<Response> {
  return answerAsGet(request, async (get) => {
    const ctx = createExecutionContext();
    const worker: WorkerContext = { env, ctx, requestId: crypto.randomUUID(), nonce: crypto.randomUUID(), isLocal: false, guestPageKey: guestPageKey(get) };
    let response = await answerGuestPage(get, worker);
    if (!response) {
      const context = new RouterContextProvider();
      context.set(workerContext, worker);
      context.set(appContext, { user: null, flashToast: null } as AppContext);
      response = (await guestPageCache()({ request: get, context, params: {} } as never, async () => {
        renders++;
        const status = new URL(get.url).pathname === "/missing" ? 404 : 200;
        return new Response(`<!doctype html><script nonce="${worker.nonce}"></script><p>page</p>`, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
      })) as Response;
    }
    await waitOnExecutionContext(ctx);
    return applySecurityHeaders(response, worker);
  });
}

/** Headers that differ per response by design. */
const PER_RESPONSE = new Set(["x-request-id", "content-security-policy", "x-page-cache", "content-length"]);
const comparable = (response: Response) => [...response.headers].filter(([name]) => !PER_RESPONSE.has(name));

describe("HEAD answers like GET", () => {
  it("same status, Content-Type, CSP and other headers; no body; a guest's HEAD uses the GET's copy", async () => {
    clearGuestPageCache();
    forgetContentVersion();
    const get = await entry(new Request("http://localhost/head-parity"));
    expect(await get.text()).toContain("<p>page</p>");
    const rendersAfterGet = renders;

    const head = await entry(new Request("http://localhost/head-parity", { method: "HEAD" }));
    expect(head.status).toBe(get.status);
    expect(head.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(head.headers.get("Content-Security-Policy")).toMatch(/script-src[^;]*'nonce-/);
    expect(comparable(head)).toEqual(comparable(get));
    expect(head.body).toBeNull();
    // The GET's copy, read back from the Cache API (an isolate keeps a page from its second request on: decision 050).
    expect(head.headers.get("X-Page-Cache")).toBe("edge");
    expect(renders).toBe(rendersAfterGet);
  });

  it("a missing page: HEAD gets the GET's 404 and its headers", async () => {
    const get = await entry(new Request("http://localhost/missing"));
    const head = await entry(new Request("http://localhost/missing", { method: "HEAD" }));
    expect(get.status).toBe(404);
    expect(head.status).toBe(404);
    expect(comparable(head)).toEqual(comparable(get));
    expect(await head.text()).toBe("");
  });
});
