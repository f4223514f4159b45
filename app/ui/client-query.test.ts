import { describe, expect, it, vi } from "vitest";
import { HttpError, QueryClient, retryDelay, shouldRetry } from "./client-query";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}
const noSleep = () => Promise.resolve();

describe("retry rules", () => {
  it("retries twice, then gives up", () => {
    const error = new HttpError(500, "boom");
    expect(shouldRetry(error, 1)).toBe(true);
    expect(shouldRetry(error, 2)).toBe(true);
    expect(shouldRetry(error, 3)).toBe(false);
  });

  it.each([401, 403, 404])("never retries %i", (status) => {
    expect(shouldRetry(new HttpError(status, "no"), 1)).toBe(false);
  });

  it("retries network errors and other statuses", () => {
    expect(shouldRetry(new TypeError("Failed to fetch"), 1)).toBe(true);
    expect(shouldRetry(new HttpError(429, "slow down"), 1)).toBe(true);
  });

  it("never retries an aborted request", () => {
    expect(shouldRetry(new DOMException("Superseded", "AbortError"), 1)).toBe(false);
  });

  it("backs off exponentially", () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([1000, 2000, 4000]);
    expect(retryDelay(20)).toBe(30_000);
  });
});

describe("QueryClient", () => {
  it("makes three attempts in all on a server error", async () => {
    const client = new QueryClient({ sleep: noSleep });
    const fn = vi.fn().mockRejectedValue(new HttpError(503, "down"));
    await expect(client.fetch("k", fn)).rejects.toThrow("down");
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("succeeds when a retry succeeds", async () => {
    const client = new QueryClient({ sleep: noSleep });
    const fn = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce(["ok"]);
    await expect(client.fetch("k", fn)).resolves.toEqual(["ok"]);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it.each([401, 403, 404])("makes one attempt only on %i", async (status) => {
    const client = new QueryClient({ sleep: noSleep });
    const fn = vi.fn().mockRejectedValue(new HttpError(status, "no"));
    await expect(client.fetch("k", fn)).rejects.toBeInstanceOf(HttpError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("serves the cache for 30 s, then fetches again", async () => {
    const time = clock();
    const client = new QueryClient({ now: time.now, sleep: noSleep });
    const fn = vi.fn().mockResolvedValueOnce("first").mockResolvedValueOnce("second");
    expect(await client.fetch("k", fn)).toBe("first");
    time.advance(29_999);
    expect(await client.fetch("k", fn)).toBe("first");
    expect(fn).toHaveBeenCalledTimes(1);
    time.advance(1);
    expect(client.isFresh("k")).toBe(false);
    expect(await client.fetch("k", fn)).toBe("second");
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("shares one request between callers of the same key", async () => {
    const client = new QueryClient({ sleep: noSleep });
    let resolve!: (v: string) => void;
    const fn = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const a = client.fetch("k", fn);
    const b = client.fetch("k", fn);
    resolve("v");
    expect(await Promise.all([a, b])).toEqual(["v", "v"]);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("aborts a request whose only caller moved on", async () => {
    const client = new QueryClient({ sleep: noSleep });
    let seen: AbortSignal | undefined;
    const fn = vi.fn(
      (signal: AbortSignal) =>
        new Promise<string>((_, reject) => {
          seen = signal;
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    );
    const caller = new AbortController();
    const pending = client.fetch("typed:a", fn, caller.signal);
    caller.abort(new DOMException("Superseded", "AbortError"));
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(seen?.aborted).toBe(true);
    expect(fn).toHaveBeenCalledTimes(1);
    // Nothing was cached as an error: the next use simply fetches.
    expect(client.peek("typed:a")?.error).toBeUndefined();
  });

  it("keeps the request alive while another caller still waits", async () => {
    const client = new QueryClient({ sleep: noSleep });
    let resolve!: (v: string) => void;
    let seen: AbortSignal | undefined;
    const fn = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<string>((r) => (resolve = r));
    };
    const first = new AbortController();
    const a = client.fetch("k", fn, first.signal);
    const b = client.fetch("k", fn, new AbortController().signal);
    first.abort(new DOMException("Superseded", "AbortError"));
    await expect(a).rejects.toMatchObject({ name: "AbortError" });
    expect(seen?.aborted).toBe(false);
    resolve("v");
    expect(await b).toBe("v");
  });

  it("invalidates by key and by prefix", async () => {
    const client = new QueryClient({ sleep: noSleep });
    await client.fetch("titles:1", async () => 1);
    await client.fetch("titles:2", async () => 2);
    await client.fetch("people:1", async () => 3);
    client.invalidate("titles:*");
    expect(client.isFresh("titles:1")).toBe(false);
    expect(client.isFresh("titles:2")).toBe(false);
    expect(client.isFresh("people:1")).toBe(true);
  });

  it("returns the same snapshot object until the entry changes", async () => {
    const client = new QueryClient({ sleep: noSleep });
    await client.fetch("k", async () => "v");
    const first = client.peek("k");
    expect(client.peek("k")).toBe(first);
    client.invalidate("k");
    expect(client.peek("k")).not.toBe(first);
  });

  it("notifies subscribers when data arrives", async () => {
    const client = new QueryClient({ sleep: noSleep });
    const listener = vi.fn();
    client.subscribe("k", listener);
    await client.fetch("k", async () => "v");
    expect(listener).toHaveBeenCalled();
    expect(client.peek("k")?.data).toBe("v");
  });

  it("forgets the least recently used entries beyond its size", async () => {
    const client = new QueryClient({ sleep: noSleep, maxEntries: 2 });
    await client.fetch("a", async () => 1);
    await client.fetch("b", async () => 2);
    await client.fetch("a", async () => 1);
    await client.fetch("c", async () => 3);
    expect(client.peek("b")).toBeUndefined();
    expect(client.peek("a")?.data).toBe(1);
  });
});
