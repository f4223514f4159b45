import { z } from "zod";
import type { Route } from "./+types/i18n";
import { LANGUAGE_CODE } from "~/i18n/schema";
import { linesVersion } from "~/i18n/page-lines";
import { getApp } from "~/request/context";

const paramsSchema = z.object({ language: z.string().max(16).regex(LANGUAGE_CODE) });
const searchSchema = z.object({
  v: z
    .string()
    .regex(/^[a-z0-9]{1,16}$/)
    .optional(),
});

/** A year: the URL names the table's version, so a changed table gets a new URL. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /resources/i18n/:language?v=<version>: a language's whole translation
 * table as JSON ({language, version, lines}), which the browser loads once
 * the page is interactive, for what the first page did not render
 * (app/i18n/translation-store.ts). Asked for by its current version it may be
 * kept for a year; any other version gets the current table, not to be kept.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const language = paramsSchema.safeParse(params);
  const search = searchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!search.success) {
    const message = app.t("The version must be a short code of lowercase letters and digits.");
    return Response.json({ message, errors: { v: [message] } }, { status: 400 });
  }
  const localization = language.success ? app.localizations.find((l) => l.language === language.data.language) : undefined;
  if (!localization) return Response.json({ message: app.t("This language is not available.") }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const version = linesVersion(localization.lines);
  return Response.json(
    { language: localization.language, version, lines: localization.lines },
    { headers: { "Cache-Control": version !== null && search.data.v === version ? IMMUTABLE : "no-cache" } },
  );
}
