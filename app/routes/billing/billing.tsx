import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/billing";
import { requireUser } from "~/auth/guards.server";
import { billingPortalUrl, loadBillingOverview, setSubscriptionCancellation } from "~/billing/account.server";
import { priceLabel } from "~/billing/format";
import { advanceLocalSubscriptions } from "~/billing/local-provider.server";
import { formatMoney } from "~/billing/money";
import { paymentProviderFor } from "~/billing/payment-provider.server";
import { scheduleSubscriptionEventDelivery } from "~/notifications/subscription-events.server";
import { dateFormatter, requireBillingEnabled, requirePaymentProvider, translateNotice } from "~/billing/route-guards.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp, getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Billing") }];

const actionSchema = z.object({ intent: z.enum(["cancel", "resume", "payment-method"]) });

/**
 * /billing: the user's plan and renewal date, change of plan, cancelling at
 * period end and resuming, the payment method (provider's billing portal)
 * and invoices. Cancelling asks for confirmation on its own step
 * (?confirm=cancel), so it works the same without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context, url } = args;
  requireBillingEnabled(context);
  const { user } = requireUser(args);
  const app = getApp(context);
  // Without a payment provider (production without Stripe keys) the page still shows what exists.
  const provider = paymentProviderFor(getWorker(context).env, app.db, url.origin);
  // The local provider has no clock of its own at Stripe: let time catch up for this user first.
  if (provider?.name === "local") {
    await advanceLocalSubscriptions(app.db, new Date(), { userId: user.id });
    scheduleSubscriptionEventDelivery(context, request);
  }
  const overview = await loadBillingOverview(app.db, provider, { userId: user.id, refreshCard: url.searchParams.get("portal") === "return" });
  const format = dateFormatter(context);
  const t = app.t;
  const current = overview.current;
  const sub = current?.subscription;
  return {
    confirmCancel: url.searchParams.get("confirm") === "cancel",
    subscription: sub
      ? {
          plan: current.product?.name ?? t("Unknown plan"),
          price: current.price ? priceLabel(t, current.price, app.language) : null,
          status: sub.status,
          valid: overview.valid,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          onGracePeriod: overview.onGracePeriod,
          periodEnd: format(sub.currentPeriodEnd),
          endedAt: format(sub.endedAt ?? sub.currentPeriodEnd),
          managedElsewhere: sub.provider !== provider?.name,
        }
      : null,
    card: overview.card,
    credit: overview.creditBalance > 0 ? formatMoney(overview.creditBalance, current?.price?.currency ?? "usd", app.language, { keepDecimals: true }) : null,
    invoices: overview.invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      date: format(invoice.issuedAt),
      amount: formatMoney(invoice.status === "paid" ? invoice.amountPaid : invoice.amountDue, invoice.currency, app.language, { keepDecimals: true }),
      status: invoice.status,
      failed: Boolean(invoice.paymentFailedAt) && invoice.status !== "paid",
      url: invoice.hostedUrl,
      external: Boolean(invoice.hostedUrl && /^https?:\/\//.test(invoice.hostedUrl)),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  requireBillingEnabled(context);
  const { user } = requireUser(args);
  const app = getApp(context);
  const provider = requirePaymentProvider(context, request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  if (!parsed.success) return data({ error: app.t("Choose what to do.") }, { status: 400 });
  if (parsed.data.intent === "payment-method") {
    const result = await billingPortalUrl(app.db, provider, { userId: user.id, returnUrl: `${new URL(request.url).origin}/billing?portal=return` });
    if (result.kind === "problem") return redirectWithToast(request, "/billing", { message: translateNotice(context, result.notice), type: "danger" }, { status: 303 });
    return redirect(result.url, { status: 303 });
  }
  const result = await setSubscriptionCancellation(app.db, provider, { userId: user.id, cancel: parsed.data.intent === "cancel" });
  scheduleSubscriptionEventDelivery(context, request);
  return redirectWithToast(request, "/billing", { message: translateNotice(context, result.notice), type: result.kind === "done" ? "positive" : "danger" }, { status: 303 });
}

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment overdue",
  unpaid: "Unpaid",
  paused: "Paused",
  canceled: "Ended",
  incomplete: "Payment pending",
  incomplete_expired: "Expired",
};

const INVOICE_STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  open: "Due",
  paid: "Paid",
  uncollectible: "Uncollectible",
  void: "Void",
};

export default function Billing({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { subscription, card, invoices, credit, confirmCancel } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6" data-testid="billing-page">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Billing")}</h1>

      <section aria-labelledby="plan-heading" className="mt-8 rounded-theme border border-divider bg-elevated p-6">
        <h2 id="plan-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
          {t("Plan")}
        </h2>
        {subscription ? (
          <div data-testid="current-plan">
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <p className="text-2xl font-semibold text-foreground" data-testid="plan-name">
                {t(subscription.plan)}
              </p>
              <span
                data-testid="plan-status"
                className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
                  subscription.valid && !subscription.onGracePeriod ? "bg-positive/15 text-positive" : subscription.valid ? "bg-warning/15 text-warning" : "bg-danger/10 text-danger"
                }`}
              >
                {subscription.onGracePeriod ? t("Cancelled") : t(STATUS_LABELS[subscription.status] ?? subscription.status)}
              </span>
            </div>
            {subscription.price ? <p className="mt-1 text-muted">{subscription.price}</p> : null}
            <p className="mt-3 text-foreground" data-testid="renewal">
              {subscription.valid
                ? subscription.onGracePeriod
                  ? t("Your plan will end on :date. You keep everything it includes until then.", { date: subscription.periodEnd ?? "" })
                  : t("Your plan renews on :date.", { date: subscription.periodEnd ?? "" })
                : subscription.status === "past_due" || subscription.status === "unpaid"
                  ? t("Your last payment failed. Update your payment method to get your plan back.")
                  : t("Your plan ended on :date.", { date: subscription.endedAt ?? "" })}
            </p>

            {subscription.managedElsewhere ? (
              <p className="mt-4 text-sm text-muted">{t("This subscription is managed by another payment provider.")}</p>
            ) : confirmCancel && subscription.valid && !subscription.onGracePeriod ? (
              <div className="mt-6 rounded-theme border border-danger/40 bg-danger/5 p-4" data-testid="confirm-cancel">
                <p className="font-medium text-foreground">{t("Cancel your plan?")}</p>
                <p className="mt-1 text-sm text-muted">
                  {t("You keep your plan until :date and will not be charged again. You can resume it any time before then.", { date: subscription.periodEnd ?? "" })}
                </p>
                <Form method="post" action="/billing" className="mt-4 flex flex-wrap gap-3">
                  <input type="hidden" name="intent" value="cancel" />
                  <button type="submit" className={buttonClasses({ color: "danger" })} disabled={busy} data-testid="confirm-cancel-button">
                    {t("Cancel plan")}
                  </button>
                  <Link to="/billing" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
                    {t("Keep my plan")}
                  </Link>
                </Form>
              </div>
            ) : (
              <div className="mt-6 flex flex-wrap gap-3">
                <Link to="/pricing" className={buttonClasses()} data-testid="change-plan">
                  {subscription.valid ? t("Change plan") : t("See plans")}
                </Link>
                {subscription.valid && subscription.onGracePeriod ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resume" />
                    <button type="submit" className={buttonClasses({ variant: "outlined" })} disabled={busy} data-testid="resume-plan">
                      {t("Resume plan")}
                    </button>
                  </Form>
                ) : subscription.valid ? (
                  <Link to="/billing?confirm=cancel" className={buttonClasses({ variant: "outlined", color: "danger" })} data-testid="cancel-plan">
                    {t("Cancel plan")}
                  </Link>
                ) : null}
              </div>
            )}
          </div>
        ) : (
          <div data-testid="no-plan">
            <p className="mt-2 text-foreground">{t("You do not have a subscription.")}</p>
            <Link to="/pricing" className={`${buttonClasses()} mt-4`}>
              {t("See plans")}
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="payment-heading" className="mt-6 rounded-theme border border-divider bg-elevated p-6">
        <h2 id="payment-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
          {t("Payment method")}
        </h2>
        {card ? (
          <p className="mt-2 text-foreground" data-testid="payment-card">
            {t(":brand ending in :last4", { brand: card.brand, last4: card.last4 })}
            {card.expMonth && card.expYear ? <span className="ml-2 text-sm text-muted">{t("Expires :date", { date: `${String(card.expMonth).padStart(2, "0")}/${card.expYear}` })}</span> : null}
          </p>
        ) : (
          <p className="mt-2 text-muted">{t("No payment method saved.")}</p>
        )}
        {credit ? <p className="mt-2 text-sm text-muted">{t("Account credit: :amount, used for your next invoices.", { amount: credit })}</p> : null}
        {subscription ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="payment-method" />
            <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral" })} disabled={busy} data-testid="update-payment-method">
              {t("Update payment method")}
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="invoices-heading" className="mt-6 rounded-theme border border-divider bg-elevated p-6">
        <h2 id="invoices-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
          {t("Invoices")}
        </h2>
        {invoices.length === 0 ? (
          <p className="mt-2 text-muted">{t("No invoices yet.")}</p>
        ) : (
          <table className="mt-3 w-full text-sm" data-testid="invoices">
            <thead>
              <tr className="border-b border-divider text-left text-muted">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("Date")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("Invoice")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("Amount")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("Status")}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-b border-divider last:border-0" data-testid="invoice-row">
                  <td className="py-2 pr-3 text-foreground">{invoice.date}</td>
                  <td className="py-2 pr-3 font-mono text-xs text-foreground">{invoice.number ?? "-"}</td>
                  <td className="py-2 pr-3 text-right tabular-nums text-foreground">{invoice.amount}</td>
                  <td className={`py-2 pr-3 ${invoice.failed ? "text-danger" : "text-foreground"}`}>
                    {invoice.failed ? t("Payment failed") : t(INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status)}
                  </td>
                  <td className="py-2 text-right">
                    {invoice.url ? (
                      <a href={invoice.url} className="font-medium text-primary hover:underline" {...(invoice.external ? { target: "_blank", rel: "noreferrer" } : {})}>
                        {t("View")}
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
