import type { Route } from "./+types/like";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { likeListEndpoint, unlikeListEndpoint } from "~/lists/api-contract";
import { setLiked } from "~/lists/lists.server";
import { asApi } from "~/json-api/domain-error.server";
import { listApiField } from "~/lists/services.server";

export const loader = writeOnlyLoader("POST, DELETE") satisfies (args: Route.LoaderArgs) => Response;

/** POST api/v1/lists/{id}/like; DELETE api/v1/lists/{id}/like → {liked, likes_count}. */
export const action = apiAction(
  on(likeListEndpoint, async ({ app, params }) => asApi(app.t, () => setLiked(app.db, app.user!.id, Number(params.listId), true), listApiField)),
  on(unlikeListEndpoint, async ({ app, params }) => asApi(app.t, () => setLiked(app.db, app.user!.id, Number(params.listId), false), listApiField)),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
