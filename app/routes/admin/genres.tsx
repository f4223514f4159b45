import { data, Form } from "react-router";
import type { Route } from "./+types/genres";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed, readListAction } from "~/admin/confirm.server";
import { parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { genreSchema } from "~/catalogue/schema";
import { createGenre, deleteGenres, GENRE_SORTS, listGenresForAdmin, renameGenre } from "~/catalogue/editor/genres.server";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Genres") }];

const listSpec = { sorts: GENRE_SORTS, defaultSort: "name" as const, defaultDir: "asc" as const };

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const params = parseListParams(args.url, listSpec);
  const rows = await listGenresForAdmin(admin.app.db, { q: params.q, sort: params.sort, dir: params.dir });
  const editId = Number(args.url.searchParams.get("edit"));
  return { params: { ...params, perPage: Math.max(rows.length, params.perPage), page: 1 }, rows, editing: rows.find((g) => g.id === editId) ?? null };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const { request } = args;
  const t = admin.app.t;
  const formData = await request.formData();
  const { intent, ids } = readListAction(formData);
  const back = args.url.pathname;
  if (intent === "delete") {
    if (ids.length === 0) return data({ message: t("Select at least one genre.") }, { status: 400 });
    if (!isConfirmed(formData)) {
      return askForConfirmation({ intent, ids, title: "Delete genres?", message: "[one This genre|other These :count genres] will be removed from every title. Titles stay.", confirmLabel: "Delete" });
    }
    const deleted = await deleteGenres(admin.app.db, ids, admin.record("genres.delete", "genre"));
    return redirectWithToast(request, back, { message: t("Deleted :count [one genre|other genres]", { count: deleted.length }), type: "positive" });
  }
  if (intent !== "create" && intent !== "rename") throw data({ message: t("Unknown action.") }, { status: 400 });
  const submission = await parseFormSubmission(formData, genreSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const raw = formData.get("genreId");
  const result =
    intent === "rename" && typeof raw === "string"
      ? await renameGenre(admin.app.db, Number(raw), submission.value.name, admin.record("genres.update", "genre"))
      : await createGenre(admin.app.db, submission.value.name, admin.record("genres.create", "genre"));
  if (!result.ok) {
    if (result.notFound) throw data(null, { status: 404 });
    return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  }
  return redirectWithToast(request, back, { message: intent === "rename" ? t("Genre renamed") : t("Genre created"), type: "positive" });
}

export default function AdminGenres({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { params, rows, editing } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const [form, fields] = useAppForm({
    schema: genreSchema,
    id: `genre-${editing?.id ?? "new"}`,
    lastResult: confirmation ? undefined : (actionData as never),
    defaultValue: { name: editing?.name ?? "" },
  });
  return (
    <>
      <AdminPageHeader title={t("Genres")} description={t("The genres titles can have.")} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <DataTable
          label={t("Genres")}
          rows={rows}
          rowId={(row) => row.id}
          params={params}
          total={rows.length}
          hasNextPage={false}
          confirmation={confirmation}
          bulkActions={[
            {
              intent: "delete",
              label: "Delete",
              danger: true,
              confirm: { title: "Delete genres?", message: "[one This genre|other These :count genres] will be removed from every title. Titles stay.", confirmLabel: "Delete" },
            },
          ]}
          columns={[
            { key: "name", header: t("Name"), sortKey: "name", cell: (row) => <span className="font-medium">{row.name}</span> },
            { key: "titles", header: t("Titles"), sortKey: "titles", cell: (row) => Number(row.titles).toLocaleString() },
            {
              key: "edit",
              header: <span className="sr-only">{t("Rename")}</span>,
              className: "text-right",
              cell: (row) => (
                <a href={`?edit=${row.id}`} className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}>
                  {t("Rename")}
                </a>
              ),
            },
          ]}
        />
        <AdminSection title={editing ? t("Rename genre") : t("New genre")}>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
            <IntentField value={editing ? "rename" : "create"} />
            {editing ? <input type="hidden" name="genreId" value={editing.id} /> : null}
            <FormErrors form={form} />
            <TextField meta={fields.name} label={t("Name")} />
            <div>
              <SubmitButton>{editing ? t("Rename") : t("Create")}</SubmitButton>
            </div>
          </Form>
        </AdminSection>
      </div>
    </>
  );
}
