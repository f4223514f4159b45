import type { Route } from "./+types/watchlist-item";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { removeFromWatchlistEndpoint } from "~/library/api-contract";
import { asApi, snakeCase } from "~/json-api/domain-error.server";
import { removeFromWatchlist } from "~/library/watchlist.server";

/** DELETE api/v1/watchlist/{titleId}. */
export const action = apiAction(
  on(removeFromWatchlistEndpoint, async ({ app, params }) => {
    const result = await asApi(app.t, () => removeFromWatchlist(app.db, app.user!.id, Number(params.titleId)), snakeCase);
    return { message: app.t("Removed :name from your watchlist", { name: result.titleName }), title_id: result.titleId, in_watchlist: false as const };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("DELETE");
