import { authEnv } from "~/request/env";
import { openD1, type Database } from "~/db/client.server";
import { hash53 } from "~/hash53";
import { log } from "~/log/log.server";
import type { AppContext, WorkerContext } from "~/request/context";
import { VIEW_BUFFER_MAX, VIEW_FLUSH_DELAY_MS } from "~/constants";
import { anonymousViewerSource, dayNumber, isSignedInViewer, recordViews, viewerKeyFor, type PendingView } from "./views.server";

/**
 * Counting a title view or a video play after the response is on its way
 * (ctx.waitUntil): the page never waits for the write, and a failure only
 * costs the counts of one write. Each counts once per viewer and day (views.server.ts);
 * this isolate also remembers what it already counted today, so a viewer
 * reloading a page (or a page-cache hit of it) costs neither a database write
 * nor the viewer key's HMAC.
 */
const RECENT_LIMIT = 20_000;
const recent = new Set<string>();

/**
 * The viewer as viewerKeyFor tells them apart, without the HMAC: a 53-bit
 * hash of the same inputs, kept in this isolate's memory only. Two viewers
 * sharing a hash would lose one count for the day, nothing more.
 */
function viewerInMemory(request: Request, userId: number | null): string {
  if (isSignedInViewer(userId)) return `u:${userId}`;
  return `a:${hash53(anonymousViewerSource(request))}`;
}

function firstTimeToday(kind: string, id: number, viewer: string): boolean {
  const key = `${kind}|${id}|${viewer}|${dayNumber()}`;
  if (recent.has(key)) return false;
  if (recent.size >= RECENT_LIMIT) recent.clear();
  recent.add(key);
  return true;
}

function count(db: () => Database, userId: number | null, worker: WorkerContext, request: Request, kind: "view" | "play", id: number) {
  if (!firstTimeToday(kind, id, viewerInMemory(request, userId))) return;
  const day = dayNumber();
  worker.ctx.waitUntil(
    viewerKeyFor(request, userId, authEnv(worker.env).APP_KEY ?? "")
      .then((viewerKey) => buffer({ kind, id, viewerKey, day }, db, worker))
      .catch((error: unknown) => log("warn", `${kind} not recorded`, { requestId: worker.requestId, error: String(error) })),
  );
}

/**
 * Views and plays waiting to be written, in this isolate. The first request
 * to add one to an empty buffer writes the buffer VIEW_FLUSH_DELAY_MS later,
 * in its own ctx.waitUntil and with its own database handle (the others add
 * plain rows, so no request waits on I/O another one started); a buffer of
 * VIEW_BUFFER_MAX rows is written at once. Under load, many requests' views
 * become one D1 batch (recordViews) instead of a write each.
 */
let pending: PendingView[] = [];
let writeScheduled = false;

function buffer(view: PendingView, db: () => Database, worker: WorkerContext): Promise<void> | void {
  pending.push(view);
  if (pending.length >= VIEW_BUFFER_MAX) return writePending(db(), worker.requestId);
  if (writeScheduled) return;
  writeScheduled = true;
  worker.ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, VIEW_FLUSH_DELAY_MS)).then(() => writePending(db(), worker.requestId)));
}

async function writePending(db: Database, requestId: string) {
  const views = pending;
  pending = [];
  writeScheduled = false;
  if (views.length === 0) return;
  try {
    await recordViews(db, views);
  } catch (error) {
    log("warn", "views not recorded", { requestId, count: views.length, error: String(error) });
  }
}

export function countTitleView(app: AppContext, worker: WorkerContext, request: Request, titleId: number) {
  count(() => app.db, app.viewer.userId, worker, request, "view", titleId);
}

export function countVideoPlay(app: AppContext, worker: WorkerContext, request: Request, videoId: number) {
  count(() => app.db, app.viewer.userId, worker, request, "play", videoId);
}

/**
 * A guest's view or play of a page served from the guest page cache: no
 * request context exists then, so the database is opened here, and only for
 * a view that is new today.
 */
export function countGuestView(worker: WorkerContext, request: Request, kind: "view" | "play", id: number) {
  count(() => openD1(worker.env.DB, null).db, null, worker, request, kind, id);
}

/** A positive id from a path segment, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
