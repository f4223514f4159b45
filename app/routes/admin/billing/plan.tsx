import { data, Form } from "react-router";
import type { Route } from "./+types/plan";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { readPlanForm } from "~/admin/plan-form.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { PermissionGrantsField } from "~/admin/ui/permission-grants-field";
import { rolesAndPermissions } from "~/auth/user-admin.server";
import { minorUnitDigits } from "~/billing/money";
import { deletePlan, loadPlanForEditor, stripeSyncEnabled, syncPlanIfConfigured } from "~/billing/plan-admin.server";
import { savePlan } from "~/billing/plans.server";
import { BILLING_INTERVALS } from "~/billing/tables";
import { useTrans } from "~/i18n/translation-context";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { errorClasses, inputClasses, labelClasses } from "~/ui/field-styles";
import { IntentField, SubmitButton } from "~/ui/forms/fields";
import { readIntent } from "~/ui/forms/submission.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.plan?.name ?? "New plan") }];

function planIdOf(params: { planId?: string }) {
  return params.planId === undefined ? null : idParam(params.planId);
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.plansUpdate);
  const id = planIdOf(args.params);
  const [found, { permissions }] = await Promise.all([id === null ? null : loadPlanForEditor(admin.app.db, id), rolesAndPermissions(admin.app.db)]);
  if (id !== null && !found) throw data(null, { status: 404 });
  const product = found?.product;
  return {
    plan: product
      ? {
          id: product.id,
          name: product.name,
          description: product.description,
          position: product.position,
          hidden: product.hidden,
          recommended: product.recommended,
          free: product.free,
          featureList: product.featureList.join("\n"),
          permissions: product.permissions,
          stripeProductId: product.stripeProductId,
        }
      : null,
    prices: (found?.prices ?? []).map((p) => ({
      id: p.id,
      amount: (p.amount / 10 ** minorUnitDigits(p.currency)).toString(),
      currency: p.currency.toUpperCase(),
      interval: p.interval,
      intervalCount: p.intervalCount,
      stripePriceId: p.stripePriceId,
    })),
    permissions,
    stripe: stripeSyncEnabled(getWorker(args.context).env),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.plansUpdate);
  const { request, context } = args;
  const id = planIdOf(args.params);
  const t = admin.app.t;
  const env = getWorker(context).env;
  const formData = await request.formData();
  if (readIntent(formData) === "delete" && id !== null) {
    if (!isConfirmed(formData)) {
      return askForConfirmation({
        intent: "delete",
        ids: [id],
        title: "Delete this plan?",
        message: "The plan and its prices are deleted (deactivated at Stripe). Plans with subscriptions cannot be deleted; hide them instead.",
        confirmLabel: "Delete",
      });
    }
    const result = await deletePlan(env, admin.app.db, id, admin.record("plans.delete", "plan"));
    if (!result.ok) {
      if (result.notFound) throw data(null, { status: 404 });
      return data({ message: t(result.message) }, { status: 409 });
    }
    return redirectWithToast(request, "/admin/plans", { message: t("Plan deleted"), type: "positive" });
  }
  const { permissions } = await rolesAndPermissions(admin.app.db);
  const values = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const read = readPlanForm(formData, permissions);
  if (!read.ok) return data({ errors: read.errors, values }, { status: 422 });
  const saved = await savePlan(admin.app.db, read.input, id ?? undefined, admin.record(id === null ? "plans.create" : "plans.update", "plan"));
  if (!saved.ok) return data({ errors: saved.errors, values }, { status: 422 });
  const sync = await syncPlanIfConfigured(env, admin.app.db, saved.productId);
  if (sync.error) {
    return redirectWithToast(request, `/admin/plans/${saved.productId}`, { message: t("Plan saved, but Stripe could not be updated: :error", { error: sync.error.slice(0, 200) }), type: "danger" });
  }
  return redirectWithToast(request, `/admin/plans/${saved.productId}`, { message: sync.synced ? t("Plan saved and synced with Stripe") : t("Plan saved"), type: "positive" });
}

