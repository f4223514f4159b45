import { authEnv } from "~/auth/env";
import { openD1, type Database } from "~/db/client.server";
import { log } from "~/observability/log.server";
import type { AppContext, WorkerContext } from "~/request/context";
import { dayNumber, recordTitleView, recordVideoPlay, viewerKeyFor } from "./views.server";

/**
 * Counting a title view or a video play after the response is on its way
 * (ctx.waitUntil): the page never waits for the write, and a failure only
 * costs one count. Each counts once per viewer and day (views.server.ts);
 * this isolate also remembers what it already counted today, so a viewer
 * reloading a page does not cost a database write each time.
 */
const RECENT_LIMIT = 20_000;
const recent = new Set<string>();

function firstTimeToday(kind: string, id: number, viewerKey: string): boolean {
  const key = `${kind}|${id}|${viewerKey}|${dayNumber()}`;
  if (recent.has(key)) return false;
  if (recent.size >= RECENT_LIMIT) recent.clear();
  recent.add(key);
  return true;
}

function count(db: Database, userId: number | null, worker: WorkerContext, request: Request, kind: "view" | "play", id: number) {
  worker.ctx.waitUntil(
    viewerKeyFor(request, userId, authEnv(worker.env).APP_KEY ?? "")
      .then((viewerKey) => {
        if (!firstTimeToday(kind, id, viewerKey)) return false;
        return kind === "view" ? recordTitleView(db, id, { viewerKey }) : recordVideoPlay(db, id, { viewerKey });
      })
      .catch((error: unknown) => log("warn", `${kind} not recorded`, { requestId: worker.requestId, error: String(error) })),
  );
}

export function countTitleView(app: AppContext, worker: WorkerContext, request: Request, titleId: number) {
  count(app.db, app.viewer.userId, worker, request, "view", titleId);
}

export function countVideoPlay(app: AppContext, worker: WorkerContext, request: Request, videoId: number) {
  count(app.db, app.viewer.userId, worker, request, "play", videoId);
}

/**
 * A guest's view or play of a page served from the guest page cache: no
 * request context exists then, so the database is opened here (lazily: only
 * a view that is new today runs a statement).
 */
export function countGuestView(worker: WorkerContext, request: Request, kind: "view" | "play", id: number) {
  count(openD1(worker.env.DB, null).db, null, worker, request, kind, id);
}

/** A positive id from a path segment, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
