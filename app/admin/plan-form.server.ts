import { minorUnitDigits } from "~/billing/money";
import type { PlanInput } from "~/billing/plans.server";
import { BILLING_INTERVALS, type BillingInterval } from "~/billing/tables";
import { readPermissionGrants, type KnownPermission } from "./permission-grants";

/**
 * Reads the plan form (app/routes/admin/billing/plan.tsx) into savePlan's
 * input. Prices are typed in major units ("9.99") and stored in the
 * currency's minor unit (999); rows left empty (the spare row the form
 * always offers) are no price. savePlan validates the rest.
 */
export function readPlanForm(formData: FormData, permissions: KnownPermission[]): { ok: true; input: PlanInput } | { ok: false; errors: Record<string, string[]> } {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const errors: Record<string, string[]> = {};
  const indexes = new Set<number>();
  for (const name of formData.keys()) {
    const match = /^prices\.(\d{1,2})\./.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  const prices: PlanInput["prices"] = [];
  for (const i of [...indexes].sort((a, b) => a - b)) {
    const idText = text(`prices.${i}.id`);
    const amountText = text(`prices.${i}.amount`);
    if (!idText && !amountText) continue;
    const currency = text(`prices.${i}.currency`) || "usd";
    const interval = text(`prices.${i}.interval`);
    const count = Number(text(`prices.${i}.intervalCount`) || "1");
    const amount = Number(amountText.replace(",", "."));
    const row = prices.length;
    if (amountText === "" || !Number.isFinite(amount) || amount < 0) {
      errors[`prices.${row}.amount`] = ["Enter an amount of 0 or more."];
      continue;
    }
    let digits = 2;
    try {
      digits = minorUnitDigits(currency);
    } catch {
      errors[`prices.${row}.currency`] = ["Use a three-letter currency code such as USD."];
      continue;
    }
    prices.push({
      id: idText ? Number(idText) : undefined,
      amount: Math.round(amount * 10 ** digits),
      currency,
      interval: (BILLING_INTERVALS as readonly string[]).includes(interval) ? (interval as BillingInterval) : ("" as BillingInterval),
      intervalCount: Number.isInteger(count) ? count : Number.NaN,
    });
  }
  const grants = readPermissionGrants(formData, permissions);
  if (!grants.ok) Object.assign(errors, grants.errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name: text("name"),
      description: text("description"),
      position: Number(text("position") || "0"),
      hidden: formData.get("hidden") === "on",
      recommended: formData.get("recommended") === "on",
      free: formData.get("free") === "on",
      featureList: text("featureList")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      permissions: grants.ok ? grants.grants : [],
      prices,
    },
  };
}
