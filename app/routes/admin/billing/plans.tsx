import { data, Link } from "react-router";
import type { Route } from "./+types/plans";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { priceLabel } from "~/billing/format";
import { stripeSyncEnabled } from "~/billing/plan-admin.server";
import { listPlans } from "~/billing/plans.server";
import { planSubscriptionCounts } from "~/billing/subscription-admin.server";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { getWorker } from "~/request/context";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Plans") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.plansUpdate);
  const [plans, counts] = await Promise.all([listPlans(admin.app.db, { includeHidden: true }), planSubscriptionCounts(admin.app.db)]);
  return {
    plans: plans.map((plan) => ({ ...plan, subscriptions: counts.get(plan.id) ?? { total: 0, valid: 0 } })),
    stripe: stripeSyncEnabled(getWorker(args.context).env),
    billingOn: admin.app.settings["billing.enable"],
  };
}

export default function AdminPlans({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const language = useBootstrap().i18n.language;
  return (
    <>
      <AdminPageHeader
        title={t("Plans")}
        description={
          loaderData.stripe ? t("Plans and prices are kept in step with Stripe when saved.") : t("Stripe is not configured: plans are stored here only (the local test-mode provider uses them).")
        }
        actions={
          <Link to="/admin/plans/new" className={buttonClasses()}>
            {t("New plan")}
          </Link>
        }
      />
      {loaderData.billingOn ? null : (
        <p className="mb-4 rounded-theme border border-warning/40 bg-warning/10 px-4 py-3 text-sm">{t("Billing is off: nobody sees these plans until it is switched on in the billing settings.")}</p>
      )}
      <div className="overflow-x-auto rounded-theme border border-divider bg-elevated">
        <table className="w-full text-left text-sm" data-testid="plans-table">
          <thead className="border-b border-divider bg-paper text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("Plan")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Prices")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Subscriptions")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-divider">
            {loaderData.plans.map((plan) => (
              <tr key={plan.id}>
                <td className="px-3 py-2">
                  <Link to={`/admin/plans/${plan.id}`} className="font-medium text-foreground hover:underline">
                    {plan.name}
                  </Link>{" "}
                  {plan.hidden ? <Badge tone="warning">{t("Hidden")}</Badge> : null} {plan.recommended ? <Badge tone="primary">{t("Recommended")}</Badge> : null}{" "}
                  {plan.free ? <Badge>{t("Free")}</Badge> : null}
                </td>
                <td className="px-3 py-2 text-muted">{plan.prices.map((price) => priceLabel(t, price, language)).join(" · ") || "—"}</td>
                <td className="px-3 py-2">
                  <Link to={`/admin/subscriptions?plan=${plan.id}`} className="hover:underline">
                    {t(":valid active of :total", { valid: plan.subscriptions.valid, total: plan.subscriptions.total })}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Nothing to post here: refused like every admin action (the walk test posts to every route). */
export function action(args: Route.ActionArgs) {
  requireAdmin(args, P.plansUpdate);
  throw data(null, { status: 405, headers: { Allow: "GET" } });
}
