import type { Route } from "./+types/watchlist-item";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { removeFromWatchlistEndpoint } from "~/library/api-contract";
import { asLibraryApi } from "~/library/api.server";
import { removeFromWatchlist } from "~/library/watchlist.server";

/** DELETE api/v1/watchlist/{titleId}. */
export const action = apiAction(
  on(removeFromWatchlistEndpoint, async ({ app, params }) => {
    const result = await asLibraryApi(app, () => removeFromWatchlist(app.db, app.user!.id, Number(params.titleId)));
    return { message: app.t("Removed :name from your watchlist", { name: result.titleName }), title_id: result.titleId, in_watchlist: false as const };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("DELETE");
