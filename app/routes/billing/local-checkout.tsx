import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/local-checkout";
import { requireUser } from "~/auth/guards.server";
import { CARD_SECRET_FIELDS, cardFormSchema, parseExpiry } from "~/billing/schema";
import { billedLabel } from "~/billing/format";
import { checkoutReturnPaths, loadLocalCheckout, payLocalCheckout } from "~/billing/local-provider.server";
import { scheduleSubscriptionEventDelivery } from "~/notifications/subscription-events.server";
import { formatMoney } from "~/billing/money";
import { requireLocalProvider } from "~/billing/route-guards.server";
import { CardFields, TestCardsNote } from "~/billing/ui/card-fields";
import { useSettings } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { FormErrors, SubmitButton } from "~/ui/forms/fields";
import { parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Checkout (test mode)") }];

/**
 * The local provider's checkout page, standing in for Stripe Checkout: the
 * plan and price on one side, a card form on the other. It accepts Stripe's
 * test card numbers and behaves as Stripe's test mode does.
 */
export async function loader(args: Route.LoaderArgs) {
  const { context, params } = args;
  requireLocalProvider(context);
  const { user } = requireUser(args);
  const app = getApp(context);
  const session = await loadLocalCheckout(app.db, params.sessionId ?? "", user.id);
  if (!session) throw data(null, { status: 404 });
  const paths = checkoutReturnPaths(session.productId, session.priceId);
  if (session.status === "complete") throw redirect(paths.success.replace("{CHECKOUT_SESSION_ID}", session.id));
  const credit = Math.min(session.creditBalance ?? 0, session.amount);
  return {
    email: user.email,
    plan: session.planName,
    description: session.planDescription,
    price: formatMoney(session.amount, session.currency, app.language, { keepDecimals: true }),
    billed: billedLabel(app.t, session, app.language),
    credit: credit > 0 ? formatMoney(credit, session.currency, app.language, { keepDecimals: true }) : null,
    dueToday: formatMoney(session.amount - credit, session.currency, app.language, { keepDecimals: true }),
    expired: session.status === "expired" || session.expiresAt.getTime() <= Date.now(),
    cancelPath: paths.cancel,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  requireLocalProvider(context);
  const { user } = requireUser(args);
  const app = getApp(context);
  const submission = await parseFormSubmission(request, cardFormSchema, app.t);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: CARD_SECRET_FIELDS }), { status: 400 });
  }
  const card = { number: submission.value.number, cvc: submission.value.cvc, ...parseExpiry(submission.value.expiry) };
  const result = await payLocalCheckout(app.db, { sessionId: params.sessionId ?? "", userId: user.id, card });
  scheduleSubscriptionEventDelivery(context, request);
  if (result.ok) return redirect(result.successPath, { status: 303 });
  const message = app.t(result.message);
  const reply =
    result.field === "form"
      ? submission.reply({ formErrors: [message], hideFields: CARD_SECRET_FIELDS })
      : submission.reply({ fieldErrors: { [result.field]: [message] }, hideFields: CARD_SECRET_FIELDS });
  return data(reply, { status: result.field === "form" ? 409 : 402 });
}

export default function LocalCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const settings = useSettings();
  const [form, fields] = useAppForm({ schema: cardFormSchema, lastResult: actionData, id: "local-checkout" });
  return (
    <main className="min-h-dvh bg-paper" data-testid="local-checkout">
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <section aria-labelledby="order-heading">
          <a href={loaderData.cancelPath} className="text-sm font-medium text-muted hover:text-foreground">
            ← {settings.branding.site_name}
          </a>
          <span className="ml-3 rounded bg-warning/20 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-warning">{t("Test mode")}</span>
          <h1 id="order-heading" className="mt-8 text-base font-medium text-muted">
            {t("Subscribe to :plan", { plan: t(loaderData.plan) })}
          </h1>
          <p className="mt-1 text-4xl font-semibold tracking-tight text-foreground" data-testid="checkout-price">
            {loaderData.price}
          </p>
          <p className="text-sm text-muted">{loaderData.billed}</p>
          {loaderData.description ? <p className="mt-6 text-sm text-foreground">{t(loaderData.description)}</p> : null}
          <dl className="mt-6 divide-y divide-divider border-y border-divider text-sm">
            {loaderData.credit ? (
              <div className="flex justify-between py-3">
                <dt className="text-muted">{t("Account credit")}</dt>
                <dd className="text-foreground">-{loaderData.credit}</dd>
              </div>
            ) : null}
            <div className="flex justify-between py-3 font-semibold">
              <dt className="text-foreground">{t("Total due today")}</dt>
              <dd className="text-foreground">{loaderData.dueToday}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="payment-heading" className="rounded-theme border border-divider bg-elevated p-6 shadow-sm">
          <h2 id="payment-heading" className="text-lg font-semibold text-foreground">
            {t("Pay with card")}
          </h2>
          <p className="mt-1 text-sm text-muted">{loaderData.email}</p>
          {loaderData.expired ? (
            <div className="mt-6" data-testid="checkout-expired">
              <p className="text-foreground">{t("This checkout session has expired or was already completed.")}</p>
              <a href={loaderData.cancelPath} className="mt-4 inline-block font-medium text-primary hover:underline">
                {t("Back to the plans")}
              </a>
            </div>
          ) : (
            <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-4">
              <FormErrors form={form} />
              <CardFields fields={fields} />
              <SubmitButton fullWidth size="lg">
                {t("Subscribe")}
              </SubmitButton>
              <TestCardsNote />
            </Form>
          )}
        </section>
      </div>
    </main>
  );
}
