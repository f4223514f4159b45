import type { Route } from "./+types/download-latest";
import { apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { ERROR_LOG_DOWNLOAD_LIMIT } from "~/constants";
import { downloadLatestErrorLog } from "~/observability/api-contract";
import { latestErrorsLog } from "~/observability/error-log.server";

/** GET api/v1/logs/error/download-latest (admins): the newest errors as a .log file. */
export const loader = apiLoader(downloadLatestErrorLog, async ({ app }) => {
  const text = await latestErrorsLog(app.db, ERROR_LOG_DOWNLOAD_LIMIT);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="errors-${stamp}.log"`,
      "Cache-Control": "no-store",
    },
  });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
