import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/request/viewer";
import { IMPORT_MAX_BYTES, IMPORT_REPORT_UNMATCHED } from "~/constants";
import type { Database } from "~/db/client.server";
import { lists } from "~/lists/tables";
import { ImportFileError, readImportFile, type ImportData } from "./formats";
import { findJob, prepareImport, readPlan, runImportNow, startImport, type ImportQueue, type ImportStore, type ImportSummary } from "./import.server";
import type { ImportReport } from "./report";

export type ReadOutcome = { ok: true; data: ImportData; fileName: string } | { ok: false; status: number; message: string };

/**
 * An uploaded file (form field `file`) read and checked; a file we cannot
 * read is a message and changes nothing. The request body itself was already
 * capped while it streamed in (app/http/security.ts, IMPORT_REQUEST_MAX_BYTES).
 */
export async function readUpload(file: FormDataEntryValue | null): Promise<ReadOutcome> {
  if (!file || typeof file === "string" || file.size === 0)
    return { ok: false, status: 422, message: "Choose an export file: Letterboxd (ZIP or CSV), IMDb (CSV), Trakt (JSON or ZIP) or this site's own." };
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, status: 413, message: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.` };
  try {
    return { ok: true, data: readImportFile(file.name, new Uint8Array(await file.arrayBuffer())), fileName: file.name };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, status: 422, message: error.message };
    throw error;
  }
}

/** Upload → a job in review (the page's flow: the member then reviews the matches). */
export async function uploadForReview(db: Database, store: ImportStore, viewer: Viewer, file: FormDataEntryValue | null) {
  const read = await readUpload(file);
  if (!read.ok) return read;
  try {
    return { ok: true as const, jobId: await prepareImport(db, store, viewer, read.fileName, read.data) };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false as const, status: 422, message: error.message };
    throw error;
  }
}

/**
 * api/v1: no review screen, so only the titles that matched are written
 * (ambiguous and unmatched rows are reported), in this request.
 */
export async function importUploadNow(
  db: Database,
  store: ImportStore,
  viewer: Viewer,
  file: FormDataEntryValue | null,
): Promise<{ ok: true; report: ImportReport } | { ok: false; status: number; message: string }> {
  const prepared = await uploadForReview(db, store, viewer, file);
  if (!prepared.ok) return prepared;
  const job = (await findJob(db, viewer.userId!, prepared.jobId))!;
  try {
    await startImport(db, store, null as ImportQueue | null, viewer, job, { reviewsPrivate: true });
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, status: 422, message: error.message };
    throw error;
  }
  await runImportNow(db, store, job.id);
  return { ok: true, report: await reportOf(db, store, job.id, viewer.userId!) };
}

export async function reportOf(db: Database, store: ImportStore, jobId: number, userId: number): Promise<ImportReport> {
  const job = (await findJob(db, userId, jobId))!;
  const summary = job.summary as unknown as ImportSummary;
  const plan = await readPlan(store, job);
  const misses = plan.groups.filter((g) => g.choice === undefined && g.status !== "matched");
  const made = await db
    .select({ id: lists.id, name: lists.name, itemsCount: lists.itemsCount })
    .from(lists)
    .where(and(eq(lists.userId, userId), eq(lists.importId, jobId)));
  const added = summary.added ?? { ratings: 0, watched: 0, watchlist: 0, reviews: 0, lists: 0, listItems: 0 };
  return {
    jobId,
    source: plan.data.source,
    ratings: { matched: added.ratings, total: summary.read.ratings },
    watchlist: { matched: added.watchlist, total: summary.read.watchlist },
    watched: { matched: added.watched, total: summary.read.watched },
    reviews: { matched: added.reviews, total: summary.read.reviews },
    lists: made.map((l) => ({ id: l.id, name: l.name, matched: l.itemsCount, total: plan.data.lists.find((p) => p.name === l.name)?.items.length ?? l.itemsCount })),
    unmatched: misses.slice(0, IMPORT_REPORT_UNMATCHED).map((g) => ({ file: g.file, line: g.line, name: g.name, year: g.year })),
    unmatchedCount: misses.length,
  };
}
