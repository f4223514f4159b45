import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { appKeys } from "~/auth/crypto.server";
import type { Viewer } from "~/request/viewer";
import { openD1 } from "~/db/client.server";
import { createTmdbClient } from "~/tmdb/client.server";
import type { ImportOptions } from "~/tmdb/import.server";
import { matchToken } from "~/tmdb/search-fallback.server";
import { createFakeTmdbHandler, FAKE_TMDB_KEY } from "../../tests/support/fake-tmdb";
import { ImportFileError, readImportFile } from "./formats";
import { findJob, prepareImport, readPlan, type ImportStore } from "./import.server";
import { importTmdbForGroup, searchTmdbForGroup, tmdbImportOffered } from "./tmdb-pick.server";

/**
 * "Import from TMDB" for an unmatched import row, on real D1 with TMDB
 * replaced at the HTTP boundary (the fake TMDB handler behind the client's
 * fetch; fictional movie 9431): who is offered it, the search by the row's
 * name and year, and that only a result this search handed out can be
 * imported.
 */
const { db } = openD1(env.DB, null);
const fake = createFakeTmdbHandler();
const client = createTmdbClient(
  { apiUrl: "http://fake-tmdb.test/3", imageUrl: "http://fake-tmdb.test/t/p", apiKey: FAKE_TMDB_KEY },
  { fetch: async (input, init) => fake.handle(new Request(input, init)), sleep: async () => {} },
);
const options: ImportOptions = { imageBase: "http://fake-tmdb.test/t/p", region: "US", includeSpecials: false };
const tmdb = { client, options };
const keysP = appKeys("a-test-app-key-of-at-least-thirty-two-bytes");

function memoryStore(): ImportStore {
  const files = new Map<string, string>();
  return {
    get: async (key) => (files.has(key) ? { text: async () => files.get(key)! } : null),
    put: async (key, value) => void files.set(key, value),
    delete: async (keys) => void (Array.isArray(keys) ? keys : [keys]).forEach((k) => files.delete(k)),
  };
}

const viewer = (userId: number, permissions: string[]): Viewer => ({ userId, roleIds: [], permissions: new Map(permissions.map((p) => [p, []])), isSubscribed: false });

describe("import from TMDB for an unmatched row", () => {
  it("is offered only with a TMDB key and to members with titles.import (or admin)", () => {
    expect(tmdbImportOffered(null, viewer(1, ["titles.import"]))).toBe(false);
    expect(tmdbImportOffered(tmdb, viewer(1, ["watchlist.use", "ratings.create"]))).toBe(false);
    expect(tmdbImportOffered(tmdb, viewer(1, ["titles.import"]))).toBe(true);
    expect(tmdbImportOffered(tmdb, viewer(1, ["admin"]))).toBe(true);
  });

  it("searches by the row's name and year, imports only a result it handed out, and makes it the row's choice", async () => {
    const userId = (await db.get<{ id: number }>(sql`INSERT INTO users (email, first_name) VALUES (${`tmdb-pick-${Date.now()}@example.test`}, 'Tess') RETURNING id`))!.id;
    const v = viewer(userId, ["watchlist.use", "ratings.create", "titles.import"]);
    const store = memoryStore();
    const file = "Date,Name,Year,Letterboxd URI,Rating\n2020-06-01,Cartographer of Sundry Tides,2021,x,4\n";
    const jobId = await prepareImport(db, store, v, "ratings.csv", readImportFile("ratings.csv", strToU8(file)));
    const job = (await findJob(db, userId, jobId))!;
    const [group] = (await readPlan(store, job)).groups;
    expect(group).toMatchObject({ status: "unmatched" });
    const keys = await keysP;

    fake.reset();
    const { hits, error } = await searchTmdbForGroup(db, tmdb, keys, group!);
    expect(error).toBeNull();
    expect(fake.requests).toEqual(["/search/movie"]);
    expect(hits.map((h) => [h.type, h.id, h.name, h.year, h.titleId])).toEqual([["movie", 9431, "The Cartographer of Sundry Tides", 2021, null]]);

    // A token for another id, a forged one and an expired one are refused; nothing is imported.
    const other = await matchToken(keys, "movie", 9001, Date.now());
    const expired = await matchToken(keys, "movie", 9431, Date.now() - 2 * 3600_000);
    for (const token of [other, "forged", expired]) {
      await expect(importTmdbForGroup(db, store, job, tmdb, keys, group!, { type: "movie", id: 9431, token })).rejects.toThrow(ImportFileError);
    }
    expect(await db.all(sql`SELECT id FROM titles WHERE type = 'movie' AND tmdb_id = 9431`)).toEqual([]);

    const titleId = await importTmdbForGroup(db, store, job, tmdb, keys, group!, { type: "movie", id: 9431, token: hits[0]!.token });
    expect(await db.get(sql`SELECT name, year FROM titles WHERE id = ${titleId} AND tmdb_id = 9431`)).toEqual({ name: "The Cartographer of Sundry Tides", year: 2021 });
    expect((await readPlan(store, job)).groups[0]!.choice).toBe(titleId);

    // Searched again, the result is the catalogue's title; choosing it imports nothing more.
    fake.reset();
    const again = await searchTmdbForGroup(db, tmdb, keys, group!);
    expect(again.hits[0]!.titleId).toBe(titleId);
    expect(await importTmdbForGroup(db, store, job, tmdb, keys, group!, { type: "movie", id: 9431, token: again.hits[0]!.token })).toBe(titleId);
    expect(fake.requests).toEqual(["/search/movie"]);
  });
});
