import { authEnv } from "~/auth/env";
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

function count(app: AppContext, worker: WorkerContext, request: Request, kind: "view" | "play", id: number) {
  worker.ctx.waitUntil(
    viewerKeyFor(request, app.viewer.userId, authEnv(worker.env).APP_KEY ?? "")
      .then((viewerKey) => {
        if (!firstTimeToday(kind, id, viewerKey)) return false;
        return kind === "view" ? recordTitleView(app.db, id, { viewerKey }) : recordVideoPlay(app.db, id, { viewerKey });
      })
      .catch((error: unknown) => log("warn", `${kind} not recorded`, { requestId: worker.requestId, error: String(error) })),
  );
}

export function countTitleView(app: AppContext, worker: WorkerContext, request: Request, titleId: number) {
  count(app, worker, request, "view", titleId);
}

export function countVideoPlay(app: AppContext, worker: WorkerContext, request: Request, videoId: number) {
  count(app, worker, request, "play", videoId);
}

/** A positive id from a path segment, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
