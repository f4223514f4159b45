import { data, Link } from "react-router";
import type { Route } from "./+types/subscriptions";
import { requireAdmin } from "~/admin/access.server";
import { pageOffset, parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { priceLabel } from "~/billing/format";
import { listPlans } from "~/billing/plans.server";
import { SUBSCRIPTION_STATUSES } from "~/billing/tables";
import { isSubscriptionStatus, listSubscriptionsForAdmin, SUBSCRIPTION_SORTS } from "~/billing/subscription-admin.server";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Subscriptions") }];

const listSpec = {
  sorts: SUBSCRIPTION_SORTS,
  defaultSort: "created_at" as const,
  filters: { status: SUBSCRIPTION_STATUSES, plan: (v: string) => /^\d{1,9}$/.test(v), provider: ["stripe", "local"] },
};

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.subscriptionsView);
  const params = parseListParams(args.url, listSpec);
  const [list, plans] = await Promise.all([
    listSubscriptionsForAdmin(admin.app.db, {
      q: params.q,
      status: params.filters.status && isSubscriptionStatus(params.filters.status) ? params.filters.status : null,
      productId: params.filters.plan ? Number(params.filters.plan) : null,
      provider: (params.filters.provider as "stripe" | "local" | null) ?? null,
      sort: params.sort,
      dir: params.dir,
      offset: pageOffset(params),
      limit: params.perPage,
    }),
    listPlans(admin.app.db, { includeHidden: true }),
  ]);
  return {
    params,
    rows: list.rows.map((row) => ({
      ...row,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
    })),
    total: list.total,
    plans: plans.map((p) => ({ id: p.id, name: p.name })),
    canSeeUsers: admin.can(P.usersUpdate),
  };
}

/** Where the provider shows this subscription: Stripe's dashboard, or the local test-mode portal. */
function providerLink(row: { provider: string; providerSubscriptionId: string }) {
  return row.provider === "stripe" ? `https://dashboard.stripe.com/subscriptions/${encodeURIComponent(row.providerSubscriptionId)}` : null;
}

export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { format, language } = useDates();
  const { params, rows, total, plans } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("Subscriptions")} description={t("Every subscription, with its status at the payment provider.")} />
      <DataTable
        label={t("Subscriptions")}
        rows={rows}
        rowId={(row) => row.id}
        params={params}
        total={total}
        hasNextPage={params.page * params.perPage < total}
        searchPlaceholder={t("E-mail, user id or provider id")}
        filters={[
          { name: "status", label: "Status", options: SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: s })) },
          { name: "plan", label: "Plan", options: plans.map((p) => ({ value: String(p.id), label: p.name })) },
          {
            name: "provider",
            label: "Provider",
            options: [
              { value: "stripe", label: "Stripe" },
              { value: "local", label: "Local (test mode)" },
            ],
          },
        ]}
        columns={[
          {
            key: "user",
            header: t("User"),
            cell: (row) =>
              loaderData.canSeeUsers ? (
                <Link to={`/admin/users/${row.userId}`} className="font-medium text-foreground hover:underline">
                  {row.email}
                </Link>
              ) : (
                row.email
              ),
          },
          {
            key: "plan",
            header: t("Plan"),
            cell: (row) => (
              <span>
                {row.planName ?? t("Unknown plan")}
                {row.amount !== null && row.currency && row.interval ? (
                  <span className="block text-xs text-muted">
                    {priceLabel(t, { amount: row.amount, currency: row.currency, interval: row.interval, intervalCount: row.intervalCount ?? 1 }, language)}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            key: "status",
            header: t("Status"),
            sortKey: "status",
            cell: (row) => (
              <span className="flex flex-wrap gap-1">
                <Badge tone={row.valid ? "positive" : row.status === "past_due" || row.status === "unpaid" ? "danger" : "neutral"}>{t(row.status)}</Badge>
                {row.cancelAtPeriodEnd ? <Badge tone="warning">{t("Cancels at period end")}</Badge> : null}
              </span>
            ),
          },
          { key: "period", header: t("Period ends"), sortKey: "current_period_end", hideOnMobile: true, cell: (row) => (row.currentPeriodEnd ? format(row.currentPeriodEnd, "date") : "—") },
          { key: "created", header: t("Started"), sortKey: "created_at", hideOnMobile: true, cell: (row) => format(row.createdAt, "date") },
          {
            key: "provider",
            header: t("Provider"),
            hideOnMobile: true,
            cell: (row) => {
              const link = providerLink(row);
              return link ? (
                <a href={link} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                  Stripe ↗
                </a>
              ) : (
                <span className="text-muted" title={row.providerSubscriptionId}>
                  {t("Local (test mode)")}
                </span>
              );
            },
          },
        ]}
      />
    </>
  );
}

/** Nothing to post here: refused like every admin action (the walk test posts to every route). */
export function action(args: Route.ActionArgs) {
  requireAdmin(args, P.subscriptionsView);
  throw data(null, { status: 405, headers: { Allow: "GET" } });
}
