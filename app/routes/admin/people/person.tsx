import { data, Form } from "react-router";
import type { Route } from "./+types/person";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { MediaUpload } from "~/admin/ui/media-upload";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { PersonFields } from "~/admin/ui/person-fields";
import { useTrans } from "~/i18n/translation-context";
import { personSchema } from "~/catalogue/schema";
import { discardRefusedUpload } from "~/catalogue/editor/media-files.server";
import { deletePeople, loadPersonForEditor, setPersonProfile, updatePerson } from "~/catalogue/editor/people.server";
import { personPath } from "~/http/slug";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SubmitButton } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.person.name ?? "Person") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const id = idParam(args.params.personId);
  const found = await loadPersonForEditor(admin.app.db, id);
  if (!found) throw data(null, { status: 404 });
  const { person } = found;
  return {
    person: { id: person.id, name: person.name, slug: person.slug, profile: person.profile, generatedFields: person.generatedFields, updatedAt: person.updatedAt.toISOString() },
    creditCount: found.creditCount,
    values: {
      name: person.name,
      biography: person.biography ?? "",
      birthDate: person.birthDate ?? "",
      deathDate: person.deathDate ?? "",
      birthPlace: person.birthPlace ?? "",
      gender: person.gender,
      knownFor: person.knownFor ?? "",
      popularity: person.popularity,
      profile: person.profile ?? "",
    },
    canDelete: admin.can(P.titlesDelete),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const { request, context } = args;
  const id = idParam(args.params.personId);
  const t = admin.app.t;
  const deps = { db: admin.app.db, bucket: getWorker(context).env.FILES };
  const formData = await request.formData();
  const intent = readIntent(formData);
  if (intent === "delete") {
    requireAdmin(args, P.titlesDelete);
    if (!isConfirmed(formData)) {
      return askForConfirmation({ intent, ids: [id], title: "Delete this person?", message: "They will be deleted with all their credits. This cannot be undone.", confirmLabel: "Delete" });
    }
    await deletePeople(deps, [id], admin.record("people.delete", "person"));
    return redirectWithToast(request, "/admin/people", { message: t("Person deleted"), type: "positive" });
  }
  if (intent === "set-profile") {
    const url = formData.get("url");
    const result = await setPersonProfile(deps, id, typeof url === "string" && url ? url : null, admin.record("people.update", "person"));
    if (!result.ok) {
      await discardRefusedUpload(deps, typeof url === "string" ? url : null, admin.user.id);
      if (result.notFound) throw data(null, { status: 404 });
      return redirectWithToast(request, `/admin/people/${id}`, { message: t(Object.values(result.errors ?? {}).flat()[0] ?? "This file could not be used."), type: "danger" });
    }
    return redirectWithToast(request, `/admin/people/${id}`, { message: t("Picture saved"), type: "positive" });
  }
  const submission = await parseFormSubmission(formData, personSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const result = await updatePerson(deps, id, submission.value, admin.record("people.update", "person"));
  if (!result.ok) {
    if (result.notFound) throw data(null, { status: 404 });
    return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  }
  return redirectWithToast(request, `/admin/people/${id}`, { message: t("Saved"), type: "positive" });
}

export default function PersonEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { person, values, creditCount } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const [form, fields] = useAppForm({ schema: personSchema, lastResult: confirmation ? undefined : actionData, defaultValue: values, id: `person-${person.updatedAt}` });
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/people", label: "People" }}
        title={person.name}
        description={t(":count [one credit|other credits]", { count: creditCount })}
        actions={
          <>
            <a href={personPath(person)} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
              {t("View on site")}
            </a>
            {loaderData.canDelete ? (
              <ConfirmedActionButton intent="delete" label="Delete" title="Delete this person?" message="They will be deleted with all their credits. This cannot be undone." confirmLabel="Delete" />
            ) : null}
          </>
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
          <IntentField value="save" />
          <FormErrors form={form} />
          <PersonFields fields={fields} />
          {person.generatedFields.length > 0 ? (
            <p className="text-xs text-muted">{t("Generated for the demo catalogue: :fields. Editing a field makes it yours.", { fields: person.generatedFields.join(", ") })}</p>
          ) : null}
          <div className="flex justify-end">
            <SubmitButton>{t("Save")}</SubmitButton>
          </div>
        </Form>
        <AdminSection title={t("Picture")}>
          {person.profile ? <img src={person.profile} alt="" className="mb-4 aspect-[2/3] w-32 rounded-theme object-cover" /> : null}
          <MediaUpload label="Upload a picture" kind="image" intent="set-profile" target={`person-profile:${person.id}`} />
        </AdminSection>
      </div>
    </>
  );
}
