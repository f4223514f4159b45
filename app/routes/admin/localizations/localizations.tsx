import { Form, Link } from "react-router";
import type { Route } from "./+types/localizations";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader, AdminSection, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { createLocalization, listLocalizationsForAdmin } from "~/i18n/localization-admin.server";
import { localizationSchema } from "~/i18n/schema";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Localizations") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.localizationsUpdate);
  const rows = await listLocalizationsForAdmin(admin.app.db);
  return { languages: rows.map((r) => ({ ...r, lines: Number(r.lines), updatedAt: r.updatedAt.toISOString() })), defaultLanguage: admin.app.settings["i18n.default_localization"] };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.localizationsUpdate);
  const submission = await parseFormSubmission(args.request, localizationSchema, admin.app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const result = await createLocalization(admin.app.db, submission.value, admin.record("localizations.create", "localization"));
  if (!result.ok) return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  return redirectWithToast(args.request, `/admin/localizations/${submission.value.language}`, { message: admin.app.t("Language added"), type: "positive" });
}

export default function AdminLocalizations({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: localizationSchema, lastResult: actionData });
  return (
    <>
      <AdminPageHeader title={t("Localizations")} description={t("Languages of the site and their translations. English is the source: its text lives in the code.")} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <AdminSection>
          <ul className="divide-y divide-divider" data-testid="languages">
            {loaderData.languages.map((l) => (
              <li key={l.language} className="flex items-center justify-between gap-2 py-3">
                <div>
                  <Link to={`/admin/localizations/${l.language}`} className="font-medium text-foreground hover:underline">
                    {l.name}
                  </Link>{" "}
                  <code className="text-xs text-muted">{l.language}</code> {l.language === loaderData.defaultLanguage ? <Badge tone="primary">{t("Default")}</Badge> : null}
                </div>
                <span className="text-sm text-muted">{t(":count [one line|other lines]", { count: l.lines })}</span>
              </li>
            ))}
          </ul>
        </AdminSection>
        <AdminSection title={t("Add a language")}>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
            <FormErrors form={form} />
            <TextField meta={fields.language} label={t("Code")} placeholder="de" />
            <TextField meta={fields.name} label={t("Name")} placeholder="Deutsch" />
            <div>
              <SubmitButton>{t("Add language")}</SubmitButton>
            </div>
          </Form>
        </AdminSection>
      </div>
    </>
  );
}
