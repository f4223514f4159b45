import { data, Form } from "react-router";
import type { Route } from "./+types/local-portal";
import { requireUser } from "~/auth/guards.server";
import { findCustomer } from "~/billing/account.server";
import { CARD_SECRET_FIELDS, cardFormSchema, parseExpiry } from "~/billing/schema";
import { updateLocalPaymentMethod } from "~/billing/local-provider.server";
import { scheduleSubscriptionEventDelivery } from "~/notifications/subscription-events.server";
import { requireLocalProvider } from "~/billing/route-guards.server";
import { CardFields, TestCardsNote } from "~/billing/ui/card-fields";
import { useSettings } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { safeRedirectPath } from "~/http/redirects";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, SubmitButton } from "~/ui/forms/fields";
import { parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Update payment method (test mode)") }];

/**
 * The local provider's stand-in for Stripe's billing portal: shows the saved
 * card and takes a new one (Stripe's test cards). A new card that pays also
 * settles an overdue invoice, as Stripe retries it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { context, url } = args;
  requireLocalProvider(context);
  const { user } = requireUser(args);
  const customer = await findCustomer(getApp(context).db, user.id, "local");
  if (!customer) throw data(null, { status: 404 });
  return {
    email: user.email,
    card: customer.cardLast4 ? { brand: customer.cardBrand ?? "", last4: customer.cardLast4, expMonth: customer.cardExpMonth, expYear: customer.cardExpYear } : null,
    returnTo: safeRedirectPath(url.searchParams.get("return"), "/billing"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context, url } = args;
  requireLocalProvider(context);
  const { user } = requireUser(args);
  const app = getApp(context);
  const submission = await parseFormSubmission(request, cardFormSchema, app.t);
  if (submission.status !== "success") return data(submission.reply({ hideFields: CARD_SECRET_FIELDS }), { status: 400 });
  const card = { number: submission.value.number, cvc: submission.value.cvc, ...parseExpiry(submission.value.expiry) };
  const result = await updateLocalPaymentMethod(app.db, { userId: user.id, card });
  scheduleSubscriptionEventDelivery(context, request);
  if (!result.ok) {
    const message = app.t(result.message);
    const reply =
      result.field === "form"
        ? submission.reply({ formErrors: [message], hideFields: CARD_SECRET_FIELDS })
        : submission.reply({ fieldErrors: { [result.field]: [message] }, hideFields: CARD_SECRET_FIELDS });
    return data(reply, { status: 402 });
  }
  return redirectWithToast(request, safeRedirectPath(url.searchParams.get("return"), "/billing"), { message: app.t("Payment method updated"), type: "positive" }, { status: 303 });
}

export default function LocalPortal({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const settings = useSettings();
  const [form, fields] = useAppForm({ schema: cardFormSchema, lastResult: actionData, id: "local-portal" });
  return (
    <main className="min-h-dvh bg-paper" data-testid="local-portal">
      <div className="mx-auto max-w-lg px-4 py-12">
        <a href={loaderData.returnTo} className="text-sm font-medium text-muted hover:text-foreground">
          ← {t("Return to :site", { site: settings.branding.site_name })}
        </a>
        <span className="ml-3 rounded bg-warning/20 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-warning">{t("Test mode")}</span>
        <h1 className="mt-8 text-2xl font-semibold text-foreground">{t("Payment method")}</h1>
        <p className="mt-1 text-sm text-muted">{loaderData.email}</p>
        <p className="mt-4 text-foreground" data-testid="portal-current-card">
          {loaderData.card ? t(":brand ending in :last4", { brand: loaderData.card.brand, last4: loaderData.card.last4 }) : t("No payment method saved.")}
        </p>
        <section className="mt-8 rounded-theme border border-divider bg-elevated p-6 shadow-sm" aria-labelledby="new-card-heading">
          <h2 id="new-card-heading" className="text-lg font-semibold text-foreground">
            {t("Add a new card")}
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
            <FormErrors form={form} />
            <CardFields fields={fields} />
            <SubmitButton fullWidth>{t("Save card")}</SubmitButton>
            <TestCardsNote />
          </Form>
        </section>
      </div>
    </main>
  );
}
