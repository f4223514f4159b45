import type { Route } from "./+types/me-locale";
import { updateCurrentUserLocale } from "~/account/api-contract";
import { updateLanguage } from "~/account/profile.server";
import { apiAction, ApiError, on, writeOnlyLoader } from "~/json-api/handler.server";

/** POST /api/v1/users/me/locale {locale} → {locale, lines}: the user's language, and its lines for the client's i18n. */
export const action = apiAction(
  on(updateCurrentUserLocale, async ({ app, body }) => {
    const localization = app.localizations.find((l) => l.language === body.locale);
    if (!localization) {
      const message = app.t("This language is not available.");
      throw new ApiError(422, message, { locale: [message] });
    }
    await updateLanguage(app.db, app.user!.id, localization.language);
    return { locale: localization.language, lines: localization.lines };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST");
