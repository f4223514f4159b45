import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/locale";
import { LANGUAGE_COOKIE, PREFERENCE_COOKIE_MAX_AGE_S } from "~/constants";
import { serializeCookie } from "~/http/cookies";
import { preferenceResponse } from "~/http/preference-response.server";
import { getApp } from "~/request/context";

const schema = z.object({ language: z.string().min(2).max(16) });

/** Switches the visitor's language (footer picker). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const formData = await request.formData();
  const parsed = schema.safeParse(Object.fromEntries(formData));
  const language = parsed.success ? app.localizations.find((l) => l.language === parsed.data.language) : undefined;
  if (!language) {
    return data({ errors: { language: [app.t("This language is not available.")] } }, { status: 422 });
  }
  const cookie = serializeCookie(request, LANGUAGE_COOKIE, language.language, { maxAge: PREFERENCE_COOKIE_MAX_AGE_S });
  return preferenceResponse(formData, [cookie], { ok: true, language: language.language });
}
