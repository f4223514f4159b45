import { data, Form, Link } from "react-router";
import type { Route } from "./+types/audit-log";
import { requireAdmin } from "~/admin/access.server";
import { auditLogFacets, listAuditLog } from "~/admin/audit.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { buttonClasses } from "~/ui/button-styles";
import { inputClasses } from "~/ui/field-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Audit log") }];

const PAGE_SIZE = 50;

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.auditView);
  const search = args.url.searchParams;
  const text = (name: string, max = 100) => {
    const value = (search.get(name) ?? "").trim();
    return value && value.length <= max && /^[\w.:@+-]+$/.test(value) ? value : null;
  };
  const number = (name: string) => {
    const value = Number(search.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  };
  const filters = { action: text("action"), subjectType: text("type"), subjectId: text("subject", 200), userId: number("user"), before: number("before") };
  const [{ rows, hasMore }, facets] = await Promise.all([listAuditLog(admin.app.db, { ...filters, limit: PAGE_SIZE }), auditLogFacets(admin.app.db)]);
  return {
    filters,
    facets,
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextBefore: hasMore ? rows[rows.length - 1].id : null,
  };
}

/** Where an audited subject is edited, when there is such a page. */
function subjectLink(type: string, id: string | null) {
  if (!id || !/^\d+$/.test(id)) return null;
  const pages: Record<string, string> = { title: "titles", person: "people", user: "users", role: "roles", page: "pages", plan: "plans", workspace: "workspaces" };
  return pages[type] ? `/admin/${pages[type]}/${id}` : null;
}

function Values({ values }: { values: Record<string, unknown> | null }) {
  if (!values) return <span className="text-muted">—</span>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs">
      {Object.entries(values).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-muted">{key}</dt>
          <dd className="min-w-0 font-mono break-words whitespace-pre-wrap">{typeof value === "string" ? value.slice(0, 600) : JSON.stringify(value)?.slice(0, 600)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { filters, facets, rows } = loaderData;
  const next = new URLSearchParams();
  if (filters.action) next.set("action", filters.action);
  if (filters.subjectType) next.set("type", filters.subjectType);
  if (filters.subjectId) next.set("subject", filters.subjectId);
  if (filters.userId) next.set("user", String(filters.userId));
  if (loaderData.nextBefore) next.set("before", String(loaderData.nextBefore));
  return (
    <>
      <AdminPageHeader title={t("Audit log")} description={t("Every change made in the admin area: who, what, before and after.")} />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs text-muted">
          {t("Action")}
          <select name="action" defaultValue={filters.action ?? ""} className={`${inputClasses} py-1.5`} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            <option value="">{t("All")}</option>
            {facets.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          {t("Subject")}
          <select name="type" defaultValue={filters.subjectType ?? ""} className={`${inputClasses} py-1.5`} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            <option value="">{t("All")}</option>
            {facets.subjectTypes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {filters.subjectId ? <input type="hidden" name="subject" value={filters.subjectId} /> : null}
        {filters.userId ? <input type="hidden" name="user" value={filters.userId} /> : null}
        <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
          {t("Filter")}
        </button>
        {filters.subjectId || filters.userId || filters.action || filters.subjectType ? (
          <Link to="/admin/audit-log" className={buttonClasses({ variant: "text", color: "neutral" })}>
            {t("Clear")}
          </Link>
        ) : null}
      </Form>
      <div className="overflow-x-auto rounded-theme border border-divider bg-elevated">
        <table className="w-full text-left text-sm" data-testid="audit-log">
          <thead className="border-b border-divider bg-paper text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("When")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Who")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("What")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Before")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("After")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-divider align-top">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-10 text-center text-muted">
                  {t("Nothing has been changed yet.")}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const link = subjectLink(row.subjectType, row.subjectId);
                return (
                  <tr key={row.id} data-action={row.action}>
                    <td className="px-3 py-2 whitespace-nowrap text-xs text-muted">{format(row.createdAt)}</td>
                    <td className="px-3 py-2 text-xs">
                      {row.userId ? (
                        <Link to={`?user=${row.userId}`} className="hover:underline">
                          {row.currentEmail ?? row.userEmail}
                        </Link>
                      ) : (
                        (row.userEmail ?? "—")
                      )}
                      {row.ip ? <span className="block text-muted">{row.ip}</span> : null}
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={row.action.endsWith(".delete") || row.action.endsWith(".ban") ? "danger" : "neutral"}>{row.action}</Badge>
                      <span className="mt-1 block text-xs">
                        {link ? (
                          <Link to={link} className="hover:underline">
                            {row.subjectLabel ?? `${row.subjectType} #${row.subjectId}`}
                          </Link>
                        ) : (
                          (row.subjectLabel ?? row.subjectType)
                        )}{" "}
                        {row.subjectId ? (
                          <Link to={`?type=${row.subjectType}&subject=${encodeURIComponent(row.subjectId)}`} className="text-muted hover:underline">
                            {t("history")}
                          </Link>
                        ) : null}
                      </span>
                    </td>
                    <td className="max-w-xs px-3 py-2">
                      <Values values={row.before} />
                    </td>
                    <td className="max-w-xs px-3 py-2">
                      <Values values={row.after} />
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {loaderData.nextBefore ? (
        <div className="mt-4 flex justify-end">
          <Link to={`?${next.toString()}`} className={buttonClasses({ variant: "outlined", color: "neutral" })}>
            {t("Older changes")}
          </Link>
        </div>
      ) : null}
    </>
  );
}

/** Nothing to post here: refused like every admin action (the walk test posts to every route). */
export function action(args: Route.ActionArgs) {
  requireAdmin(args, P.auditView);
  throw data(null, { status: 405, headers: { Allow: "GET" } });
}
