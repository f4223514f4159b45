import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { checkQuota, hasPermission, type Viewer } from "~/auth/viewer";
import { titles } from "~/catalogue/schema";
import { IMPORT_REPORT_UNMATCHED, IMPORT_PARAMS_PER_STATEMENT, IMPORT_STATEMENTS_PER_BATCH } from "~/constants";
import type { Database } from "~/db/client.server";
import { refreshProfileCounts } from "~/library/counts.server";
import { ratings, watchHistory, watchlistItems } from "~/library/schema";
import { createList, ownedListCount } from "~/lists/lists.server";
import { listItems, lists } from "~/lists/schema";
import { ImportFileError, type ImportData, type ImportEntry } from "./formats";
import { matchKey, pickTitle, type Candidate } from "./match";
import type { ImportReport } from "./report";

export type { ImportReport };

/**
 * Applies a read import (decision 027). Every row is matched to a title
 * first (IMDb ids when the catalogue has them — it does not yet, so by name
 * and year); permissions and the lists quota are checked; only then are
 * the writes sent, in db.batch chunks: ratings upserted (a later import
 * changes the vote), watchlist rows added once, viewings added unless that
 * title was already logged on that day, lists created through the lists
 * service with their items. The stored counts (titles' averages, the
 * profile's counts, list sizes) are recomputed from the rows in the last
 * batch, as the library's own writes do (decision 023).
 */

export async function matchTitles(db: Database, entries: ImportEntry[]): Promise<Map<string, Candidate[]>> {
  const keys = [...new Set(entries.map((e) => e.name.toLowerCase()))];
  const found = new Map<string, Candidate[]>();
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += 90) chunks.push(keys.slice(i, i + 90));
  // One statement per 90 names (titles_name_lower_idx), all in one round trip.
  const results = chunks.length
    ? await db.batch(
        chunks.map((chunk) =>
          db
            .select({ id: titles.id, name: titles.name, year: titles.year, type: titles.type, popularity: titles.popularity })
            .from(titles)
            .where(inArray(sql`lower(${titles.name})`, chunk)),
        ) as unknown as [BatchItem<"sqlite">],
      )
    : [];
  for (const rows of results as unknown as Candidate[][]) {
    for (const row of rows) {
      const key = row.name.toLowerCase();
      found.set(key, [...(found.get(key) ?? []), row]);
    }
  }
  return found;
}

