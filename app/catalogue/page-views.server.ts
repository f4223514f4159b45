import { authEnv } from "~/auth/env";
import { log } from "~/observability/log.server";
import type { AppContext, WorkerContext } from "~/request/context";
import { recordTitleView, recordVideoPlay, viewerKeyFor } from "./views.server";

/**
 * Counting a title view or a video play after the response is on its way
 * (ctx.waitUntil): the page never waits for the write, and a failure only
 * costs one count. Each counts once per viewer and day (views.server.ts).
 */
export function countTitleView(app: AppContext, worker: WorkerContext, request: Request, titleId: number) {
  worker.ctx.waitUntil(
    viewerKeyFor(request, app.viewer.userId, authEnv(worker.env).APP_KEY ?? "")
      .then((viewerKey) => recordTitleView(app.db, titleId, { viewerKey }))
      .catch((error: unknown) => log("warn", "title view not recorded", { requestId: worker.requestId, error: String(error) })),
  );
}

export function countVideoPlay(app: AppContext, worker: WorkerContext, request: Request, videoId: number) {
  worker.ctx.waitUntil(
    viewerKeyFor(request, app.viewer.userId, authEnv(worker.env).APP_KEY ?? "")
      .then((viewerKey) => recordVideoPlay(app.db, videoId, { viewerKey }))
      .catch((error: unknown) => log("warn", "video play not recorded", { requestId: worker.requestId, error: String(error) })),
  );
}

/** A positive id from a path segment, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
