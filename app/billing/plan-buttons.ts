/**
 * The button of a plan card ("Plan button"):
 * - a guest goes to /register?redirectFrom=pricing;
 * - a subscribed user goes to the change-plan confirmation (their own price
 *   is shown as the current plan, not a button);
 * - a signed-in user without a subscription goes to checkout for a paid
 *   plan; the free plan has nowhere to go, so its button is disabled.
 * Choosing a paid plan stores it as the onboarding selection, so a guest
 * continues to its checkout after registering or signing in.
 */
export interface PlanButtonViewer {
  signedIn: boolean;
  subscribed: boolean;
  currentPriceId: number | null;
}

export type PlanButton = { state: "disabled"; label: string } | { state: "action"; label: string; target: string; storesSelection: boolean };

export function planButton(plan: { id: number; free: boolean }, price: { id: number } | undefined, viewer: PlanButtonViewer): PlanButton {
  if (!price) return { state: "disabled", label: "Not available" };
  if (!viewer.signedIn) {
    return { state: "action", label: "Get started", target: "/register?redirectFrom=pricing", storesSelection: !plan.free };
  }
  if (viewer.subscribed) {
    if (viewer.currentPriceId === price.id) return { state: "disabled", label: "Current plan" };
    return {
      state: "action",
      label: plan.free ? "Switch to free" : "Switch to this plan",
      target: `/change-plan/${plan.id}/${price.id}/confirm`,
      storesSelection: false,
    };
  }
  if (plan.free) return { state: "disabled", label: "Current plan" };
  return { state: "action", label: "Subscribe", target: `/checkout/${plan.id}/${price.id}`, storesSelection: true };
}
