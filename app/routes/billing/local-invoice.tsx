import { data } from "react-router";
import type { Route } from "./+types/local-invoice";
import { requireUser } from "~/auth/guards.server";
import { loadLocalInvoice } from "~/billing/local-provider.server";
import { formatMoney } from "~/billing/money";
import { dateFormatter, requireLocalProvider } from "~/billing/route-guards.server";
import { useSettings } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData ? `Invoice ${loaderData.number ?? ""}` : "Invoice") }];

/** A local provider invoice, as a printable page (Stripe's hosted invoice page stands here in test mode). */
export async function loader(args: Route.LoaderArgs) {
  const { context, params } = args;
  requireLocalProvider(context);
  const { user } = requireUser(args);
  const app = getApp(context);
  const found = await loadLocalInvoice(app.db, params.invoiceId ?? "", user.id);
  if (!found) throw data(null, { status: 404 });
  const { invoice } = found;
  const money = (amount: number) => formatMoney(amount, invoice.currency, app.language, { keepDecimals: true });
  const format = dateFormatter(context);
  return {
    number: invoice.number,
    status: invoice.status,
    plan: found.planName,
    issued: format(invoice.issuedAt),
    paid: format(invoice.paidAt),
    period: invoice.periodStart && invoice.periodEnd ? { start: format(invoice.periodStart), end: format(invoice.periodEnd) } : null,
    billedTo: user.email,
    lines: invoice.lines.map((line) => ({ description: line.description, amount: money(line.amount) })),
    total: money(invoice.total),
    amountPaid: money(invoice.amountPaid),
    amountDue: money(invoice.status === "paid" ? 0 : invoice.amountDue),
  };
}

export default function LocalInvoice({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const settings = useSettings();
  return (
    <main className="min-h-dvh bg-paper py-12" data-testid="local-invoice">
      <article className="mx-auto max-w-2xl rounded-theme border border-divider bg-elevated p-8 shadow-sm print:border-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-lg font-semibold text-foreground">{settings.branding.site_name}</p>
            <p className="text-xs uppercase tracking-wide text-warning">{t("Test mode")}</p>
          </div>
          <div className="text-right">
            <h1 className="text-2xl font-semibold text-foreground">{t("Invoice")}</h1>
            <p className="font-mono text-sm text-muted">{loaderData.number}</p>
          </div>
        </header>
        <dl className="mt-8 grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-muted">{t("Billed to")}</dt>
            <dd className="text-foreground">{loaderData.billedTo}</dd>
          </div>
          <div>
            <dt className="text-muted">{t("Date of issue")}</dt>
            <dd className="text-foreground">{loaderData.issued}</dd>
          </div>
          {loaderData.period ? (
            <div>
              <dt className="text-muted">{t("Period")}</dt>
              <dd className="text-foreground">
                {loaderData.period.start} – {loaderData.period.end}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-muted">{t("Status")}</dt>
            <dd className="text-foreground">{loaderData.status === "paid" ? t("Paid on :date", { date: loaderData.paid ?? "" }) : t("Due")}</dd>
          </div>
        </dl>
        <table className="mt-8 w-full text-sm">
          <thead>
            <tr className="border-b border-divider text-left text-muted">
              <th scope="col" className="py-2 font-medium">
                {t("Description")}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t("Amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.lines.map((line, i) => (
              <tr key={i} className="border-b border-divider">
                <td className="py-2 pr-4 text-foreground">{line.description}</td>
                <td className="py-2 text-right tabular-nums text-foreground">{line.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-foreground">
            <tr>
              <th scope="row" className="pt-4 text-left font-medium">
                {t("Total")}
              </th>
              <td className="pt-4 text-right tabular-nums">{loaderData.total}</td>
            </tr>
            <tr>
              <th scope="row" className="pt-1 text-left font-medium">
                {t("Amount paid")}
              </th>
              <td className="pt-1 text-right tabular-nums">{loaderData.amountPaid}</td>
            </tr>
            <tr>
              <th scope="row" className="pt-1 text-left font-semibold">
                {t("Amount due")}
              </th>
              <td className="pt-1 text-right font-semibold tabular-nums">{loaderData.amountDue}</td>
            </tr>
          </tfoot>
        </table>
      </article>
    </main>
  );
}
