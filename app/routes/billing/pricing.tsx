import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/pricing";
import { onboardingSelectionCookie, clearOnboardingSelectionCookie } from "~/billing/onboarding.server";
import { planButton } from "~/billing/plan-buttons";
import { findPlanPrice } from "~/billing/plans.server";
import { loadPricingData } from "~/billing/pricing.server";
import { requireBillingEnabled } from "~/billing/route-guards.server";
import { PricingTable } from "~/billing/ui/pricing-table";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Pricing") }];

const selectPlanSchema = z.object({
  intent: z.literal("select-plan"),
  productId: z.coerce.number().int().positive(),
  priceId: z.coerce.number().int().positive(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireBillingEnabled(context);
  return { pricing: await loadPricingData(getApp(context), request) };
}

/**
 * A plan button: remembers the choice (onboarding selection) and goes where
 * the plan button rules send this visitor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireBillingEnabled(context);
  const app = getApp(context);
  const parsed = selectPlanSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  if (!parsed.success) return data({ message: app.t("Choose a plan.") }, { status: 400 });
  const { productId, priceId } = parsed.data;
  const found = await findPlanPrice(app.db, productId, priceId, { allowFree: true });
  if (!found.ok) {
    return redirectWithToast(request, "/pricing", { message: app.t("This plan is not available."), type: "danger" }, { status: 303 });
  }
  const pricing = await loadPricingData(app, request);
  const button = planButton(found.product, found.price, pricing.viewer);
  if (button.state === "disabled") return redirect("/pricing", { status: 303 });
  const headers = new Headers();
  headers.append("Set-Cookie", button.storesSelection ? onboardingSelectionCookie(request, { productId, priceId }) : clearOnboardingSelectionCookie(request));
  return redirect(button.target, { status: 303, headers });
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{t("Choose the right plan for you")}</h1>
      </header>
      <PricingTable data={loaderData.pricing} className="mt-10" />
    </div>
  );
}
