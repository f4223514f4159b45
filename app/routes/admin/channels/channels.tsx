import { data, Form, Link } from "react-router";
import type { Route } from "./+types/channels";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed, readListAction } from "~/admin/confirm.server";
import { pageOffset, parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { CHANNEL_SORTS, deleteChannels, homePageChannelIds, listChannelsForAdmin } from "~/channels/channel-admin.server";
import { installChannelPreset, type ChannelPreset } from "~/channels/presets";
import { CHANNEL_SOURCES } from "~/channels/tables";
import { useDates } from "~/ui/use-dates";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Channels") }];

const listSpec = { sorts: CHANNEL_SORTS, defaultSort: "updated_at" as const, filters: { source: CHANNEL_SOURCES } };
const PRESETS: Record<string, ChannelPreset> = { film: "film", series: "series" };
const DELETE_CONFIRM = {
  title: "Delete channels?",
  message: "[one This channel|other These :count channels] will be deleted, and removed from the channels that show them as rows.",
  confirmLabel: "Delete",
};

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.channelsUpdate);
  const params = parseListParams(args.url, listSpec);
  const [list, used] = await Promise.all([
    listChannelsForAdmin(admin.app.db, { q: params.q, source: params.filters.source, sort: params.sort, dir: params.dir, offset: pageOffset(params), limit: params.perPage }),
    homePageChannelIds(admin.app.db, admin.app.settings["homepage.channel"]),
  ]);
  return {
    params,
    rows: list.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString(), refreshedAt: r.refreshedAt?.toISOString() ?? null, onHomePage: used.has(r.id) })),
    total: list.total,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.channelsUpdate);
  const t = admin.app.t;
  const formData = await args.request.formData();
  const back = args.url.pathname + args.url.search;
  if (formData.get("intent") === "preset") {
    const preset = PRESETS[String(formData.get("preset"))];
    if (!preset) return data({ message: t("Unknown preset.") }, { status: 400 });
    const result = await installChannelPreset(admin.app.db, preset, admin.record("channels.create", "channel"));
    return redirectWithToast(args.request, `/admin/channels/${result.id}`, { message: t("Preset installed: :count new channels", { count: result.created }), type: "positive" });
  }
  const { intent, ids } = readListAction(formData);
  if (ids.length === 0) return data({ message: t("Select at least one channel.") }, { status: 400 });
  if (intent !== "delete") throw data({ message: t("Unknown action.") }, { status: 400 });
  if (!isConfirmed(formData)) return askForConfirmation({ intent, ids, ...DELETE_CONFIRM });
  const done = await deleteChannels(admin.app.db, ids, admin.app.settings["homepage.channel"], admin.record("channels.delete", "channel"));
  // Refused as a whole, even when posted by hand: the home page uses these (decision 043).
  if (!done.ok) return data({ message: t("The home page uses :names, so nothing was deleted. Take them off the home page first.", { names: done.inUse.join(", ") }) }, { status: 422 });
  return redirectWithToast(args.request, back, { message: t("Deleted :count [one channel|other channels]", { count: done.deleted.length }), type: "positive" });
}

const SOURCE_LABELS = { manual: "Manual", automatic: "Automatic", nested: "Nested" } as const;

export default function AdminChannels({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { params, rows, total } = loaderData;
  const refusal = actionData && "message" in actionData ? actionData.message : null;
  return (
    <>
      <AdminPageHeader title={t("Channels")} description={t("Rows of titles, people and videos for the home page and /channel/<slug>: picked by hand, filled by a rule, or made of other channels.")} />
      {refusal ? (
        <p role="alert" className="mb-4 rounded-theme border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="channels-refusal">
          {refusal}
        </p>
      ) : null}
      <DataTable
        label={t("Channels")}
        rows={rows}
        rowId={(row) => row.id}
        canSelect={(row) => !row.onHomePage}
        params={params}
        total={total}
        hasNextPage={params.page * params.perPage < total}
        searchPlaceholder={t("Search by name or slug")}
        confirmation={actionData && "confirm" in actionData ? actionData.confirm : null}
        filters={[{ name: "source", label: "Content", options: CHANNEL_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] })) }]}
        toolbar={
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/channels/new" className={buttonClasses()}>
              {t("New channel")}
            </Link>
            <Form method="post" className="flex gap-2">
              <input type="hidden" name="intent" value="preset" />
              <button type="submit" name="preset" value="film" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
                {t("Add preset: Film site")}
              </button>
              <button type="submit" name="preset" value="series" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
                {t("Add preset: Series site")}
              </button>
            </Form>
          </div>
        }
        bulkActions={[{ intent: "delete", label: "Delete", danger: true, confirm: DELETE_CONFIRM }]}
        columns={[
          {
            key: "name",
            header: t("Name"),
            sortKey: "name",
            cell: (row) => (
              <span className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/channels/${row.id}`} className="font-medium text-foreground hover:underline">
                  {row.name}
                </Link>
                {row.onHomePage ? <Badge tone="neutral">{t("On the home page")}</Badge> : null}
              </span>
            ),
          },
          { key: "slug", header: t("Slug"), sortKey: "slug", cell: (row) => <code className="text-xs">/channel/{row.slug}</code> },
          { key: "source", header: t("Content"), cell: (row) => <Badge tone={row.source === "automatic" ? "positive" : "neutral"}>{t(SOURCE_LABELS[row.source])}</Badge> },
          { key: "state", header: t("Page"), cell: (row) => (row.public ? <Badge tone="positive">{t("Public")}</Badge> : <Badge tone="warning">{t("Rows only")}</Badge>) },
          { key: "updated", header: t("Updated"), sortKey: "updated_at", hideOnMobile: true, cell: (row) => format(row.updatedAt, "date") },
        ]}
      />
    </>
  );
}
