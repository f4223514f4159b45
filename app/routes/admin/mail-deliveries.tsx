import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/mail-deliveries";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { MAIL_DELIVERY_STATUSES } from "~/mail/deliveries.tables";
import { countDeliveriesByStatus, listDeliveries, resendFailedDelivery, type MailQueueEnv } from "~/mail/mail-queue.server";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { inputClasses } from "~/ui/field-styles";
import { siteTitle } from "~/seo/seo";

/**
 * Every mail the site sent or tried to send (app/mail/mail-queue.server.ts):
 * status, recipient, what sent it, attempts and the provider's last answer,
 * newest first, filtered by status; a failed one can be queued again.
 * Bodies are not shown (they hold sign-in codes and reset links). Needs
 * settings.update, like the mail settings themselves.
 */
export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Mail deliveries") }];

const PAGE_SIZE = 50;

const filtersSchema = z.object({
  status: z.enum(MAIL_DELIVERY_STATUSES).optional().catch(undefined),
  before: z.coerce.number().int().positive().optional().catch(undefined),
});

const actionSchema = z.object({ intent: z.literal("retry"), id: z.coerce.number().int().positive() });

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.settingsUpdate);
  const filters = filtersSchema.parse(Object.fromEntries(args.url.searchParams));
  const [{ rows, hasMore }, counts] = await Promise.all([listDeliveries(admin.app.db, { status: filters.status, before: filters.before, limit: PAGE_SIZE }), countDeliveriesByStatus(admin.app.db)]);
  return {
    status: filters.status ?? null,
    counts,
    rows: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      failedAt: row.failedAt?.toISOString() ?? null,
    })),
    nextBefore: hasMore ? rows[rows.length - 1].id : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.settingsUpdate);
  const { request, context } = args;
  const t = admin.app.t;
  const formData = await request.formData().catch(() => new FormData());
  const back = `/admin/mail-deliveries${args.url.search}`;
  const parsed = actionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return redirectWithToast(request, back, { message: t("There was an issue. Please try again."), type: "danger" }, { status: 303 });
  }
  const env = getWorker(context).env as unknown as MailQueueEnv;
  const queued = await resendFailedDelivery(env, admin.app.db, parsed.data.id);
  return redirectWithToast(request, back, queued ? { message: t("Mail queued again"), type: "positive" } : { message: t("Only a failed mail can be sent again."), type: "danger" }, { status: 303 });
}

const STATUS_TONES = { queued: "warning", sent: "positive", failed: "danger" } as const;

export default function MailDeliveries({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { rows, counts, status } = loaderData;
  const statusLabel = { queued: t("Queued"), sent: t("Sent"), failed: t("Failed") };
  const older = new URLSearchParams();
  if (status) older.set("status", status);
  if (loaderData.nextBefore) older.set("before", String(loaderData.nextBefore));
  return (
    <>
      <AdminPageHeader
        title={t("Mail deliveries")}
        description={t("Every mail the site sent or tried to send, newest first. Failed mails were retried with growing delays; send them again once the cause is fixed.")}
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs text-muted">
          {t("Status")}
          <select name="status" defaultValue={status ?? ""} className={`${inputClasses} py-1.5`} onChange={(e) => e.currentTarget.form?.requestSubmit()} data-testid="mail-status-filter">
            <option value="">{t("All")}</option>
            {MAIL_DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel[s]} ({counts[s]})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
          {t("Filter")}
        </button>
      </Form>
      <div className="overflow-x-auto rounded-theme border border-divider bg-elevated">
        <table className="w-full text-left text-sm" data-testid="mail-deliveries">
          <thead className="border-b border-divider bg-paper text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("Status")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Recipient")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Type")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Attempts")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Last error")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Created")}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t("Actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-divider align-top">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-10 text-center text-muted">
                  {t("No mails here.")}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} data-testid="mail-delivery" data-delivery-id={row.id} data-status={row.status}>
                  <td className="px-3 py-2">
                    <Badge tone={STATUS_TONES[row.status]}>{statusLabel[row.status]}</Badge>
                  </td>
                  <td className="px-3 py-2 text-xs">
                    {row.userId ? (
                      <Link to={`/admin/users/${row.userId}`} className="hover:underline">
                        {row.to}
                      </Link>
                    ) : (
                      row.to
                    )}
                    <span className="block max-w-xs truncate text-muted" title={row.subject}>
                      {row.subject}
                    </span>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{row.source}</td>
                  <td className="px-3 py-2 text-xs tabular-nums">{row.attempts}</td>
                  <td className="max-w-xs px-3 py-2 font-mono text-xs break-words text-danger">{row.lastError ?? <span className="text-muted">—</span>}</td>
                  <td className="px-3 py-2 text-xs whitespace-nowrap text-muted">
                    {format(row.createdAt)}
                    {row.sentAt ? <span className="block">{t("Sent :date", { date: format(row.sentAt) })}</span> : null}
                    {row.failedAt ? <span className="block">{t("Failed :date", { date: format(row.failedAt) })}</span> : null}
                  </td>
                  <td className="px-3 py-2">
                    {row.status === "failed" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="id" value={row.id} />
                        <button type="submit" className={buttonClasses({ variant: "outlined", size: "xs" })} data-testid="mail-retry">
                          {t("Send again")}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {loaderData.nextBefore ? (
        <div className="mt-4 flex justify-end">
          <Link to={`?${older.toString()}`} className={buttonClasses({ variant: "outlined", color: "neutral" })}>
            {t("Older mails")}
          </Link>
        </div>
      ) : null}
    </>
  );
}
