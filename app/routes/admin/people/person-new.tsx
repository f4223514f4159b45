import { Form } from "react-router";
import type { Route } from "./+types/person-new";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader } from "~/admin/ui/page";
import { PersonFields } from "~/admin/ui/person-fields";
import { useTrans } from "~/i18n/translation-context";
import { personSchema } from "~/catalogue/schema";
import { createPerson } from "~/catalogue/editor/people.server";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, SubmitButton } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "New person") }];

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, P.titlesCreate);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesCreate);
  const submission = await parseFormSubmission(args.request, personSchema, admin.app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const result = await createPerson({ db: admin.app.db, bucket: getWorker(args.context).env.FILES }, submission.value, admin.record("people.create", "person"));
  if (!result.ok) return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  const next = admin.can(P.titlesUpdate) ? `/admin/people/${result.id}` : "/admin/people";
  return redirectWithToast(args.request, next, { message: admin.app.t("Person created"), type: "positive" });
}

export default function NewPerson({ actionData }: Route.ComponentProps) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: personSchema, lastResult: actionData, defaultValue: { gender: "unknown" } });
  return (
    <>
      <AdminPageHeader back={{ to: "/admin/people", label: "People" }} title={t("New person")} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-3xl flex-col gap-6">
        <FormErrors form={form} />
        <PersonFields fields={fields} />
        <div className="flex justify-end">
          <SubmitButton>{t("Create")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
