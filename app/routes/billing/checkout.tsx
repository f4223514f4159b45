import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { requireUser } from "~/auth/guards.server";
import { startCheckout } from "~/billing/account.server";
import { clearOnboardingSelectionCookie, readOnboardingSelection } from "~/billing/onboarding.server";
import { idParam, requireBillingEnabled, requirePaymentProvider, translateNotice } from "~/billing/route-guards.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { ButtonLink } from "~/ui/button";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Checkout") }];

/**
 * /checkout/{productId}/{priceId}: a signed-in user choosing a paid plan.
 * Starts (or resumes) the provider's checkout and redirects there: Stripe
 * Checkout, or the local test-mode checkout page. The onboarding selection
 * is used up here.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  requireBillingEnabled(context);
  const { user } = requireUser(args);
  const productId = idParam(params.productId);
  const priceId = idParam(params.priceId);
  const app = getApp(context);
  const provider = requirePaymentProvider(context, request);
  const headers = new Headers();
  if (readOnboardingSelection(request)) headers.append("Set-Cookie", clearOnboardingSelectionCookie(request));

  const result = await startCheckout(app.db, provider, {
    user: { id: user.id, email: user.email, displayName: user.displayName },
    productId,
    priceId,
    origin: new URL(request.url).origin,
  });
  switch (result.kind) {
    case "redirect":
      return redirect(result.url, { headers });
    case "elsewhere":
      return redirectWithToast(request, result.to, { message: translateNotice(context, result.notice) }, { headers });
    case "problem":
      return data({ message: translateNotice(context, result.notice) }, { status: 404, headers });
  }
}

/** Shown only when the plan cannot be checked out (unknown, hidden, mismatched). */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="checkout-problem">
      <h1 className="text-2xl font-semibold text-foreground">{t("This plan is not available")}</h1>
      <p className="mt-3 text-muted">{loaderData.message}</p>
      <ButtonLink to="/pricing" className="mt-8">
        {t("See plans")}
      </ButtonLink>
    </section>
  );
}
