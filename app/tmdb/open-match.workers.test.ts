import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appKeys } from "~/auth/crypto.server";
import { openD1 } from "~/db/client.server";
import { invalidateSettingsCache, saveSettings } from "~/settings/settings.server";
import { action, loader } from "~/routes/tmdb/open";
import { letGuestsViewTitles } from "../../tests/support/guest-access.workers";
import { runRoute } from "../../tests/workers/app-request";
import { matchToken, matchTokenValid } from "./search-fallback.server";
import { TMDB_OPEN_PER_MINUTE_PER_IP } from "~/constants";

/**
 * Guests opening a TMDB match of the search page (decision 021): a plain GET
 * (an image tag on another site) never imports; a POST needs the token the
 * search page signed for that very match, is limited per address, and only
 * puts the import on the TMDB queue.
 */

const { db } = openD1(env.DB, null);
const sent: unknown[] = [];
const testEnv = {
  ...env,
  TMDB_API_KEY: "fake",
  TMDB_API_URL: "http://fake-tmdb.test/3",
  TMDB_IMAGE_URL: "http://fake-tmdb.test/t/p",
  TMDB_QUEUE: { send: async (m: unknown) => void sent.push(m) },
} as unknown as Env;
const keysOf = () => appKeys((env as unknown as { APP_KEY: string }).APP_KEY);

beforeAll(async () => {
  await letGuestsViewTitles(db);
  await saveSettings(db, { "tmdb.search_fallback": true });
  invalidateSettingsCache();
});
afterAll(async () => {
  await saveSettings(db, { "tmdb.search_fallback": false });
  invalidateSettingsCache();
});

let address = 10;
function call(kind: "get" | "post", path: string, form?: Record<string, string>, ip = "203.0.113.7") {
  const [, , type, id] = path.split("?")[0]!.split("/");
  const request = new Request(`https://reelbase.test${path}`, {
    method: kind === "get" ? "GET" : "POST",
    headers: { "CF-Connecting-IP": ip, Origin: "https://reelbase.test", ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return runRoute(request, (args) => (kind === "get" ? loader(args as never) : action(args as never)), { type: type!, id: id! }, { env: testEnv });
}
const status = (outcome: { value?: unknown; thrown?: unknown }) => {
  const r = (outcome.thrown ?? outcome.value) as Response | { init?: { status?: number } } | undefined;
  return r instanceof Response ? r.status : ((r as { init?: { status?: number } })?.init?.status ?? 200);
};

describe("opening a TMDB search match", () => {
  it("a plain GET (as an image tag on another site sends) never imports or queues anything: 404", async () => {
    sent.length = 0;
    expect(status(await call("get", "/tmdb/movie/9429"))).toBe(404);
    expect(status(await call("get", "/tmdb/tv/7001?token=forged.AAAA"))).toBe(404);
    expect(sent).toEqual([]);
  });

  it("a POST imports only the id the search signed for: another id, a forged or expired token answer 404", async () => {
    sent.length = 0;
    const keys = await keysOf();
    const token = await matchToken(keys, "movie", 9429, Date.now());
    expect(await matchTokenValid(keys, token, "movie", 9429, Date.now())).toBe(true);
    expect(await matchTokenValid(keys, token, "movie", 9429, Date.now() + 2 * 3600_000)).toBe(false);
    expect(status(await call("post", "/tmdb/movie/9430", { token }, "203.0.113.8"))).toBe(404);
    expect(status(await call("post", "/tmdb/tv/9429", { token }, "203.0.113.8"))).toBe(404);
    expect(status(await call("post", "/tmdb/movie/9429", {}, "203.0.113.8"))).toBe(404);
    expect(status(await call("post", "/tmdb/movie/9429", { token: await matchToken(keys, "movie", 9429, Date.now() - 2 * 3600_000) }, "203.0.113.8"))).toBe(404);
    expect(sent).toEqual([]);
    const ok = await call("post", "/tmdb/movie/9429", { token }, "203.0.113.8");
    expect(status(ok)).toBe(303);
    expect(((ok.thrown ?? ok.value) as Response).headers.get("Location")).toBe(`/tmdb/movie/9429?token=${encodeURIComponent(token)}`);
    expect(sent).toEqual([{ kind: "tmdb-open", type: "movie", id: 9429 }]);
    // The pending page: shown (with a Refresh) to whoever holds the token, while the queue imports.
    expect(status(await call("get", `/tmdb/movie/9429?token=${encodeURIComponent(token)}`))).toBe(200);
  });

  it("is limited per address", async () => {
    sent.length = 0;
    address += 1;
    const ip = `198.51.100.${address}`;
    const token = await matchToken(await keysOf(), "tv", 7001, Date.now());
    const statuses: number[] = [];
    for (let i = 0; i <= TMDB_OPEN_PER_MINUTE_PER_IP; i++) statuses.push(status(await call("post", "/tmdb/tv/7001", { token }, ip)));
    expect(statuses.slice(0, TMDB_OPEN_PER_MINUTE_PER_IP).every((s) => s === 303)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(sent).toHaveLength(TMDB_OPEN_PER_MINUTE_PER_IP);
  });
});
