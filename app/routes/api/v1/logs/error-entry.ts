import type { Route } from "./+types/error-entry";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { getErrorLogEntry } from "~/observability/api-contract";
import { findError, serializeErrorSummary, traceOf } from "~/observability/error-log.server";
import { DOWNLOAD_LOG_URL } from "~/observability/error-report.server";

/** GET api/v1/logs/error/{id} (admins): one error with its mapped trace. */
export const loader = apiLoader(getErrorLogEntry, async ({ app, params }) => {
  const row = await findError(app.db, Number(params.id));
  if (!row) return notFound(app.t("This error is not in the log."));
  return { error: { ...serializeErrorSummary(row), user_agent: row.userAgent, trace: await traceOf(row, { label: "Download log", url: DOWNLOAD_LOG_URL }) } };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
