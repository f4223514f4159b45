import { useState, type MouseEvent } from "react";
import { Form, Link } from "react-router";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { CheckIcon } from "~/ui/icons";
import { useHydrated } from "~/ui/use-hydrated";
import { billedLabel } from "../format";
import { formatMoney } from "../money";
import { planButton } from "../plan-buttons";
import type { PricingData } from "../pricing.server";
import { selectPrice, type BillingCycle } from "../pricing-rules";

/**
 * The plans with their prices, a monthly/yearly switch and the plan buttons
 * (spec sections 2, 4, 5). Used by /pricing and by the landing page's
 * pricing section: give it the result of `loadPricingData(app, request)`.
 *
 * Without JavaScript the switch is a pair of links (?cycle=monthly /
 * ?cycle=yearly, answered by the server) and each plan button is a form
 * posted to /pricing, which remembers the choice and redirects. With
 * JavaScript the switch flips at once, without a request.
 */
export function PricingTable({ data, className = "" }: { data: PricingData; className?: string }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [cycle, setCycle] = useState<BillingCycle>(data.cycle);
  const language = useBootstrap().i18n.language;

  function choose(event: MouseEvent<HTMLAnchorElement>, next: BillingCycle) {
    if (!hydrated) return;
    event.preventDefault();
    setCycle(next);
  }

  if (data.plans.length === 0) {
    return <p className="text-center text-muted">{t("There are no plans to choose from yet.")}</p>;
  }

  const options: { value: BillingCycle; label: string }[] = [
    { value: "monthly", label: t("Monthly") },
    { value: "yearly", label: t("Yearly") },
  ];

  return (
    <div className={className} data-testid="pricing-table" data-hydrated={hydrated ? "true" : undefined}>
      <div className="flex flex-col items-center gap-3">
        <nav aria-label={t("Billing cycle")} className="inline-flex rounded-full border border-divider bg-paper p-1" data-testid="billing-cycle">
          {options.map((option) => (
            <a
              key={option.value}
              href={`?cycle=${option.value}`}
              onClick={(event) => choose(event, option.value)}
              aria-current={cycle === option.value ? "true" : undefined}
              data-testid={`cycle-${option.value}`}
              className={`rounded-full px-5 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-focus ${
                cycle === option.value ? "bg-primary text-on-primary shadow-sm" : "text-muted hover:text-foreground"
              }`}
            >
              {option.label}
            </a>
          ))}
        </nav>
        {data.savePercentage !== null ? (
          <p className="text-sm font-medium text-positive" data-testid="save-up-to">
            {t("Save up to :percentage%", { percentage: data.savePercentage })}
          </p>
        ) : null}
      </div>

      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {data.plans.map((plan) => {
          const price = selectPrice(plan.prices, cycle);
          const button = planButton(plan, price, data.viewer);
          const isFree = plan.free || price?.amount === 0;
          return (
            <li
              key={plan.id}
              data-testid="plan-card"
              data-plan={plan.name}
              className={`relative flex flex-col rounded-theme border bg-elevated p-6 shadow-sm ${plan.recommended ? "border-primary ring-1 ring-primary" : "border-divider"}`}
            >
              {plan.id === data.mostPopularId || plan.recommended ? (
                <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-on-primary" data-testid="plan-badge">
                  {plan.id === data.mostPopularId ? t("Most popular") : t("Recommended")}
                </span>
              ) : null}
              <h3 className="text-lg font-semibold text-foreground">{plan.label}</h3>
              {plan.description ? <p className="mt-1 min-h-10 text-sm text-muted">{plan.description}</p> : null}
              <div className="mt-5" data-testid="plan-price">
                {price && !isFree ? (
                  <>
                    <span className="text-4xl font-bold tracking-tight text-foreground">{formatMoney(price.amount / price.intervalCount, price.currency, language)}</span>
                    <span className="ml-1 text-sm text-muted">/ {t(price.interval)}</span>
                    {price.intervalCount > 1 ? <p className="mt-1 text-xs text-muted">{t("Billed :amount", { amount: billedLabel(t, price, language) })}</p> : null}
                  </>
                ) : (
                  <span className="text-4xl font-bold tracking-tight text-foreground">{t("Free")}</span>
                )}
              </div>
              <PlanAction plan={plan} priceId={price?.id} button={button} />
              {plan.featureList.length > 0 ? (
                <ul className="mt-6 flex flex-col gap-2 text-sm text-foreground">
                  {plan.featureList.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-positive" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>

      <div className="mt-12 flex flex-col items-center gap-2 rounded-theme border border-divider bg-paper px-6 py-8 text-center" data-testid="pricing-support">
        <h3 className="text-lg font-semibold text-foreground">{t("Do you have any questions about our plans?")}</h3>
        <p className="text-sm text-muted">{t("Our support team will be happy to help.")}</p>
        <Link to="/contact" className={`${buttonClasses({ variant: "outlined", color: "neutral", size: "sm" })} mt-2`}>
          {t("Contact us")}
        </Link>
      </div>
    </div>
  );
}

function PlanAction({ plan, priceId, button }: { plan: PricingData["plans"][number]; priceId: number | undefined; button: ReturnType<typeof planButton> }) {
  const t = useTrans();
  const classes = `${buttonClasses({ variant: plan.recommended ? "filled" : "outlined", color: "primary", fullWidth: true })} mt-6`;
  if (button.state === "disabled" || priceId === undefined) {
    return (
      <button type="button" disabled className={classes} data-testid="plan-button">
        {t(button.label)}
      </button>
    );
  }
  // A form, so the choice can be remembered (a cookie) on the way, with or without JavaScript.
  return (
    <Form method="post" action="/pricing" className="contents">
      <input type="hidden" name="intent" value="select-plan" />
      <input type="hidden" name="productId" value={plan.id} />
      <input type="hidden" name="priceId" value={priceId} />
      <button type="submit" className={classes} data-testid="plan-button">
        {t(button.label)}
      </button>
    </Form>
  );
}
