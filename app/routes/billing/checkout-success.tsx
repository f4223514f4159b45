import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/checkout-success";
import { requireUser } from "~/auth/guards.server";
import { checkoutOutcome } from "~/billing/account.server";
import { paymentProviderFor } from "~/billing/payment-provider.server";
import { scheduleSubscriptionEventDelivery } from "~/notifications/subscription-events.server";
import { dateFormatter, idParam, requireBillingEnabled } from "~/billing/route-guards.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp, getWorker } from "~/request/context";
import { ButtonLink } from "~/ui/button";
import { Spinner } from "~/ui/spinner";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Thank you for subscribing") }];

/** How often the page looks again while the provider's confirmation is on its way. */
const RECHECK_MS = 2000;

/**
 * Where the provider sends the user after paying. With Stripe the webhook
 * may arrive a moment after the user does: the page then says so and looks
 * again (with JavaScript by revalidating, without it by a refresh).
 */
export async function loader(args: Route.LoaderArgs) {
  const { context, params, url } = args;
  requireBillingEnabled(context);
  const { user } = requireUser(args);
  idParam(params.productId);
  idParam(params.priceId);
  const sessionId = url.searchParams.get("session_id");
  const app = getApp(context);
  const provider = paymentProviderFor(getWorker(context).env, app.db, url.origin);
  const outcome = await checkoutOutcome(app.db, provider, user.id, sessionId && sessionId.length <= 255 ? sessionId : null);
  scheduleSubscriptionEventDelivery(context, args.request);
  return {
    subscribed: outcome.subscribed,
    planName: outcome.planName,
    renewsOn: dateFormatter(context)(outcome.periodEnd),
  };
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const revalidator = useRevalidator();
  const waiting = !loaderData.subscribed;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => revalidator.revalidate(), RECHECK_MS);
    return () => clearTimeout(timer);
  }, [waiting, revalidator]);

  if (waiting) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="checkout-pending">
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
        <Spinner className="size-8 text-primary" />
        <h1 className="mt-6 text-2xl font-semibold text-foreground">{t("We are confirming your payment")}</h1>
        <p className="mt-3 text-muted">{t("This takes a few seconds. The page updates by itself.")}</p>
      </section>
    );
  }
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="checkout-success">
      <h1 className="text-2xl font-semibold text-foreground">{t("Thank you for subscribing!")}</h1>
      <p className="mt-3 text-muted">
        {loaderData.planName ? t("You are now on the :plan plan.", { plan: t(loaderData.planName) }) : null}{" "}
        {loaderData.renewsOn ? t("Your plan renews on :date.", { date: loaderData.renewsOn }) : null}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/billing">{t("Go to billing")}</ButtonLink>
        <ButtonLink to="/" variant="outlined" color="neutral">
          {t("Start browsing")}
        </ButtonLink>
      </div>
    </section>
  );
}