/** Rows per multi-row INSERT when each row binds `perRow` values (D1: 100 bound parameters a statement). */
const rowsPer = (perRow: number) => Math.floor(IMPORT_PARAMS_PER_STATEMENT / perRow);

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function runImport(db: Database, viewer: Viewer, data: ImportData): Promise<ImportReport> {
  const userId = viewer.userId;
  if (userId === null) throw new ImportFileError("You need to sign in first.");
  if (data.ratings.length && !hasPermission(viewer, "ratings.create")) throw new ImportFileError("Your account may not rate titles, so this file's ratings cannot be imported.");
  if (data.lists.length) {
    const owned = await ownedListCount(db, userId);
    const quota = checkQuota(viewer, "lists.create", "count", owned + data.lists.length - 1);
    if (quota.noPermission) throw new ImportFileError("Your account may not create lists, so this file's lists cannot be imported.");
    if (quota.overQuota) throw new ImportFileError(`The file has ${data.lists.length} lists and your plan has room for fewer: delete some lists or upgrade, then import again.`);
  }

  const all: ImportEntry[] = [...data.ratings, ...data.watchlist, ...data.watched, ...data.lists.flatMap((l) => l.items)];
  const candidates = await matchTitles(db, all);
  const unmatched: ImportReport["unmatched"] = [];
  let unmatchedCount = 0;
  const resolve = (entry: ImportEntry) => {
    const title = pickTitle(entry, candidates.get(matchKey(entry)) ?? []);
    if (!title) {
      unmatchedCount++;
      if (unmatched.length < IMPORT_REPORT_UNMATCHED) unmatched.push({ file: entry.file, line: entry.line, name: entry.name, year: entry.year });
    }
    return title;
  };

  // Last row wins for a title (a file may rate one film twice).
  const ratingByTitle = new Map<number, number>();
  for (const entry of data.ratings) {
    const title = resolve(entry);
    if (title) ratingByTitle.set(title.id, entry.rating);
  }
  const watchlistTitles = new Set<number>();
  for (const entry of data.watchlist) {
    const title = resolve(entry);
    if (title) watchlistTitles.add(title.id);
  }
  const viewings = new Map<string, { titleId: number; watchedOn: string }>();
  for (const entry of data.watched) {
    const title = resolve(entry);
    if (title) viewings.set(`${title.id}|${entry.watchedOn}|${viewings.size}`, { titleId: title.id, watchedOn: entry.watchedOn });
  }
  const listPlans = data.lists.map((list) => {
    const ids: { titleId: number; note: string }[] = [];
    const seen = new Set<number>();
    for (const item of list.items) {
      const title = resolve(item);
      if (title && !seen.has(title.id)) {
        seen.add(title.id);
        ids.push({ titleId: title.id, note: item.note });
      }
    }
    return { list, ids };
  });

  // Everything is checked: the writes.
  const statements: BatchItem<"sqlite">[] = [];
  // Counted generously: a row binds user, title and rating (times are SQL defaults), the conflict clause one more.
  for (const rows of chunk([...ratingByTitle], rowsPer(5) - 1)) {
    statements.push(
      db
        .insert(ratings)
        .values(rows.map(([titleId, rating]) => ({ userId, titleId, rating })))
        .onConflictDoUpdate({ target: [ratings.userId, ratings.titleId], targetWhere: sql`episode_id IS NULL`, set: { rating: sql`excluded.rating`, updatedAt: new Date() } }),
    );
  }
  for (const rows of chunk([...watchlistTitles], rowsPer(3))) {
    statements.push(db.insert(watchlistItems).values(rows.map((titleId) => ({ userId, titleId }))).onConflictDoNothing());
  }
  for (const rows of chunk([...viewings.values()], rowsPer(2) - 2)) {
    // A viewing already logged for that title and day is not logged again (importing twice adds nothing).
    const values = sql.join(rows.map((r) => sql`(${r.titleId}, ${r.watchedOn})`), sql`, `);
    statements.push(
      db.insert(watchHistory).select(sql`
        SELECT NULL, ${userId}, v.column1, NULL, v.column2, unixepoch(), 0 FROM (VALUES ${values}) v
        WHERE NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${userId} AND h.title_id = v.column1 AND h.episode_id IS NULL AND h.watched_on = v.column2)`),
    );
  }
  const createdLists: ImportReport["lists"] = [];
  for (const { list, ids } of listPlans) {
    const created = await createList(db, viewer, { name: list.name, description: list.description, public: false, workspaceId: 0 });
    createdLists.push({ name: created.name, id: created.id, matched: ids.length, total: list.items.length });
    for (const rows of chunk(ids.map((item, index) => ({ ...item, position: index + 1 })), rowsPer(6))) {
      statements.push(db.insert(listItems).values(rows.map((r) => ({ listId: created.id, titleId: r.titleId, position: r.position, note: r.note, addedBy: userId }))).onConflictDoNothing());
    }
    statements.push(db.update(lists).set({ itemsCount: sql`(SELECT count(*) FROM list_items WHERE list_id = ${created.id})`, updatedAt: new Date() }).where(eq(lists.id, created.id)));
  }
  // The stored averages of every rated title, then the profile's counts.
  for (const ids of chunk([...ratingByTitle.keys()], 90)) statements.push(refreshTitleRatings(db, ids));
  statements.push(refreshProfileCounts(db, userId));
  for (const batch of chunk(statements, IMPORT_STATEMENTS_PER_BATCH)) {
    await db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }

  return {
    source: data.source,
    ratings: { matched: ratingByTitle.size, total: data.ratings.length },
    watchlist: { matched: watchlistTitles.size, total: data.watchlist.length },
    watched: { matched: viewings.size, total: data.watched.length },
    lists: createdLists,
    unmatched,
    unmatchedCount,
  };
}

/** refreshTitleRating (app/library/counts.server.ts) for many titles in one statement. */
function refreshTitleRatings(db: Database, titleIds: number[]) {
  const where: SQL = inArray(titles.id, titleIds);
  return db
    .update(titles)
    .set({
      rating: sql`(SELECT round(avg(r.rating), 4) FROM ratings r WHERE r.title_id = ${titles.id} AND r.episode_id IS NULL)`,
      voteCount: sql`(SELECT count(*) FROM ratings r WHERE r.title_id = ${titles.id} AND r.episode_id IS NULL)`,
    })
    .where(where);
}
