import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GUEST_PAGE_CACHE_REFRESH_MS, GUEST_PAGE_CACHE_STALE_MS, GUEST_PAGE_CACHE_TTL_MS } from "~/constants";
import { appContext, workerContext, type AppContext, type WorkerContext } from "~/request/context";
import { answerFromGuestPageCache, clearGuestPageCache, guestPageCache, guestPageKey, type GuestPageCacheOptions } from "./guest-page-cache.server";

interface Visit {
  nonce: string;
  requestId: string;
  render?: () => Response;
  headers?: Record<string, string>;
  app?: Partial<AppContext>;
  options?: GuestPageCacheOptions;
  params?: Record<string, string>;
}

/** One request as the Worker entry and React Router run it: the entry's cache lookup, else the page's middleware. */
async function visit(url: string, { nonce, requestId, render = page(nonce, requestId), headers = {}, app = {}, options = {}, params = {} }: Visit) {
  const request = new Request(url, { headers });
  const worker = { nonce, requestId, isLocal: true, guestPageKey: guestPageKey(request) } as WorkerContext;
  const next = vi.fn(async () => render());
  const cached = answerFromGuestPageCache(request, worker);
  if (cached) return { response: cached, next, worker };
  const context = new RouterContextProvider();
  context.set(workerContext, worker);
  context.set(appContext, { user: null, flashToast: null, language: "en", activeTheme: null, ...app } as AppContext);
  const response = (await guestPageCache(options)({ request, context, params, unstable_pattern: "" } as never, next as never)) as Response;
  return { response, next, worker };
}

const page = (nonce: string, requestId: string) => () => new Response(`<script nonce="${nonce}">x</script><p>${requestId}</p>`, { headers: { "Content-Type": "text/html" } });

