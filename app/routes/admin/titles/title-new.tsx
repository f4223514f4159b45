import { Form } from "react-router";
import type { Route } from "./+types/title-new";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { newTitleSchema } from "~/catalogue/schema";
import { createTitle } from "~/catalogue/editor/titles.server";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, SelectField, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "New title") }];

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, P.titlesCreate);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesCreate);
  const submission = await parseFormSubmission(args.request, newTitleSchema, admin.app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { id } = await createTitle(admin.app.db, submission.value, admin.record("titles.create", "title"));
  // Creators without titles.update still see their title, on the public page.
  const next = admin.can(P.titlesUpdate) ? `/admin/titles/${id}` : "/admin/titles";
  return redirectWithToast(args.request, next, { message: admin.app.t("Title created"), type: "positive" });
}

export default function NewTitle({ actionData }: Route.ComponentProps) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: newTitleSchema, lastResult: actionData, defaultValue: { type: "movie" } });
  return (
    <>
      <AdminPageHeader back={{ to: "/admin/titles", label: "Titles" }} title={t("New title")} description={t("Start with the facts; pictures, videos, seasons and credits come next.")} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-2xl flex-col gap-6">
        <FormErrors form={form} />
        <AdminSection>
          <div className="flex flex-col gap-4">
            <SelectField
              meta={fields.type}
              label={t("Type")}
              options={[
                { value: "movie", label: t("Movie") },
                { value: "series", label: t("Series") },
              ]}
            />
            <TextField meta={fields.name} label={t("Name")} />
            <TextField meta={fields.releaseDate} label={t("Release date")} type="date" />
            <TextArea meta={fields.plot} label={t("Plot")} rows={5} />
          </div>
        </AdminSection>
        <div className="flex justify-end">
          <SubmitButton>{t("Create")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
