import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/change-plan";
import { requireUser } from "~/auth/guards.server";
import { confirmPlanChange, previewPlanChange } from "~/billing/account.server";
import { scheduleSubscriptionEventDelivery } from "~/notifications/subscription-events.server";
import { billedLabel, priceLabel } from "~/billing/format";
import { formatMoney } from "~/billing/money";
import { clearOnboardingSelectionCookie, readOnboardingSelection } from "~/billing/onboarding.server";
import { dateFormatter, idParam, requireBillingEnabled, requirePaymentProvider, translateNotice } from "~/billing/route-guards.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Change plan") }];

/** A preview is honoured for this long; an older one is recomputed for now. */
const PRORATION_DATE_MAX_AGE_S = 60 * 60;

const confirmSchema = z.object({
  intent: z.literal("confirm"),
  prorationDate: z.coerce.number().int().positive().optional(),
});

function routeIds(params: Route.LoaderArgs["params"]) {
  return { productId: idParam(params.productId), priceId: idParam(params.priceId) };
}

export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  requireBillingEnabled(context);
  const { user } = requireUser(args);
  const ids = routeIds(params);
  const app = getApp(context);
  const provider = requirePaymentProvider(context, request);
  const result = await previewPlanChange(app.db, provider, { userId: user.id, ...ids });
  const headers = new Headers();
  if (readOnboardingSelection(request)) headers.append("Set-Cookie", clearOnboardingSelectionCookie(request));
  if (result.kind === "elsewhere") {
    if (!result.notice) return redirect(result.to, { headers });
    return redirectWithToast(request, result.to, { message: translateNotice(context, result.notice) }, { headers });
  }
  if (result.kind === "problem") {
    return data({ kind: "problem" as const, message: translateNotice(context, result.notice) }, { status: 404, headers });
  }
  const format = dateFormatter(context);
  const t = app.t;
  const current = result.current;
  return data(
    {
      kind: "preview" as const,
      currentPlan: current.product?.name ?? t("Unknown plan"),
      currentPrice: current.price ? priceLabel(t, current.price, app.language) : null,
      newPlan: result.product.name,
      newPrice: priceLabel(t, result.price, app.language),
      newBilled: billedLabel(t, result.price, app.language),
      toFree: result.toFree,
      periodEnd: format(current.subscription.currentPeriodEnd),
      preview: result.preview
        ? {
            lines: result.preview.lines.map((line) => ({ ...line, formatted: formatMoney(line.amount, result.preview!.currency, app.language, { keepDecimals: true }) })),
            amountDue: formatMoney(result.preview.amountDue, result.preview.currency, app.language, { keepDecimals: true }),
            charges: result.preview.amountDue > 0,
            nextRenewal: format(result.preview.nextRenewal),
            prorationDate: Math.floor(result.preview.prorationDate.getTime() / 1000),
          }
        : null,
    },
    { headers },
  );
}

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  requireBillingEnabled(context);
  const { user } = requireUser(args);
  const ids = routeIds(params);
  const app = getApp(context);
  const provider = requirePaymentProvider(context, request);
  const parsed = confirmSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  if (!parsed.success) return data({ error: app.t("Confirm the change of plan.") }, { status: 400 });
  const now = Date.now();
  const proration = parsed.data.prorationDate;
  const prorationDate = proration && proration * 1000 <= now + 60_000 && proration * 1000 >= now - PRORATION_DATE_MAX_AGE_S * 1000 ? new Date(proration * 1000) : null;
  const result = await confirmPlanChange(app.db, provider, { userId: user.id, ...ids, prorationDate });
  scheduleSubscriptionEventDelivery(context, request);
  switch (result.kind) {
    case "changed":
      return redirectWithToast(request, "/billing", { message: translateNotice(context, result.notice), type: "positive" }, { status: 303 });
    case "declined":
      return data({ error: translateNotice(context, result.notice) }, { status: 402 });
    case "elsewhere":
      return result.notice ? redirectWithToast(request, result.to, { message: translateNotice(context, result.notice) }, { status: 303 }) : redirect(result.to, { status: 303 });
    case "problem":
      return data({ error: translateNotice(context, result.notice) }, { status: 404 });
  }
}

