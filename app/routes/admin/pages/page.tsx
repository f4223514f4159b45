import { data, Form } from "react-router";
import type { Route } from "./+types/page";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { RichTextEditor } from "~/admin/ui/rich-text-editor";
import { useTrans } from "~/i18n/translation-context";
import { slugify } from "~/http/slug";
import { createPage, deletePages, loadPageForEditor, updatePage } from "~/pages/page-admin.server";
import { pageFormSchema } from "~/pages/schema";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { CheckboxField, FormErrors, IntentField, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.page?.title ?? "New page") }];

function pageIdOf(params: { pageId?: string }) {
  return params.pageId === undefined ? null : idParam(params.pageId);
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.pagesUpdate);
  const id = pageIdOf(args.params);
  const page = id === null ? null : await loadPageForEditor(admin.app.db, id);
  if (id !== null && !page) throw data(null, { status: 404 });
  return {
    page: page
      ? {
          id: page.id,
          title: page.title,
          slug: page.slug,
          body: page.body,
          seoTitle: page.seoTitle ?? "",
          seoDescription: page.seoDescription ?? "",
          hidden: page.hidden,
          type: page.type,
          updatedAt: page.updatedAt.toISOString(),
        }
      : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.pagesUpdate);
  const { request } = args;
  const id = pageIdOf(args.params);
  const t = admin.app.t;
  const formData = await request.formData();
  if (readIntent(formData) === "delete" && id !== null) {
    if (!isConfirmed(formData)) {
      return askForConfirmation({ intent: "delete", ids: [id], title: "Delete this page?", message: "Links to it will show the not-found page.", confirmLabel: "Delete" });
    }
    await deletePages(admin.app.db, [id], admin.record("pages.delete", "page"));
    return redirectWithToast(request, "/admin/pages", { message: t("Page deleted"), type: "positive" });
  }
  const submission = await parseFormSubmission(formData, pageFormSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const value = submission.value;
  const slug = value.slug || slugify(value.title, "page");
  const current = id === null ? null : await loadPageForEditor(admin.app.db, id);
  const fields = { ...value, slug, type: current?.type ?? "default" };
  const result = id === null ? await createPage(admin.app.db, fields, admin.record("pages.create", "page")) : await updatePage(admin.app.db, id, fields, admin.record("pages.update", "page"));
  if (!result.ok) {
    if (result.notFound) throw data(null, { status: 404 });
    return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  }
  return redirectWithToast(request, `/admin/pages/${result.id}`, { message: t("Page saved"), type: "positive" });
}

export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { page } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const [form, fields] = useAppForm({
    schema: pageFormSchema,
    id: `page-${page?.updatedAt ?? "new"}`,
    lastResult: confirmation ? undefined : (actionData as never),
    defaultValue: page ? { title: page.title, slug: page.slug, body: page.body, seoTitle: page.seoTitle, seoDescription: page.seoDescription, hidden: page.hidden } : { hidden: false },
  });
  const submittedBody = (actionData as { initialValue?: { body?: string } } | undefined)?.initialValue?.body;
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/pages", label: "Custom pages" }}
        title={page ? page.title : t("New page")}
        actions={
          page ? (
            <>
              {page.hidden ? null : (
                <a href={`/pages/${page.slug}`} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
                  {t("View on site")}
                </a>
              )}
              <ConfirmedActionButton intent="delete" label="Delete" title="Delete this page?" message="Links to it will show the not-found page." confirmLabel="Delete" />
            </>
          ) : null
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <IntentField value="save" />
          <FormErrors form={form} />
          <AdminSection>
            <div className="flex flex-col gap-4">
              <TextField meta={fields.title} label={t("Title")} />
              <RichTextEditor key={form.id} name={fields.body.name} label={t("Content")} defaultValue={submittedBody ?? page?.body ?? ""} errors={fields.body.errors} errorId={fields.body.errorId} />
              <p className="text-xs text-muted">{t("Scripts, styles, frames and event handlers are removed when the page is saved.")}</p>
            </div>
          </AdminSection>
        </div>
        <div className="flex flex-col gap-6">
          <AdminSection title={t("Address")}>
            <TextField meta={fields.slug} label={t("Slug")} description={t("The page lives at /pages/<slug>. Empty: made from the title.")} />
            <CheckboxField meta={fields.hidden} label={t("Hidden")} description={t("Hidden pages answer 404 and stay out of the sitemap.")} className="mt-4" />
          </AdminSection>
          <AdminSection title={t("Search engines")}>
            <div className="flex flex-col gap-4">
              <TextField meta={fields.seoTitle} label={t("SEO title")} description={t("Empty: the page title.")} />
              <TextArea meta={fields.seoDescription} label={t("SEO description")} rows={3} />
            </div>
          </AdminSection>
          <div className="flex justify-end">
            <SubmitButton>{t("Save page")}</SubmitButton>
          </div>
        </div>
      </Form>
    </>
  );
}
