import { eq } from "drizzle-orm";
import type { z } from "zod";
import { people, titles } from "~/catalogue/tables";
import { personPath, titlePath } from "~/http/slug";
import type { ChangeRecorder } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import { TmdbError, type TmdbClient } from "./client.server";
import { ImportConflictError, importTmdbItem, type ImportOptions, type ImportResult } from "./import.server";
import type { ImportInput, searchInputSchema } from "./schema";
import { parseTmdbRef, type TmdbMediaType } from "./refs";

/**
 * The admin import screen's domain half: input schema, the import with its
 * failures turned into messages, the search, and what to link to afterwards.
 */

export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; field?: "ref"; message: string; status: number };

const STATUS_OF: Record<TmdbError["kind"], number> = {
  "not-configured": 503,
  "not-found": 404,
  unauthorized: 502,
  "rate-limited": 503,
  server: 502,
  network: 502,
  malformed: 502,
  "bad-request": 502,
};

export async function runAdminImport(db: Database, tmdb: { client: TmdbClient; options: ImportOptions }, input: ImportInput, record: (type: TmdbMediaType) => ChangeRecorder): Promise<ImportOutcome> {
  const ref = parseTmdbRef(input.ref, input.type);
  if (!ref) return { ok: false, field: "ref", message: "Paste a TMDB id or a themoviedb.org address of a movie, series or person.", status: 400 };
  if (input.targetTitleId && ref.type === "person") return { ok: false, field: "ref", message: "Pick a movie or a series to fill this title.", status: 400 };
  try {
    const result = await importTmdbItem(db, tmdb.client, ref, { ...tmdb.options, targetTitleId: input.targetTitleId, record: record(ref.type) });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof TmdbError) {
      const message = error.kind === "not-found" ? `TMDB has no ${ref.type === "tv" ? "series" : ref.type} with id ${ref.id} (deleted or never existed).` : `The import failed: ${error.message}`;
      return { ok: false, message, status: STATUS_OF[error.kind] };
    }
    if (error instanceof ImportConflictError) return { ok: false, message: error.message, status: 409 };
    throw error;
  }
}

/** The page an imported item lives on, for the "View" link. */
export async function importedItemLink(db: Database, value: string | null) {
  const match = /^(title|person):(\d+)$/.exec(value ?? "");
  if (!match) return null;
  const id = Number(match[2]);
  if (match[1] === "title") {
    const [row] = await db.select({ id: titles.id, slug: titles.slug, name: titles.name }).from(titles).where(eq(titles.id, id)).limit(1);
    return row ? { name: row.name, path: titlePath(row) } : null;
  }
  const [row] = await db.select({ id: people.id, slug: people.slug, name: people.name }).from(people).where(eq(people.id, id)).limit(1);
  return row ? { name: row.name, path: personPath(row) } : null;
}

/** A title being filled from TMDB (the title page's "Import from TMDB"), when it has no TMDB id yet. */
export async function titleToFill(db: Database, id: number | null) {
  if (!id) return null;
  const [row] = await db.select({ id: titles.id, name: titles.name, year: titles.year, type: titles.type, tmdbId: titles.tmdbId }).from(titles).where(eq(titles.id, id)).limit(1);
  return row && row.tmdbId === null ? row : null;
}

export async function searchTmdb(client: TmdbClient, input: z.infer<typeof searchInputSchema>) {
  try {
    const page = await client.search(input.kind, input.q, { year: input.year });
    return {
      error: null,
      results: page.results.slice(0, 20).map((item) => ({
        id: item.id,
        name: item.title ?? item.name ?? `#${item.id}`,
        year: (item.release_date ?? item.first_air_date)?.slice(0, 4) ?? null,
        overview: item.overview,
      })),
    };
  } catch (error) {
    if (error instanceof TmdbError) return { error: `TMDB search failed: ${error.message}`, results: [] };
    throw error;
  }
}