export default function ChangePlan({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (loaderData.kind === "problem") {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="change-plan-problem">
        <h1 className="text-2xl font-semibold text-foreground">{t("This plan is not available")}</h1>
        <p className="mt-3 text-muted">{loaderData.message}</p>
        <Link to="/pricing" className={`${buttonClasses()} mt-8`}>
          {t("See plans")}
        </Link>
      </section>
    );
  }
  const { preview } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6" data-testid="change-plan">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Change your plan")}</h1>

      <dl className="mt-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-theme border border-divider bg-paper p-4">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t("Current plan")}</dt>
          <dd className="mt-1 text-lg font-semibold text-foreground">{t(loaderData.currentPlan)}</dd>
          {loaderData.currentPrice ? <dd className="text-sm text-muted">{loaderData.currentPrice}</dd> : null}
        </div>
        <div className="rounded-theme border border-primary bg-elevated p-4" data-testid="new-plan">
          <dt className="text-xs font-semibold uppercase tracking-wide text-primary">{t("New plan")}</dt>
          <dd className="mt-1 text-lg font-semibold text-foreground">{t(loaderData.newPlan)}</dd>
          {loaderData.toFree ? (
            <dd className="text-sm text-muted">{t("Free")}</dd>
          ) : (
            <>
              <dd className="text-sm text-muted">{loaderData.newPrice}</dd>
              <dd className="text-xs text-muted">{t("Billed :amount", { amount: loaderData.newBilled })}</dd>
            </>
          )}
        </div>
      </dl>

      {loaderData.toFree ? (
        <p className="mt-8 text-foreground" data-testid="change-to-free">
          {t("Your current plan stays active until :date. After that you will be on the :plan plan and will not be charged again.", {
            date: loaderData.periodEnd ?? "",
            plan: t(loaderData.newPlan),
          })}
        </p>
      ) : preview ? (
        <div className="mt-8" data-testid="proration-preview">
          <h2 className="text-lg font-semibold text-foreground">{t("What you pay now")}</h2>
          <table className="mt-3 w-full text-sm">
            <tbody>
              {preview.lines.map((line, i) => (
                <tr key={i} className="border-b border-divider">
                  <td className="py-2 pr-4 text-foreground">{line.description}</td>
                  <td className="py-2 text-right tabular-nums text-foreground">{line.formatted}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="pt-3 text-left font-semibold text-foreground">
                  {t("Amount due today")}
                </th>
                <td className="pt-3 text-right font-semibold tabular-nums text-foreground" data-testid="amount-due">
                  {preview.amountDue}
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="mt-3 text-sm text-muted">
            {preview.charges ? t("The amount due is charged to your saved payment method when you confirm.") : t("Nothing is charged now; any credit is used for your next invoices.")}{" "}
            {preview.nextRenewal ? t("Your plan then renews on :date.", { date: preview.nextRenewal }) : null}
          </p>
        </div>
      ) : null}

      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-6 rounded-theme border border-danger bg-danger/10 px-4 py-3 text-sm text-danger" data-testid="change-plan-error">
          {actionData.error}
        </p>
      ) : null}

      <Form method="post" className="mt-8 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="confirm" />
        {preview ? <input type="hidden" name="prorationDate" value={preview.prorationDate} /> : null}
        <button type="submit" className={buttonClasses()} disabled={busy} data-testid="confirm-plan-change">
          {loaderData.toFree ? t("Switch to :plan", { plan: t(loaderData.newPlan) }) : t("Confirm change")}
        </button>
        <Link to="/billing" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
          {t("Keep my current plan")}
        </Link>
      </Form>
    </section>
  );
}
