import type { Route } from "./+types/credits";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { listTitleCredits } from "~/catalogue/api-contract";
import { loadTitleCreditsForApi } from "~/catalogue/api.server";

/** GET api/v1/titles/{id}/credits */
export const loader = apiLoader(listTitleCredits, async ({ app, params }) => {
  const found = await loadTitleCreditsForApi(app.db, Number(params.id));
  return found ?? notFound(app.t("This title does not exist."));
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