describe("guest page cache", () => {
  beforeEach(() => clearGuestPageCache());
  afterEach(() => vi.useRealTimers());

  it("answers a guest's second request before React Router, with this request's nonce and request id", async () => {
    const first = await visit("http://x/titles/1/a", { nonce: "NONCE1", requestId: "req-1" });
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(await first.response.text()).toBe('<script nonce="NONCE1">x</script><p>req-1</p>');

    const second = await visit("http://x/titles/1/a", { nonce: "NONCE2", requestId: "req-2" });
    expect(second.next).not.toHaveBeenCalled();
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(await second.response.text()).toBe('<script nonce="NONCE2">x</script><p>req-2</p>');
  });

  it("swaps every occurrence in a page with non-ASCII text, at its start and end, byte for byte", async () => {
    const nonce = "Nñ9+/=";
    const render = () => new Response(`${nonce}<p>Iniciar sesión · 「映画」 ${nonce}</p><script nonce="${nonce}">r-ñ</script>r-ñ`, { headers: { "Content-Type": "text/html" } });
    const first = await visit("http://x/titles/2/b", { nonce, requestId: "r-ñ", render });
    expect(await first.response.text()).toBe(`${nonce}<p>Iniciar sesión · 「映画」 ${nonce}</p><script nonce="${nonce}">r-ñ</script>r-ñ`);
    const second = await visit("http://x/titles/2/b", { nonce: "OTHER", requestId: "q-2" });
    expect(second.next).not.toHaveBeenCalled();
    expect(await second.response.text()).toBe('OTHER<p>Iniciar sesión · 「映画」 OTHER</p><script nonce="OTHER">q-2</script>q-2');
  });

  it("keys by every input a guest's page depends on", async () => {
    await visit("http://x/p", { nonce: "N0", requestId: "r0" });
    const differs: Record<string, string>[] = [
      { Cookie: "be-locale=fr" },
      { "Accept-Language": "fr-FR,fr;q=0.9" },
      { Cookie: "be-active-theme=2" },
      { Cookie: "cookie_notice=1" },
      { Cookie: "be-timezone=Europe/Paris" },
    ];
    for (const [i, headers] of differs.entries()) {
      const other = await visit("http://x/p", { nonce: `N${i + 1}`, requestId: `r${i + 1}`, headers });
      expect(other.next, JSON.stringify(headers)).toHaveBeenCalled();
    }
    const otherQuery = await visit("http://x/p?page=2", { nonce: "N9", requestId: "r9" });
    expect(otherQuery.next).toHaveBeenCalled();
    // Cookies the page does not depend on share the copy.
    const unrelated = await visit("http://x/p", { nonce: "N10", requestId: "r10", headers: { Cookie: "d1-bookmark=abc" } });
    expect(unrelated.next).not.toHaveBeenCalled();
  });

  it("never shares a copy with a session, a flashed toast, a token, a signed-in user or a non-GET", async () => {
    expect(guestPageKey(new Request("http://x/p", { headers: { Cookie: "session=stale" } }))).toBeNull();
    expect(guestPageKey(new Request("http://x/p", { headers: { Cookie: "flash-toast=x" } }))).toBeNull();
    expect(guestPageKey(new Request("http://x/p", { headers: { Authorization: "Bearer t" } }))).toBeNull();
    expect(guestPageKey(new Request("http://x/p", { method: "POST" }))).toBeNull();

    await visit("http://x/p", { nonce: "N1", requestId: "r1" });
    const withSession = await visit("http://x/p", { nonce: "N2", requestId: "r2", headers: { Cookie: "session=abc" } });
    expect(withSession.next).toHaveBeenCalled();
    expect(withSession.response.headers.get("X-Page-Cache")).toBeNull();

    // A user resolved some other way is never cached either.
    await visit("http://x/u", { nonce: "N3", requestId: "r3", app: { user: { id: 1 } as never } });
    const again = await visit("http://x/u", { nonce: "N4", requestId: "r4" });
    expect(again.next).toHaveBeenCalled();
  });

  it("keeps no error pages, no answers that set cookies, and nothing past its lifetime", async () => {
    await visit("http://x/missing", { nonce: "N1", requestId: "r1", render: () => new Response("nope", { status: 404 }) });
    expect((await visit("http://x/missing", { nonce: "N2", requestId: "r2" })).next).toHaveBeenCalled();

    const cookie = () => new Response("x", { headers: { "Set-Cookie": "a=b" } });
    await visit("http://x/c", { nonce: "N3", requestId: "r3", render: cookie });
    expect((await visit("http://x/c", { nonce: "N4", requestId: "r4", render: cookie })).next).toHaveBeenCalled();

    vi.useFakeTimers({ now: 1_000_000 });
    await visit("http://x/t", { nonce: "N5", requestId: "r5" });
    vi.setSystemTime(1_000_000 + GUEST_PAGE_CACHE_TTL_MS - 1);
    expect((await visit("http://x/t", { nonce: "N6", requestId: "r6" })).next).not.toHaveBeenCalled();
    vi.setSystemTime(1_000_000 + GUEST_PAGE_CACHE_TTL_MS + GUEST_PAGE_CACHE_STALE_MS);
    expect((await visit("http://x/t", { nonce: "N7", requestId: "r7" })).next).toHaveBeenCalled();
  });

  it("renews an expired page with one request while the others get the old copy", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    await visit("http://x/t", { nonce: "N1", requestId: "r1", render: () => new Response("old <p>r1</p>") });
    vi.setSystemTime(1_000_000 + GUEST_PAGE_CACHE_TTL_MS);
    // The first request after expiry renders; it is still rendering when the next ones arrive.
    const request = new Request("http://x/t");
    const renewer = { nonce: "N2", requestId: "r2", isLocal: true, guestPageKey: guestPageKey(request) } as WorkerContext;
    expect(answerFromGuestPageCache(request, renewer)).toBeNull();
    const during = await visit("http://x/t", { nonce: "N3", requestId: "r3" });
    expect(during.next).not.toHaveBeenCalled();
    expect(during.response.headers.get("X-Page-Cache")).toBe("stale");
    expect(await during.response.text()).toBe("old <p>r3</p>");
    // A renewal that never finished is handed to the next request.
    vi.setSystemTime(1_000_000 + GUEST_PAGE_CACHE_TTL_MS + GUEST_PAGE_CACHE_REFRESH_MS);
    const next = await visit("http://x/t", { nonce: "N4", requestId: "r4", render: () => new Response("new <p>r4</p>") });
    expect(next.next).toHaveBeenCalled();
    const after = await visit("http://x/t", { nonce: "N5", requestId: "r5" });
    expect(after.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(await after.response.text()).toBe("new <p>r5</p>");
  });

  it("drops the old copy when the page now answers an error", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    await visit("http://x/gone", { nonce: "N1", requestId: "r1" });
    vi.setSystemTime(1_000_000 + GUEST_PAGE_CACHE_TTL_MS);
    await visit("http://x/gone", { nonce: "N2", requestId: "r2", render: () => new Response("gone", { status: 404 }) });
    const after = await visit("http://x/gone", { nonce: "N3", requestId: "r3", render: () => new Response("gone", { status: 404 }) });
    expect(after.next).toHaveBeenCalled();
  });

  it("runs onHit with the page's params on a hit, and respects skip", async () => {
    const onHit = vi.fn();
    await visit("http://x/titles/7/a", { nonce: "N1", requestId: "r1", options: { onHit: { name: "test", run: onHit } }, params: { id: "7" } });
    expect(onHit).not.toHaveBeenCalled();
    const hit = await visit("http://x/titles/7/a", { nonce: "N2", requestId: "r2", options: { onHit: { name: "test", run: onHit } } });
    expect(onHit).toHaveBeenCalledTimes(1);
    expect(onHit.mock.calls[0][0]).toMatchObject({ params: { id: "7" }, worker: hit.worker });

    await visit("http://x/s", { nonce: "N3", requestId: "r3", options: { skip: () => true } });
    expect((await visit("http://x/s", { nonce: "N4", requestId: "r4" })).next).toHaveBeenCalled();
  });
});
