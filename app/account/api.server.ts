import { ApiError } from "~/json-api/handler.server";
import type { AppContext } from "~/request/context";
import { loadSignedIn } from "~/auth/users.server";
import { bootstrapUser } from "~/bootstrap/bootstrap.server";

/**
 * Helpers for the account routes under api/v1: which user a `{id}` path
 * names (only yourself here; managing others is the admin area's), and the
 * user as the API shows it, read again after a change.
 */
export function ownUserId(app: AppContext, id: string): number {
  const user = app.user;
  if (!user) throw new ApiError(401, app.t("You need to sign in first."));
  if (id === "me" || Number(id) === user.id) return user.id;
  throw new ApiError(403, app.t("You may only change your own account."));
}

export async function currentUserJson(app: AppContext) {
  const fresh = app.session ? await loadSignedIn(app.db, app.session.id) : null;
  if (fresh) return bootstrapUser(fresh.user, fresh.viewer);
  if (!app.user) throw new ApiError(401, app.t("You need to sign in first."));
  return bootstrapUser(app.user, app.viewer);
}
