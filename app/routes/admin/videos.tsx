import { data, Link } from "react-router";
import type { Route } from "./+types/videos";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed, readListAction } from "~/admin/confirm.server";
import { pageOffset, parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { deleteVideos, isVideoCategory, isVideoSource, listVideosForAdmin, VIDEO_SORTS } from "~/catalogue/editor/videos.server";
import { VIDEO_CATEGORIES, VIDEO_SOURCES } from "~/catalogue/tables";
import { useDates } from "~/ui/use-dates";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Videos") }];

const listSpec = { sorts: VIDEO_SORTS, defaultSort: "created_at" as const, filters: { category: VIDEO_CATEGORIES, source: VIDEO_SOURCES } };

function requireVideoAccess(args: Route.LoaderArgs | Route.ActionArgs) {
  const admin = requireAdmin(args);
  return admin.can(P.titlesUpdate) || admin.can(P.titlesDelete) ? admin : requireAdmin(args, P.titlesUpdate);
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireVideoAccess(args);
  const params = parseListParams(args.url, listSpec);
  const list = await listVideosForAdmin(admin.app.db, {
    q: params.q,
    category: params.filters.category && isVideoCategory(params.filters.category) ? params.filters.category : null,
    source: params.filters.source && isVideoSource(params.filters.source) ? params.filters.source : null,
    sort: params.sort,
    dir: params.dir,
    offset: pageOffset(params),
    limit: params.perPage,
  });
  return { params, rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: list.total, canDelete: admin.can(P.titlesDelete), canEdit: admin.can(P.titlesUpdate) };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesDelete);
  const formData = await args.request.formData();
  const { intent, ids } = readListAction(formData);
  if (intent !== "delete") throw data({ message: admin.app.t("Unknown action.") }, { status: 400 });
  if (ids.length === 0) return data({ message: admin.app.t("Select at least one video.") }, { status: 400 });
  if (!isConfirmed(formData)) {
    return askForConfirmation({
      intent,
      ids,
      title: "Delete videos?",
      message: "[one This video|other These :count videos] will be deleted with their play counts and files.",
      confirmLabel: "Delete",
    });
  }
  const { deleted } = await deleteVideos({ db: admin.app.db, bucket: getWorker(args.context).env.FILES }, ids, admin.record("titles.update", "title"));
  return redirectWithToast(args.request, args.url.pathname + args.url.search, { message: admin.app.t("Deleted :count [one video|other videos]", { count: deleted.length }), type: "positive" });
}

export default function AdminVideos({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { params, rows, total } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("Videos")} description={t("Trailers, clips and full videos of every title.")} />
      <DataTable
        label={t("Videos")}
        rows={rows}
        rowId={(row) => row.id}
        params={params}
        total={total}
        hasNextPage={params.page * params.perPage < total}
        searchPlaceholder={t("Search by video or title name")}
        confirmation={actionData && "confirm" in actionData ? actionData.confirm : null}
        filters={[
          { name: "category", label: "Kind", options: VIDEO_CATEGORIES.map((c) => ({ value: c, label: c })) },
          { name: "source", label: "Source", options: VIDEO_SOURCES.map((s) => ({ value: s, label: s })) },
        ]}
        bulkActions={
          loaderData.canDelete
            ? [
                {
                  intent: "delete",
                  label: "Delete",
                  danger: true,
                  confirm: { title: "Delete videos?", message: "[one This video|other These :count videos] will be deleted with their play counts and files.", confirmLabel: "Delete" },
                },
              ]
            : []
        }
        columns={[
          { key: "name", header: t("Name"), sortKey: "name", cell: (row) => <span className="font-medium text-foreground">{row.name}</span> },
          {
            key: "title",
            header: t("Title"),
            cell: (row) =>
              loaderData.canEdit ? (
                <Link to={`/admin/titles/${row.titleId}/videos`} className="hover:underline">
                  {row.titleName}
                </Link>
              ) : (
                row.titleName
              ),
          },
          { key: "kind", header: t("Kind"), cell: (row) => <Badge>{t(row.category)}</Badge> },
          { key: "source", header: t("Source"), hideOnMobile: true, cell: (row) => t(row.source) },
          { key: "plays", header: t("Plays"), sortKey: "plays", cell: (row) => row.plays.toLocaleString() },
          { key: "created", header: t("Added"), sortKey: "created_at", hideOnMobile: true, cell: (row) => format(row.createdAt, "date") },
          {
            key: "watch",
            header: <span className="sr-only">{t("Watch")}</span>,
            className: "text-right",
            cell: (row) => (
              <a href={`/watch/${row.id}`} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}>
                {t("Watch")}
              </a>
            ),
          },
        ]}
      />
    </>
  );
}
