import type { Route } from "./+types/me";
import { updateCurrentUser } from "~/account/api-contract";
import { currentUserJson } from "~/account/api.server";
import { locationProblems, patchProfile } from "~/account/profile.server";
import { apiAction, ApiError, apiLoader, on } from "~/json-api/handler.server";
import { listAccessTokens } from "~/auth/access-tokens.server";
import { getCurrentUser } from "~/auth/api-contract";
import { bootstrapUser } from "~/bootstrap/bootstrap.server";

/**
 * GET /api/v1/users/me: the signed-in user with roles,
 * social profiles, permissions and API tokens (never their secrets).
 * PUT: account details, language, country and time zone.
 * Works with the session cookie or an `Authorization: Bearer` API token.
 */
export const loader = apiLoader(getCurrentUser, async ({ app }) => {
  // The request's own user is current for a read; only the tokens need a query.
  const tokens = await listAccessTokens(app.db, app.user!.id);
  return { user: { ...bootstrapUser(app.user!, app.viewer), tokens } };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = apiAction(
  on(updateCurrentUser, async ({ app, body }) => {
    const user = app.user!;
    const location = { language: body.language ?? user.language ?? app.language, country: body.country ?? "", timezone: body.timezone ?? "auto" };
    const problems = locationProblems(location, app.localizations);
    const relevant = problems && Object.fromEntries(Object.entries(problems).filter(([field]) => body[field as keyof typeof body] !== undefined));
    if (relevant && Object.keys(relevant).length) {
      const errors = Object.fromEntries(Object.entries(relevant).map(([field, messages]) => [field, messages.map((m) => app.t(m))]));
      throw new ApiError(422, Object.values(errors)[0][0], errors);
    }
    await patchProfile(app.db, user.id, body);
    return { user: await currentUserJson(app) };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