export default function PlanEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { plan } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const failed = actionData && "errors" in actionData ? (actionData as { errors: Record<string, string[]>; values: Record<string, string> }) : null;
  const errors = failed?.errors ?? {};
  const posted = failed?.values;
  const value = (name: string, fallback: string | number | undefined | null) => posted?.[name] ?? (fallback === null || fallback === undefined ? "" : String(fallback));
  const checked = (name: string, fallback: boolean) => (posted ? posted[name] === "on" : fallback);
  const priceRows = posted
    ? [
        ...new Set(
          Object.keys(posted)
            .map((k) => /^prices\.(\d+)\./.exec(k)?.[1])
            .filter(Boolean),
        ),
      ].map((i) => ({
        id: posted[`prices.${i}.id`] ? Number(posted[`prices.${i}.id`]) : null,
        amount: posted[`prices.${i}.amount`] ?? "",
        currency: posted[`prices.${i}.currency`] ?? "USD",
        interval: posted[`prices.${i}.interval`] ?? "month",
        intervalCount: Number(posted[`prices.${i}.intervalCount`] ?? 1),
        stripePriceId: null as string | null,
      }))
    : [...loaderData.prices, { id: null, amount: "", currency: loaderData.prices[0]?.currency ?? "USD", interval: "month", intervalCount: 1, stripePriceId: null }];
  const fieldError = (name: string) => (errors[name]?.length ? <p className={errorClasses}>{t(errors[name][0])}</p> : null);
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/plans", label: "Plans" }}
        title={plan ? plan.name : t("New plan")}
        description={plan?.stripeProductId ? t("Stripe product :id", { id: plan.stripeProductId }) : undefined}
        actions={
          plan ? (
            <ConfirmedActionButton
              intent="delete"
              label="Delete"
              title="Delete this plan?"
              message="The plan and its prices are deleted (deactivated at Stripe). Plans with subscriptions cannot be deleted; hide them instead."
              confirmLabel="Delete"
            />
          ) : null
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      {failed ? (
        <p role="alert" className="mb-4 rounded-theme border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger" data-testid="form-errors">
          {t("Please correct the fields marked below.")}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-6" noValidate={false}>
        <IntentField value="save" />
        <AdminSection>
          <div className="grid gap-4 md:grid-cols-2">
            <label className="flex flex-col gap-1.5">
              <span className={labelClasses}>{t("Name")}</span>
              <input name="name" required maxLength={80} defaultValue={value("name", plan?.name)} className={inputClasses} aria-invalid={errors.name ? true : undefined} />
              {fieldError("name")}
            </label>
            <label className="flex flex-col gap-1.5">
              <span className={labelClasses}>{t("Position")}</span>
              <input name="position" type="number" min={0} max={10000} defaultValue={value("position", plan?.position ?? 0)} className={inputClasses} />
              {fieldError("position")}
            </label>
            <label className="flex flex-col gap-1.5 md:col-span-2">
              <span className={labelClasses}>{t("Description")}</span>
              <input name="description" maxLength={500} defaultValue={value("description", plan?.description)} className={inputClasses} />
              {fieldError("description")}
            </label>
            <label className="flex flex-col gap-1.5 md:col-span-2">
              <span className={labelClasses}>{t("Features")}</span>
              <textarea name="featureList" rows={5} defaultValue={value("featureList", plan?.featureList)} className={inputClasses} />
              <span className="text-xs text-muted">{t("One per line, shown on the pricing page.")}</span>
              {fieldError("featureList")}
            </label>
            <div className="flex flex-wrap gap-6 md:col-span-2">
              {(
                [
                  ["free", "Free plan", plan?.free ?? false],
                  ["recommended", "Recommended", plan?.recommended ?? false],
                  ["hidden", "Hidden (existing subscribers keep it)", plan?.hidden ?? false],
                ] as const
              ).map(([name, label, on]) => (
                <label key={name} className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" name={name} defaultChecked={checked(name, on)} className="size-4 accent-(--be-primary)" />
                  {t(label)}
                </label>
              ))}
            </div>
          </div>
        </AdminSection>
        <AdminSection
          title={t("Prices")}
          description={t("Prices cannot change once people pay them: a changed price is archived and a new one takes its place. Leave the last row empty to add none.")}
        >
          {fieldError("prices")}
          <table className="w-full text-left text-sm" data-testid="price-rows">
            <thead className="text-xs text-muted">
              <tr>
                <th className="py-1 pr-2 font-medium">{t("Amount")}</th>
                <th className="py-1 pr-2 font-medium">{t("Currency")}</th>
                <th className="py-1 pr-2 font-medium">{t("Every")}</th>
                <th className="py-1 pr-2 font-medium">{t("Period")}</th>
              </tr>
            </thead>
            <tbody>
              {priceRows.map((price, i) => (
                <tr key={i} className="align-top">
                  <td className="py-1 pr-2">
                    {price.id ? <input type="hidden" name={`prices.${i}.id`} value={price.id} /> : null}
                    <input
                      name={`prices.${i}.amount`}
                      inputMode="decimal"
                      defaultValue={price.amount}
                      aria-label={t("Amount")}
                      className={inputClasses}
                      aria-invalid={errors[`prices.${i}.amount`] ? true : undefined}
                    />
                    {fieldError(`prices.${i}.amount`)}
                  </td>
                  <td className="py-1 pr-2">
                    <input name={`prices.${i}.currency`} defaultValue={price.currency} maxLength={3} aria-label={t("Currency")} className={`${inputClasses} w-20 uppercase`} />
                    {fieldError(`prices.${i}.currency`)}
                  </td>
                  <td className="py-1 pr-2">
                    <input name={`prices.${i}.intervalCount`} type="number" min={1} defaultValue={price.intervalCount} aria-label={t("Every")} className={`${inputClasses} w-20`} />
                    {fieldError(`prices.${i}.intervalCount`)}
                  </td>
                  <td className="py-1 pr-2">
                    <select name={`prices.${i}.interval`} defaultValue={price.interval} aria-label={t("Period")} className={inputClasses}>
                      {BILLING_INTERVALS.map((interval) => (
                        <option key={interval} value={interval}>
                          {t(interval)}
                        </option>
                      ))}
                    </select>
                    {fieldError(`prices.${i}.interval`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminSection>
        <AdminSection title={t("Permissions")} description={t("What subscribers of this plan may do while subscribed.")}>
          <PermissionGrantsField legend="Permissions" permissions={loaderData.permissions} granted={plan?.permissions ?? []} errors={errors} />
        </AdminSection>
        <div className="flex justify-end">
          <SubmitButton>{loaderData.stripe ? t("Save and sync with Stripe") : t("Save plan")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
