import type { Route } from "./+types/profile-privacy";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { setProfilePrivacyEndpoint } from "~/library/api-contract";
import { setProfilePrivacy } from "~/library/profile.server";

/** PUT api/v1/users/me/profile-privacy {private}. */
export const action = apiAction(
  on(setProfilePrivacyEndpoint, async ({ app, body }) => {
    await setProfilePrivacy(app.db, app.user!.id, body.private);
    return { message: body.private ? app.t("Your profile is now private") : app.t("Your profile is now public"), private: body.private };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("PUT");
