import { z } from "zod";
import { updateLanguage } from "~/account/profile.server";
import type { Route } from "./+types/locale";
import { LANGUAGE_COOKIE, PREFERENCE_COOKIE_MAX_AGE_S } from "~/constants";
import { serializeCookie } from "~/http/cookies";
import { preferenceError, preferenceResponse } from "~/toasts/preference-response.server";
import { getApp } from "~/request/context";

const schema = z.object({ language: z.string().min(2).max(16) });

/** Switches the visitor's language (footer picker). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  // A JSON body (or none) reads as an empty form: the schema then refuses it.
  const formData = await request.formData().catch(() => new FormData());
  const parsed = schema.safeParse(Object.fromEntries(formData));
  const language = parsed.success ? app.localizations.find((l) => l.language === parsed.data.language) : undefined;
  if (!language) {
    const message = app.t("This language is not available.");
    return preferenceError(request, formData, 422, message, { language: [message] });
  }
  // A signed-in user's own language wins over the cookie, so it changes too (spec: POST users/me/locale).
  if (app.user && app.user.language !== language.language) await updateLanguage(app.db, app.user.id, language.language);
  const cookie = serializeCookie(request, LANGUAGE_COOKIE, language.language, { maxAge: PREFERENCE_COOKIE_MAX_AGE_S });
  return preferenceResponse(formData, [cookie], { ok: true, language: language.language });
}
