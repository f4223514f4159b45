import type { Route } from "./+types/products";
import { listPlans } from "~/billing/plans.server";
import { getApp } from "~/request/context";

/**
 * GET /api/v1/billing/products: the offered plans with
 * their prices, under pagination.data, in the spec's field names.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!app.settings["billing.enable"]) return Response.json({ message: app.t("Not found.") }, { status: 404 });
  const plans = await listPlans(app.db);
  const data = plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    hidden: plan.hidden,
    recommended: plan.recommended,
    free: plan.free,
    feature_list: plan.featureList,
    prices: plan.prices.map((price) => ({
      id: price.id,
      amount: price.amount,
      currency: price.currency,
      interval: price.interval,
      interval_count: price.intervalCount,
    })),
  }));
  return Response.json(
    { pagination: { data, total: data.length, per_page: data.length, current_page: 1, last_page: 1, from: data.length ? 1 : null, to: data.length || null } },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
