import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/localization";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { allTranslationKeys, deleteLocalization, loadLocalization, renameLocalization, replaceLines, saveLines } from "~/i18n/localization-admin.server";
import { linesFileSchema } from "~/i18n/schema";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { inputClasses } from "~/ui/field-styles";
import { SubmitButton } from "~/ui/forms/fields";
import { readIntent } from "~/ui/forms/submission.server";
import { siteTitle } from "~/seo/seo";
import { choicesOf, pluralCategoriesOf, pluralLineProblem } from "~/i18n/translate";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.localization.name ?? "Localization") }];

const PAGE_SIZE = 50;
/** Translation files bigger than this are refused (the site's own files are a few dozen KB). */
const IMPORT_MAX_BYTES = 900_000;

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.localizationsUpdate);
  const found = await loadLocalization(admin.app.db, args.params.language);
  if (!found) throw data(null, { status: 404 });
  const keys = await allTranslationKeys(admin.app.db);
  const q = (args.url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, 200);
  const filter = args.url.searchParams.get("filter") === "missing" ? "missing" : "all";
  const matching = keys.filter((key) => {
    const value = found.lines[key] ?? "";
    if (filter === "missing" && value) return false;
    return !q || key.toLowerCase().includes(q) || value.toLowerCase().includes(q);
  });
  const page = Math.max(1, Math.min(Number.parseInt(args.url.searchParams.get("page") ?? "1", 10) || 1, Math.ceil(matching.length / PAGE_SIZE) || 1));
  const shown = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return {
    localization: { language: found.language, name: found.name },
    lines: shown.map((key) => ({ key, value: found.lines[key] ?? "" })),
    q,
    filter,
    page,
    pages: Math.max(1, Math.ceil(matching.length / PAGE_SIZE)),
    total: matching.length,
    translated: keys.filter((k) => found.lines[k]).length,
    keys: keys.length,
    isDefault: found.language === admin.app.settings["i18n.default_localization"],
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.localizationsUpdate);
  const { request } = args;
  const t = admin.app.t;
  const language = args.params.language;
  const back = `/admin/localizations/${encodeURIComponent(language)}${args.url.search}`;
  const record = admin.record("localizations.update", "localization");
  const formData = await request.formData();
  const intent = readIntent(formData);
  switch (intent) {
    case "save-lines": {
      const keys = formData.getAll("key");
      const values = formData.getAll("value");
      if (keys.length !== values.length || keys.length > 500 || keys.some((k) => typeof k !== "string") || values.some((v) => typeof v !== "string")) {
        return data({ message: t("The form was not complete. Reload the page and try again.") }, { status: 400 });
      }
      const lines = Object.fromEntries(keys.map((k, i) => [k as string, values[i] as string]));
      const parsed = linesFileSchema.safeParse(lines);
      if (!parsed.success) return data({ message: t("A translation is too long (at most 5,000 characters).") }, { status: 422 });
      const pluralProblem = Object.entries(parsed.data).find(([key, value]) => pluralLineProblem(key, value));
      if (pluralProblem) return data({ message: `${t(pluralLineProblem(pluralProblem[0], pluralProblem[1])!)} (${pluralProblem[0]})` }, { status: 422 });
      const result = await saveLines(admin.app.db, language, parsed.data, record);
      if (!result.ok) throw data(null, { status: 404 });
      return redirectWithToast(request, back, { message: t("Translations saved"), type: "positive" });
    }
    case "import": {
      const file = formData.get("file");
      const mode = formData.get("mode") === "replace" ? "replace" : "merge";
      if (!(file instanceof File) || file.size === 0) return data({ message: t("Choose a JSON file to import.") }, { status: 422 });
      if (file.size > IMPORT_MAX_BYTES) return data({ message: t("This file is too large.") }, { status: 422 });
      let json: unknown;
      try {
        json = JSON.parse(await file.text());
      } catch {
        return data({ message: t("This file is not valid JSON.") }, { status: 422 });
      }
      const parsed = linesFileSchema.safeParse(json);
      if (!parsed.success) return data({ message: t("The file must be one JSON object of English text to translation, strings only.") }, { status: 422 });
      const importProblem = Object.entries(parsed.data).find(([key, value]) => pluralLineProblem(key, value));
      if (importProblem) return data({ message: `${t(pluralLineProblem(importProblem[0], importProblem[1])!)} (${importProblem[0]})` }, { status: 422 });
      const result = mode === "replace" ? await replaceLines(admin.app.db, language, parsed.data, record) : await saveLines(admin.app.db, language, parsed.data, record);
      if (!result.ok) throw data(null, { status: 404 });
      return redirectWithToast(request, back, { message: t("Imported :count [one line|other lines]", { count: Object.keys(parsed.data).length }), type: "positive" });
    }
    case "rename": {
      const name = z.string().trim().min(1).max(60).safeParse(formData.get("name"));
      if (!name.success) return data({ message: t("Enter a name.") }, { status: 422 });
      await renameLocalization(admin.app.db, language, name.data, record);
      return redirectWithToast(request, back, { message: t("Language renamed"), type: "positive" });
    }
    case "delete": {
      if (!isConfirmed(formData))
        return askForConfirmation({ intent, ids: [], title: "Delete this language?", message: "Its translations are deleted; people who chose it see the default language.", confirmLabel: "Delete" });
      const result = await deleteLocalization(admin.app.db, language, admin.app.settings["i18n.default_localization"], admin.record("localizations.delete", "localization"));
      if (!result.ok) return data({ message: t(result.message) }, { status: 409 });
      return redirectWithToast(request, "/admin/localizations", { message: t("Language deleted"), type: "positive" });
    }
    default:
      throw data({ message: t("Unknown action.") }, { status: 400 });
  }
}

