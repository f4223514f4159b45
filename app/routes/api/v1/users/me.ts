import type { Route } from "./+types/me";
import { listAccessTokens } from "~/auth/access-tokens.server";
import { methodNotAllowed } from "~/auth/api.server";
import { requireUser } from "~/auth/guards.server";
import { bootstrapUser } from "~/bootstrap/bootstrap.server";
import { getApp } from "~/request/context";

/**
 * GET /api/v1/users/me: the signed-in user (spec section 3) with roles,
 * social profiles, permissions and API tokens (never their secrets).
 * Works with the session cookie or an `Authorization: Bearer` API token.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const tokens = await listAccessTokens(app.db, user.id);
  return Response.json({ user: { ...bootstrapUser(user, app.viewer), tokens } }, { headers: { "Cache-Control": "private, no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
