import { redirect } from "react-router";
import type { Route } from "./+types/activity-visibility";
import { requireUser } from "~/auth/guards.server";
import { saveSetting } from "~/library/form-answer.server";
import { getApp } from "~/request/context";
import { activityVisibilitySchema } from "~/social/schema";
import { setActivityVisibility } from "~/social/follows.server";

export function loader() {
  return redirect("/account-settings");
}

/** POST: who sees my activity (feed items, my profile's recent ratings and viewings): everyone, my followers, only me. */
export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  return saveSetting(args.request, app.t, activityVisibilitySchema, async ({ activityVisibility }) => {
    await setActivityVisibility(app.db, user.id, activityVisibility);
    return { ok: true, message: app.t("Saved who sees your activity"), activityVisibility };
  });
}
