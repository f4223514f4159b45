import { redirect } from "react-router";
import type { Route } from "./+types/activity-visibility";
import { requireUser } from "~/auth/guards.server";
import { answer, invalid, readForm } from "~/library/form-answer.server";
import { getApp } from "~/request/context";
import { activityVisibilitySchema } from "~/social/form-schemas";
import { setActivityVisibility } from "~/social/follows.server";

export function loader() {
  return redirect("/account-settings");
}

/** POST: who sees my activity (feed items, my profile's recent ratings and viewings): everyone, my followers, only me. */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const { fields, noJsBack } = await readForm(request);
  const parsed = activityVisibilitySchema.safeParse(fields);
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  await setActivityVisibility(app.db, user.id, parsed.data.activityVisibility);
  return answer(request, noJsBack, { ok: true, message: app.t("Saved who sees your activity"), activityVisibility: parsed.data.activityVisibility });
}