export default function LocalizationEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { localization, lines } = loaderData;
  // The CLDR forms this language tells apart (decision 031): a translated choice writes each, e.g. [one …|few …|many …|other …].
  const pluralForms = pluralCategoriesOf(localization.language);
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const message = actionData && "message" in actionData ? String(actionData.message) : null;
  const link = (changes: Record<string, string | number>) =>
    `?${new URLSearchParams({ q: loaderData.q, filter: loaderData.filter, page: String(loaderData.page), ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, String(v)])) })}`;
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/localizations", label: "Localizations" }}
        title={`${localization.name} (${localization.language})`}
        description={t(":translated of :keys lines translated", { translated: loaderData.translated, keys: loaderData.keys })}
        actions={
          <>
            <a href={`/admin/localizations/${localization.language}/export`} className={buttonClasses({ variant: "outlined", color: "neutral" })} download>
              {t("Export JSON")}
            </a>
            {loaderData.isDefault ? null : (
              <ConfirmedActionButton
                intent="delete"
                label="Delete"
                title="Delete this language?"
                message="Its translations are deleted; people who chose it see the default language."
                confirmLabel="Delete"
              />
            )}
          </>
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      {message ? (
        <p role="alert" className="mb-4 rounded-theme border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger" data-testid="form-errors">
          {t(message)}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[3fr_1fr]">
        <AdminSection>
          <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
            <input type="search" name="q" defaultValue={loaderData.q} placeholder={t("Search text or translation")} aria-label={t("Search")} className={`${inputClasses} max-w-sm`} />
            <select name="filter" defaultValue={loaderData.filter} aria-label={t("Show")} className={`${inputClasses} w-auto`}>
              <option value="all">{t("All lines")}</option>
              <option value="missing">{t("Not translated")}</option>
            </select>
            <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
              {t("Search")}
            </button>
          </Form>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="save-lines" />
            <p id="plural-forms-hint" className="text-xs text-muted">
              {t("A choice in brackets picks the form by count: write one form per plural category of this language, ending with other.")}
            </p>
            {lines.length === 0 ? (
              <p className="text-sm text-muted">{t("There are no items matching your query")}</p>
            ) : (
              <ul className="flex flex-col gap-3" data-testid="translation-lines">
                {lines.map((line, i) => (
                  <li key={line.key} className="grid gap-2 md:grid-cols-2">
                    <input type="hidden" name="key" value={line.key} />
                    <label htmlFor={`line-${i}`} className="text-sm break-words text-foreground">
                      {line.key}
                    </label>
                    <div>
                      <textarea
                        id={`line-${i}`}
                        name="value"
                        defaultValue={line.value}
                        rows={Math.min(4, Math.ceil(Math.max(line.key.length, line.value.length) / 60))}
                        className={`${inputClasses} w-full`}
                        aria-describedby={choicesOf(line.key).length > 0 ? "plural-forms-hint" : undefined}
                      />
                      {choicesOf(line.key).length > 0 ? (
                        <p className="mt-1 text-xs text-muted" data-testid="plural-forms">
                          {t("Plural forms in this language: :forms", { forms: pluralForms.map((form) => `${form} …`).join("|") })}
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <nav aria-label={t("Pages")} className="flex items-center gap-2 text-sm text-muted">
                {loaderData.page > 1 ? <Link to={link({ page: loaderData.page - 1 })}>{t("Previous")}</Link> : null}
                <span>{t("Page :page of :pages", { page: loaderData.page, pages: loaderData.pages })}</span>
                {loaderData.page < loaderData.pages ? <Link to={link({ page: loaderData.page + 1 })}>{t("Next")}</Link> : null}
              </nav>
              {lines.length > 0 ? <SubmitButton>{t("Save translations")}</SubmitButton> : null}
            </div>
          </Form>
        </AdminSection>
        <div className="flex flex-col gap-6">
          <AdminSection title={t("Import")}>
            <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="import" />
              <input type="file" name="file" accept="application/json,.json" required aria-label={t("JSON file")} className="text-sm" />
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="mode" value="merge" defaultChecked /> {t("Add and update lines")}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="mode" value="replace" /> {t("Replace every line")}
              </label>
              <div>
                <SubmitButton variant="outlined" color="neutral">
                  {t("Import JSON")}
                </SubmitButton>
              </div>
            </Form>
          </AdminSection>
          <AdminSection title={t("Name")}>
            <Form method="post" className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="rename" />
              <input name="name" defaultValue={localization.name} required maxLength={60} aria-label={t("Name")} className={inputClasses} />
              <div>
                <SubmitButton variant="outlined" color="neutral">
                  {t("Rename")}
                </SubmitButton>
              </div>
            </Form>
          </AdminSection>
        </div>
      </div>
    </>
  );
}
