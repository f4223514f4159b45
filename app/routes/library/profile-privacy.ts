import { redirect } from "react-router";
import type { Route } from "./+types/profile-privacy";
import { requireUser } from "~/auth/guards.server";
import { answer, invalid, readForm } from "~/library/form-answer.server";
import { privacyFormSchema } from "~/library/form-schemas";
import { setProfilePrivacy } from "~/library/profile.server";
import { getApp } from "~/request/context";

export function loader() {
  return redirect("/account-settings");
}

/** POST: my public profile is public or private (a private one is refused to everyone else). */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const { fields, noJsBack } = await readForm(request);
  const parsed = privacyFormSchema.safeParse(fields);
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  await setProfilePrivacy(app.db, user.id, parsed.data.visibility === "private");
  const message = parsed.data.visibility === "private" ? app.t("Your profile is now private") : app.t("Your profile is now public");
  return answer(request, noJsBack, { ok: true, message, visibility: parsed.data.visibility });
}
