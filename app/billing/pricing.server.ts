import { planSubscriptionCounts } from "./subscription-admin.server";
import type { AppContext } from "~/request/context";
import { primarySubscription, subscriptionsOf } from "./account.server";
import { listPlans, type PlanView } from "./plans.server";
import { maxSavePercentage, parseBillingCycle, type BillingCycle } from "./pricing-rules";
import { isSubscriptionValid } from "./subscription-rules";

/**
 * Everything the pricing table needs, for /pricing and for the landing
 * page's pricing section: the offered plans, the billing cycle asked for
 * (?cycle=monthly|yearly, yearly by default), the "Save up to" figure, and
 * who is looking (guest, subscribed and to which price).
 */
export interface PricingData {
  /**
   * The offered plans, with `label` (the name), `description` and
   * `featureList` already in the visitor's language: the page's data carries
   * each text once, instead of the English text plus its translated line
   * (the public-page JavaScript budget, decision 006). `name` stays as stored.
   */
  plans: (PlanView & { label: string })[];
  /** The plan with the most valid subscriptions, when one has more than every other and more than none (decision 030). */
  mostPopularId: number | null;
  cycle: BillingCycle;
  savePercentage: number | null;
  viewer: {
    signedIn: boolean;
    subscribed: boolean;
    currentPriceId: number | null;
    currentProductId: number | null;
  };
}

export async function loadPricingData(app: AppContext, request: Request): Promise<PricingData> {
  const cycle = parseBillingCycle(new URL(request.url).searchParams.get("cycle"));
  const [plans, subscriptionList, counts] = await Promise.all([
    listPlans(app.db),
    app.user && app.viewer.isSubscribed ? subscriptionsOf(app.db, app.user.id) : Promise.resolve([]),
    planSubscriptionCounts(app.db),
  ]);
  const current = primarySubscription(subscriptionList);
  const valid = current && isSubscriptionValid(current.subscription) ? current : null;
  return {
    plans: plans.map((plan) => ({ ...plan, label: app.t(plan.name), description: app.t(plan.description), featureList: plan.featureList.map((feature) => app.t(feature)) })),
    mostPopularId: mostPopularPlan(plans, counts),
    cycle,
    savePercentage: maxSavePercentage(plans),
    viewer: {
      signedIn: Boolean(app.user),
      subscribed: app.viewer.isSubscribed,
      currentPriceId: valid?.subscription.priceId ?? null,
      currentProductId: valid?.subscription.productId ?? null,
    },
  };
}

/** "Most popular" is a fact or nothing: the one offered plan with strictly the most valid subscriptions, above zero. */
export function mostPopularPlan(plans: { id: number }[], counts: Map<number, { valid: number }>): number | null {
  const ranked = plans.map((plan) => ({ id: plan.id, valid: counts.get(plan.id)?.valid ?? 0 })).sort((a, b) => b.valid - a.valid);
  const [first, second] = ranked;
  if (!first || first.valid <= 0 || (second && second.valid === first.valid)) return null;
  return first.id;
}
