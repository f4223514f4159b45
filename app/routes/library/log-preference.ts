import { redirect } from "react-router";
import type { Route } from "./+types/log-preference";
import { requireUser } from "~/auth/guards.server";
import { answer, invalid, readForm } from "~/library/form-answer.server";
import { logPreferenceFormSchema } from "~/library/form-schemas";
import { setKeepLoggedOnWatchlist } from "~/library/log.server";
import { getApp } from "~/request/context";

export function loader() {
  return redirect("/account-settings");
}

/** POST: logging a title takes it off my watchlist, or keeps it there (decision 030). */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const { fields, noJsBack } = await readForm(request);
  const { redirectTo: _back, ...rest } = fields;
  const parsed = logPreferenceFormSchema.safeParse(rest);
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  const keep = parsed.data.keep === "true";
  await setKeepLoggedOnWatchlist(app.db, user.id, keep);
  const message = keep ? app.t("Logged titles now stay on your watchlist") : app.t("Logging a title now takes it off your watchlist");
  return answer(request, noJsBack, { ok: true, message, keep });
}
