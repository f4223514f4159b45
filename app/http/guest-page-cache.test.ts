import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { appContext, workerContext, type AppContext, type WorkerContext } from "~/request/context";
import { clearGuestPageCache, guestPageCache } from "./guest-page-cache.server";

function contextFor(nonce: string, requestId: string, app: Partial<AppContext> = {}) {
  const context = new RouterContextProvider();
  context.set(workerContext, { nonce, requestId, isLocal: true } as WorkerContext);
  context.set(appContext, { user: null, flashToast: null, language: "en", activeTheme: null, ...app } as AppContext);
  return context;
}

function run(url: string, nonce: string, requestId: string, render: () => Response, app: Partial<AppContext> = {}, options = {}) {
  const middleware = guestPageCache(options);
  const next = vi.fn(async () => render());
  const request = new Request(url);
  const result = middleware({ request, context: contextFor(nonce, requestId, app), params: {}, unstable_pattern: "" } as never, next as never);
  return { result: result as Promise<Response>, next };
}

const page = (nonce: string, requestId: string) => () =>
  new Response(`<script nonce="${nonce}">x</script><p>${requestId}</p>`, { headers: { "Content-Type": "text/html" } });

describe("guestPageCache", () => {
  beforeEach(() => clearGuestPageCache());

  it("serves a guest's second request from the copy with this request's nonce and request id", async () => {
    const first = run("http://x/titles/1/a", "NONCE1", "req-1", page("NONCE1", "req-1"));
    expect(await (await first.result).text()).toBe('<script nonce="NONCE1">x</script><p>req-1</p>');
    const second = run("http://x/titles/1/a", "NONCE2", "req-2", page("NONCE2", "req-2"));
    const response = await second.result;
    expect(second.next).not.toHaveBeenCalled();
    expect(response.headers.get("X-Page-Cache")).toBe("hit");
    expect(await response.text()).toBe('<script nonce="NONCE2">x</script><p>req-2</p>');
  });

  it("keys by language and never caches signed-in users, errors or responses that set cookies", async () => {
    await run("http://x/p", "N1", "r1", page("N1", "r1")).result;
    const french = run("http://x/p", "N2", "r2", page("N2", "r2"), { language: "fr" });
    await french.result;
    expect(french.next).toHaveBeenCalled();

    const user = run("http://x/p", "N3", "r3", page("N3", "r3"), { user: { id: 1 } as never });
    await user.result;
    expect(user.next).toHaveBeenCalled();

    await run("http://x/missing", "N4", "r4", () => new Response("nope", { status: 404 })).result;
    const again = run("http://x/missing", "N5", "r5", () => new Response("nope", { status: 404 }));
    await again.result;
    expect(again.next).toHaveBeenCalled();

    const cookie = () => new Response("x", { headers: { "Set-Cookie": "a=b" } });
    await run("http://x/c", "N6", "r6", cookie).result;
    const cookieAgain = run("http://x/c", "N7", "r7", cookie);
    await cookieAgain.result;
    expect(cookieAgain.next).toHaveBeenCalled();
  });

  it("runs onHit on a hit and respects skip", async () => {
    const onHit = vi.fn();
    await run("http://x/t", "N1", "r1", page("N1", "r1"), {}, { onHit }).result;
    expect(onHit).not.toHaveBeenCalled();
    await run("http://x/t", "N2", "r2", page("N2", "r2"), {}, { onHit }).result;
    expect(onHit).toHaveBeenCalledTimes(1);
    const skipped = run("http://x/t", "N3", "r3", page("N3", "r3"), {}, { skip: () => true });
    await skipped.result;
    expect(skipped.next).toHaveBeenCalled();
  });
});
