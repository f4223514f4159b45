import { redirect } from "react-router";
import type { Route } from "./+types/profile-privacy";
import { requireUser } from "~/auth/guards.server";
import { saveSetting } from "~/library/form-answer.server";
import { privacyFormSchema } from "~/library/schema";
import { setProfilePrivacy } from "~/library/profile.server";
import { getApp } from "~/request/context";

export function loader() {
  return redirect("/account-settings");
}

/** POST: my public profile is public or private (a private one is refused to everyone else). */
export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  return saveSetting(args.request, app.t, privacyFormSchema, async ({ visibility }) => {
    await setProfilePrivacy(app.db, user.id, visibility === "private");
    return { ok: true, message: visibility === "private" ? app.t("Your profile is now private") : app.t("Your profile is now public"), visibility };
  });
}
