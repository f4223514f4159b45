import type { Route } from "./+types/debug-trace";
import { ApiError, apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { getDebugTrace } from "~/observability/api-contract";
import { findErrorByRequestId, traceOf } from "~/observability/error-log.server";
import { canDownloadLog, debugTracesAllowed, DOWNLOAD_LOG_URL } from "~/observability/error-report.server";

/** GET api/v1/logs/error/trace/{requestId}: the trace the error dialog shows after a failed page request. */
export const loader = apiLoader(getDebugTrace, async ({ app, worker, params }) => {
  if (!debugTracesAllowed(worker, app)) throw new ApiError(403, app.t("Debug traces are not available."));
  const row = await findErrorByRequestId(app.db, params.requestId);
  if (!row) return notFound(app.t("This error is not in the log."));
  const action = canDownloadLog(app) ? { label: "Download log", url: DOWNLOAD_LOG_URL } : null;
  return { ...(await traceOf(row, action)), request_id: row.requestId, requestId: row.requestId };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
