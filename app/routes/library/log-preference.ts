import { redirect } from "react-router";
import type { Route } from "./+types/log-preference";
import { requireUser } from "~/auth/guards.server";
import { saveSetting } from "~/library/form-answer.server";
import { logPreferenceFormSchema } from "~/library/schema";
import { setKeepLoggedOnWatchlist } from "~/library/log.server";
import { getApp } from "~/request/context";

export function loader() {
  return redirect("/account-settings");
}

/** POST: logging a title takes it off my watchlist, or keeps it there (decision 030). */
export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  return saveSetting(args.request, app.t, logPreferenceFormSchema, async (input) => {
    const keep = input.keep === "true";
    await setKeepLoggedOnWatchlist(app.db, user.id, keep);
    return { ok: true, message: keep ? app.t("Logged titles now stay on your watchlist") : app.t("Logging a title now takes it off your watchlist"), keep };
  });
}
