import type { Route } from "./+types/block";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { blockEndpoint, unblockEndpoint } from "~/social/api-contract";
import { socialApiCall } from "~/social/api.server";

export const loader = writeOnlyLoader("POST, DELETE") satisfies (args: Route.LoaderArgs) => Response;

/** POST api/v1/blocks {user_id}; DELETE api/v1/blocks/{id} (decision 033). */
export const action = apiAction(
  on(blockEndpoint, ({ context, request, body }) => socialApiCall(context, request, "block", body.user_id)),
  on(unblockEndpoint, ({ context, request, params }) => socialApiCall(context, request, "unblock", Number(params.id))),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
