import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TMDB_CONNECT_TIMEOUT_MS, TMDB_OUTAGE_MEMORY_S } from "~/constants";
import { FAKE_TMDB_KEY, startFakeTmdb, type FakeTmdb } from "../../tests/support/fake-tmdb";
import { createTmdbClient, forgetTmdbOutages, TmdbError, tmdbOutageUntil } from "./client.server";

/**
 * TMDB unreachable fails fast (decision 042), with TMDB replaced at the HTTP
 * boundary: a local server that accepts connections and never answers, and
 * a port nobody listens on. The first request gives up after the connect
 * timeout (not 7.5 s of retries), and the outage is remembered so the next
 * one answers at once; a working TMDB is unaffected.
 */
let hanging: Server;
const sockets = new Set<Socket>();
let hangingUrl: string;
let refusedUrl: string;
let fake: FakeTmdb;

beforeAll(async () => {
  hanging = createServer(() => {
    // Never answers.
  });
  hanging.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/3`;
  // A port that was free a moment ago and has no listener now: connections are refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  refusedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/3`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  fake = await startFakeTmdb();
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => hanging.close(() => resolve()));
  await fake.close();
});

afterEach(() => forgetTmdbOutages());

const clientFor = (apiUrl: string) => createTmdbClient({ apiUrl, imageUrl: "http://127.0.0.1/t/p", apiKey: FAKE_TMDB_KEY });

async function timed<T>(run: () => Promise<T>) {
  const started = performance.now();
  const outcome = await run().then(
    (value) => ({ value, error: null as unknown }),
    (error: unknown) => ({ value: null, error }),
  );
  return { ...outcome, ms: performance.now() - started };
}

describe("TMDB unreachable", () => {
  it("a server that never answers is given up after the connect timeout, then remembered", async () => {
    const client = clientFor(hangingUrl);
    const first = await timed(() => client.search("movie", "Lantern"));
    expect(first.error).toBeInstanceOf(TmdbError);
    expect((first.error as TmdbError).kind).toBe("network");
    expect((first.error as TmdbError).message).toContain(`no answer within ${TMDB_CONNECT_TIMEOUT_MS / 1000} s`);
    expect(first.ms).toBeGreaterThanOrEqual(TMDB_CONNECT_TIMEOUT_MS - 50);
    expect(first.ms).toBeLessThan(TMDB_CONNECT_TIMEOUT_MS + 1500);
    expect(tmdbOutageUntil(hangingUrl)).toBeGreaterThan(Date.now() + (TMDB_OUTAGE_MEMORY_S - 5) * 1000);

    // The next attempt, even from another client of this isolate, answers at once without asking.
    const before = sockets.size;
    const second = await timed(() => clientFor(hangingUrl).movie(9001));
    expect((second.error as TmdbError).kind).toBe("network");
    expect((second.error as TmdbError).message).toMatch(/asked again in \d+ s/);
    expect(second.ms).toBeLessThan(100);
    expect(sockets.size).toBe(before);
  });

  it("a refused connection fails at once, without retries, and is remembered", async () => {
    const first = await timed(() => clientFor(refusedUrl).search("movie", "Lantern"));
    expect((first.error as TmdbError).kind).toBe("network");
    expect(first.ms).toBeLessThan(1000);
    expect(tmdbOutageUntil(refusedUrl)).not.toBeNull();
    const second = await timed(() => clientFor(refusedUrl).search("movie", "Lantern"));
    expect((second.error as TmdbError).message).toMatch(/asked again/);
  });

  it("an outage of one TMDB address leaves another working, and ends after its time", async () => {
    await clientFor(refusedUrl)
      .search("movie", "Lantern")
      .catch(() => undefined);
    const page = await createTmdbClient({ apiUrl: fake.apiUrl, imageUrl: fake.imageUrl, apiKey: FAKE_TMDB_KEY }).search("movie", "Lantern");
    expect(page.results.length).toBeGreaterThan(0);
    const until = tmdbOutageUntil(refusedUrl)!;
    expect(tmdbOutageUntil(refusedUrl, until + 1)).toBeNull();
  });
});
