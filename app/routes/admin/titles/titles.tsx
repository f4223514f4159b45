import { data, Link } from "react-router";
import type { Route } from "./+types/titles";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed, readListAction } from "~/admin/confirm.server";
import { pageOffset, parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { titlePath } from "~/http/slug";
import { allGenres, deleteTitles, listTitlesForAdmin, TITLE_SORTS } from "~/catalogue/editor/titles.server";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Titles") }];

const TITLE_PERMISSIONS = [P.titlesUpdate, P.titlesCreate, P.titlesDelete];

function requireTitleAccess(args: Route.LoaderArgs | Route.ActionArgs) {
  const admin = requireAdmin(args);
  if (!TITLE_PERMISSIONS.some(admin.can)) return requireAdmin(args, P.titlesUpdate);
  return admin;
}

const listSpec = {
  sorts: TITLE_SORTS,
  defaultSort: "popularity" as const,
  filters: { type: ["movie", "series"], genre: (v: string) => /^\d{1,9}$/.test(v) },
};

export async function loader(args: Route.LoaderArgs) {
  const admin = requireTitleAccess(args);
  const params = parseListParams(args.url, listSpec);
  const [list, genres] = await Promise.all([
    listTitlesForAdmin(admin.app.db, {
      q: params.q,
      type: params.filters.type as "movie" | "series" | null,
      genreId: params.filters.genre ? Number(params.filters.genre) : null,
      sort: params.sort,
      dir: params.dir,
      offset: pageOffset(params),
      limit: params.perPage,
    }),
    allGenres(admin.app.db),
  ]);
  return {
    params,
    rows: list.rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    total: list.total,
    genres,
    can: { create: admin.can(P.titlesCreate), delete: admin.can(P.titlesDelete) },
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireTitleAccess(args);
  const { request, context } = args;
  const formData = await request.formData();
  const { intent, ids } = readListAction(formData);
  if (intent !== "delete") throw data({ message: admin.app.t("Unknown action.") }, { status: 400 });
  requireAdmin(args, P.titlesDelete);
  if (ids.length === 0) return data({ message: admin.app.t("Select at least one title.") }, { status: 400 });
  if (!isConfirmed(formData)) {
    return askForConfirmation({
      intent,
      ids,
      title: "Delete titles?",
      message: "[one This title|other These :count titles] will be deleted with their credits, seasons, episodes, videos and files. This cannot be undone.",
      confirmLabel: "Delete",
    });
  }
  const { deleted } = await deleteTitles({ db: admin.app.db, bucket: getWorker(context).env.FILES }, ids, admin.record("titles.delete", "title"));
  return redirectWithToast(request, args.url.pathname + args.url.search, {
    message: admin.app.t("Deleted :count [one title|other titles]", { count: deleted.length }),
    type: "positive",
  });
}

export default function AdminTitles({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { params, rows, total, genres, can } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  return (
    <>
      <AdminPageHeader title={t("Titles")} description={t("Films and series of the catalogue.")} />
      <DataTable
        label={t("Titles")}
        rows={rows}
        rowId={(row) => row.id}
        params={params}
        total={total}
        hasNextPage={params.page * params.perPage < total}
        searchPlaceholder={t("Search by name or id")}
        confirmation={confirmation}
        filters={[
          {
            name: "type",
            label: "Type",
            options: [
              { value: "movie", label: "Movies" },
              { value: "series", label: "Series" },
            ],
          },
          { name: "genre", label: "Genre", options: genres.map((g) => ({ value: String(g.id), label: g.name })) },
        ]}
        toolbar={
          can.create ? (
            <Link to="/admin/titles/new" className={buttonClasses({ size: "md" })}>
              {t("New title")}
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
                  confirm: {
                    title: "Delete titles?",
                    message: "[one This title|other These :count titles] will be deleted with their credits, seasons, episodes, videos and files. This cannot be undone.",
                    confirmLabel: "Delete",
                  },
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
                {row.poster ? <img src={row.poster} alt="" className="h-12 w-8 shrink-0 rounded object-cover" loading="lazy" /> : <span className="h-12 w-8 shrink-0 rounded bg-paper" />}
                <div className="min-w-0">
                  <Link to={`/admin/titles/${row.id}`} className="font-medium text-foreground hover:underline">
                    {row.name}
                  </Link>
                  <p className="text-xs text-muted">
                    #{row.id} · {row.year ?? "—"}
                  </p>
                </div>
              </div>
            ),
          },
          { key: "type", header: t("Type"), cell: (row) => <Badge tone={row.type === "series" ? "primary" : "neutral"}>{row.type === "series" ? t("Series") : t("Movie")}</Badge> },
          { key: "popularity", header: t("Popularity"), sortKey: "popularity", hideOnMobile: true, cell: (row) => row.popularity.toFixed(1) },
          { key: "rating", header: t("Rating"), sortKey: "rating", hideOnMobile: true, cell: (row) => row.externalRating?.toFixed(1) ?? "—" },
          { key: "views", header: t("Views"), hideOnMobile: true, cell: (row) => row.views.toLocaleString() },
          {
            key: "links",
            header: <span className="sr-only">{t("Links")}</span>,
            className: "text-right whitespace-nowrap",
            cell: (row) => (
              <span className="flex justify-end gap-1">
                <Link to={`/admin/titles/${row.id}`} className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}>
                  {t("Edit")}
                </Link>
                <a href={titlePath(row)} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}>
                  {t("View")}
                </a>
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
