import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/theme";
import { PREFERENCE_COOKIE_MAX_AGE_S, THEME_COOKIE } from "~/constants";
import { serializeCookie } from "~/http/cookies";
import { preferenceResponse } from "~/http/preference-response.server";
import { getApp } from "~/request/context";

const schema = z.object({ themeId: z.coerce.number().int().positive() });

/** Remembers the visitor's theme in the be-active-theme cookie (7 days). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (!app.settings["themes.user_change"]) {
    return data({ message: app.t("Changing the theme is turned off on this site.") }, { status: 403 });
  }
  const formData = await request.formData();
  const parsed = schema.safeParse(Object.fromEntries(formData));
  const theme = parsed.success ? app.themes.find((t) => t.id === parsed.data.themeId) : undefined;
  if (!theme) {
    return data({ errors: { themeId: [app.t("This theme does not exist.")] } }, { status: 422 });
  }
  const cookie = serializeCookie(request, THEME_COOKIE, String(theme.id), { maxAge: PREFERENCE_COOKIE_MAX_AGE_S, httpOnly: false });
  return preferenceResponse(formData, [cookie], { ok: true, themeId: theme.id });
}
