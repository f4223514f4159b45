import type { Route } from "./+types/error-log";
import { apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { paginated, perPageOf } from "~/api/query";
import { listErrorLog } from "~/observability/api-contract";
import { listErrors, serializeErrorSummary } from "~/observability/error-log.server";

/** GET api/v1/logs/error (admins): logged errors, newest first. */
export const loader = apiLoader(listErrorLog, async ({ app, query }) => {
  const { rows, total } = await listErrors(app.db, { page: query.page, perPage: perPageOf(query) });
  return paginated({ data: rows.map(serializeErrorSummary), page: query.page, perPage: perPageOf(query), total });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
