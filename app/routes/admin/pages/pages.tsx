import { data, Link } from "react-router";
import type { Route } from "./+types/pages";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed, readListAction } from "~/admin/confirm.server";
import { pageOffset, parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { deletePages, listPagesForAdmin, PAGE_SORTS, setPagesHidden } from "~/pages/page-admin.server";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Custom pages") }];

const listSpec = { sorts: PAGE_SORTS, defaultSort: "updated_at" as const, filters: { hidden: ["yes", "no"] } };

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.pagesUpdate);
  const params = parseListParams(args.url, listSpec);
  const list = await listPagesForAdmin(admin.app.db, {
    q: params.q,
    hidden: params.filters.hidden === "yes" ? true : params.filters.hidden === "no" ? false : null,
    sort: params.sort,
    dir: params.dir,
    offset: pageOffset(params),
    limit: params.perPage,
  });
  return { params, rows: list.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })), total: list.total };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.pagesUpdate);
  const t = admin.app.t;
  const formData = await args.request.formData();
  const { intent, ids } = readListAction(formData);
  const back = args.url.pathname + args.url.search;
  if (ids.length === 0) return data({ message: t("Select at least one page.") }, { status: 400 });
  switch (intent) {
    case "hide":
    case "show": {
      const done = await setPagesHidden(admin.app.db, ids, intent === "hide", admin.record("pages.update", "page"));
      return redirectWithToast(args.request, back, { message: t("Updated :count [one page|other pages]", { count: done.length }), type: "positive" });
    }
    case "delete": {
      if (!isConfirmed(formData)) {
        return askForConfirmation({
          intent,
          ids,
          title: "Delete pages?",
          message: "[one This page|other These :count pages] will be deleted. Links to them will show the not-found page.",
          confirmLabel: "Delete",
        });
      }
      const done = await deletePages(admin.app.db, ids, admin.record("pages.delete", "page"));
      return redirectWithToast(args.request, back, { message: t("Deleted :count [one page|other pages]", { count: done.length }), type: "positive" });
    }
    default:
      throw data({ message: t("Unknown action.") }, { status: 400 });
  }
}

export default function AdminPages({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { params, rows, total } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("Custom pages")} description={t("Pages such as the privacy policy, terms and about, at /pages/<slug>.")} />
      <DataTable
        label={t("Custom pages")}
        rows={rows}
        rowId={(row) => row.id}
        params={params}
        total={total}
        hasNextPage={params.page * params.perPage < total}
        searchPlaceholder={t("Search by title or slug")}
        confirmation={actionData && "confirm" in actionData ? actionData.confirm : null}
        filters={[
          {
            name: "hidden",
            label: "Hidden",
            options: [
              { value: "yes", label: "Yes" },
              { value: "no", label: "No" },
            ],
          },
        ]}
        toolbar={
          <Link to="/admin/pages/new" className={buttonClasses()}>
            {t("New page")}
          </Link>
        }
        bulkActions={[
          { intent: "show", label: "Show" },
          { intent: "hide", label: "Hide" },
          {
            intent: "delete",
            label: "Delete",
            danger: true,
            confirm: { title: "Delete pages?", message: "[one This page|other These :count pages] will be deleted. Links to them will show the not-found page.", confirmLabel: "Delete" },
          },
        ]}
        columns={[
          {
            key: "title",
            header: t("Title"),
            sortKey: "title",
            cell: (row) => (
              <Link to={`/admin/pages/${row.id}`} className="font-medium text-foreground hover:underline">
                {row.title}
              </Link>
            ),
          },
          { key: "slug", header: t("Slug"), sortKey: "slug", cell: (row) => <code className="text-xs">/pages/{row.slug}</code> },
          { key: "state", header: t("Visibility"), cell: (row) => (row.hidden ? <Badge tone="warning">{t("Hidden")}</Badge> : <Badge tone="positive">{t("Public")}</Badge>) },
          { key: "updated", header: t("Updated"), sortKey: "updated_at", hideOnMobile: true, cell: (row) => format(row.updatedAt, "date") },
          {
            key: "view",
            header: <span className="sr-only">{t("View")}</span>,
            className: "text-right",
            cell: (row) =>
              row.hidden ? null : (
                <a href={`/pages/${row.slug}`} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}>
                  {t("View")}
                </a>
              ),
          },
        ]}
      />
    </>
  );
}
