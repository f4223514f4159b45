import { z } from "zod";
import type { Route } from "./+types/theme";
import { PREFERENCE_COOKIE_MAX_AGE_S, THEME_COOKIE } from "~/constants";
import { serializeCookie } from "~/http/cookies";
import { preferenceError, preferenceResponse } from "~/toasts/preference-response.server";
import { getApp } from "~/request/context";

const schema = z.object({ themeId: z.coerce.number().int().positive() });

/** Remembers the visitor's theme in the be-active-theme cookie (7 days). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  // A JSON body (or none) reads as an empty form: the schema then refuses it.
  const formData = await request.formData().catch(() => new FormData());
  if (!app.settings["themes.user_change"]) {
    return preferenceError(request, formData, 403, app.t("Changing the theme is turned off on this site."));
  }
  const parsed = schema.safeParse(Object.fromEntries(formData));
  const theme = parsed.success ? app.themes.find((t) => t.id === parsed.data.themeId) : undefined;
  if (!theme) {
    const message = app.t("This theme does not exist.");
    return preferenceError(request, formData, 422, message, { themeId: [message] });
  }
  const cookie = serializeCookie(request, THEME_COOKIE, String(theme.id), { maxAge: PREFERENCE_COOKIE_MAX_AGE_S, httpOnly: false });
  return preferenceResponse(formData, [cookie], { ok: true, themeId: theme.id });
}
