import type { Route } from "./+types/access-tokens";
import { createAccessTokenEndpoint, deleteAccessTokenEndpoint } from "~/account/api-contract";
import { apiAction, ApiError, json, on, writeOnlyLoader } from "~/json-api/handler.server";
import { createAccessToken, deleteAccessToken, mayGrantScopes } from "~/auth/access-tokens.server";
import { requestInfo } from "~/auth/request-info.server";

/**
 * POST /api/v1/access-tokens {tokenName, expiration?, scopes?} → 201 {plainTextToken, token}
 * and DELETE /api/v1/access-tokens/{id}. Tokens are stored hashed;
 * the plain token exists only in the creation answer.
 */
export const action = apiAction(
  on(createAccessTokenEndpoint, async ({ app, body, request }) => {
    const days = body.expiration === "never" ? null : Number(body.expiration);
    if (!mayGrantScopes(app.viewer, body.scopes))
      throw new ApiError(422, app.t("Only administrators can give a token the admin scope."), { scopes: [app.t("Only administrators can give a token the admin scope.")] });
    const created = await createAccessToken(
      app.db,
      app.user!.id,
      { name: body.tokenName, expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000), scopes: body.scopes },
      requestInfo(request),
    );
    return json({ plainTextToken: created.plainTextToken, token: created.token }, 201);
  }),
  on(deleteAccessTokenEndpoint, async ({ app, params, request }) => {
    const deleted = await deleteAccessToken(app.db, app.user!.id, Number(params.id), requestInfo(request));
    if (!deleted) throw new ApiError(404, app.t("This token does not exist."));
    return { message: app.t("Token deleted") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST, DELETE");
