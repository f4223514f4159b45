import { data, Link } from "react-router";
import type { Route } from "./+types/people";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed, readListAction } from "~/admin/confirm.server";
import { pageOffset, parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { DEPARTMENTS } from "~/catalogue/browse-options";
import { deletePeople, isGender, listPeopleForAdmin, PERSON_SORTS } from "~/catalogue/editor/people.server";
import { GENDERS } from "~/catalogue/tables";
import { personPath } from "~/http/slug";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "People") }];

const listSpec = {
  sorts: PERSON_SORTS,
  defaultSort: "popularity" as const,
  filters: { gender: GENDERS, department: DEPARTMENTS },
};

function requirePeopleAccess(args: Route.LoaderArgs | Route.ActionArgs) {
  const admin = requireAdmin(args);
  return [P.titlesUpdate, P.titlesCreate, P.titlesDelete].some(admin.can) ? admin : requireAdmin(args, P.titlesUpdate);
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requirePeopleAccess(args);
  const params = parseListParams(args.url, listSpec);
  const list = await listPeopleForAdmin(admin.app.db, {
    q: params.q,
    gender: params.filters.gender && isGender(params.filters.gender) ? params.filters.gender : null,
    knownFor: params.filters.department,
    sort: params.sort,
    dir: params.dir,
    offset: pageOffset(params),
    limit: params.perPage,
  });
  return { params, rows: list.rows, total: list.total, can: { create: admin.can(P.titlesCreate), delete: admin.can(P.titlesDelete), update: admin.can(P.titlesUpdate) } };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesDelete);
  const formData = await args.request.formData();
  const { intent, ids } = readListAction(formData);
  if (intent !== "delete") throw data({ message: admin.app.t("Unknown action.") }, { status: 400 });
  if (ids.length === 0) return data({ message: admin.app.t("Select at least one person.") }, { status: 400 });
  if (!isConfirmed(formData)) {
    return askForConfirmation({
      intent,
      ids,
      title: "Delete people?",
      message: "[one This person|other These :count people] will be deleted with all their credits. This cannot be undone.",
      confirmLabel: "Delete",
    });
  }
  const { deleted } = await deletePeople({ db: admin.app.db, bucket: getWorker(args.context).env.FILES }, ids, admin.record("people.delete", "person"));
  return redirectWithToast(args.request, args.url.pathname + args.url.search, { message: admin.app.t("Deleted :count [one person|other people]", { count: deleted.length }), type: "positive" });
}

export default function AdminPeople({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { params, rows, total, can } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("People")} description={t("Actors, directors, writers and everyone else credited.")} />
      <DataTable
        label={t("People")}
        rows={rows}
        rowId={(row) => row.id}
        params={params}
        total={total}
        hasNextPage={params.page * params.perPage < total}
        searchPlaceholder={t("Search by name or id")}
        confirmation={actionData && "confirm" in actionData ? actionData.confirm : null}
        filters={[
          { name: "department", label: "Known for", options: DEPARTMENTS.map((d) => ({ value: d, label: d })) },
          { name: "gender", label: "Gender", options: GENDERS.map((g) => ({ value: g, label: g })) },
        ]}
        toolbar={
          can.create ? (
            <Link to="/admin/people/new" className={buttonClasses()}>
              {t("New person")}
            </Link>
          ) : null
        }
        bulkActions={
          can.delete
            ? [
                {
                  intent: "delete",
                  label: "Delete",
                  danger: true,
                  confirm: { title: "Delete people?", message: "[one This person|other These :count people] will be deleted with all their credits. This cannot be undone.", confirmLabel: "Delete" },
                },
              ]
            : []
        }
        columns={[
          {
            key: "name",
            header: t("Name"),
            sortKey: "name",
            cell: (row) => (
              <div className="flex items-center gap-3">
                {row.profile ? <img src={row.profile} alt="" loading="lazy" className="size-10 shrink-0 rounded-full object-cover" /> : <span className="size-10 shrink-0 rounded-full bg-paper" />}
                <div className="min-w-0">
                  {can.update ? (
                    <Link to={`/admin/people/${row.id}`} className="font-medium text-foreground hover:underline">
                      {row.name}
                    </Link>
                  ) : (
                    <span className="font-medium">{row.name}</span>
                  )}
                  <p className="text-xs text-muted">#{row.id}</p>
                </div>
              </div>
            ),
          },
          { key: "knownFor", header: t("Known for"), cell: (row) => (row.knownFor ? t(row.knownFor) : "—") },
          { key: "credits", header: t("Credits"), hideOnMobile: true, cell: (row) => Number(row.credits).toLocaleString() },
          { key: "popularity", header: t("Popularity"), sortKey: "popularity", hideOnMobile: true, cell: (row) => row.popularity.toFixed(1) },
          {
            key: "links",
            header: <span className="sr-only">{t("Links")}</span>,
            className: "text-right",
            cell: (row) => (
              <a href={personPath(row)} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}>
                {t("View")}
              </a>
            ),
          },
        ]}
      />
    </>
  );
}
