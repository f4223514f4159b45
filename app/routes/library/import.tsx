import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { requirePermission } from "~/auth/guards.server";
import { IMPORT_MAX_BYTES } from "~/constants";
import { useTrans } from "~/i18n/translation-context";
import { importUpload } from "~/imports/upload.server";
import { getApp } from "~/request/context";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Import and export") }, { name: "robots", content: "noindex" }];

/** /library/import: upload a Letterboxd or IMDb export, see what matched; download my library as CSV. */
export function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  return { maxMb: IMPORT_MAX_BYTES / 1024 / 1024 };
}

/** POST (multipart `file`): the import's report, or why the file was refused (nothing changed). */
export async function action(args: Route.ActionArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const form = await args.request.formData().catch(() => null);
  const outcome = await importUpload(app.db, app.viewer, form?.get("file") ?? null);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

const EXPORTS = [
  ["ratings", "Ratings"],
  ["watchlist", "Watchlist"],
  ["history", "Watch history"],
  ["lists", "Lists"],
] as const;

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" data-testid="library-import">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Import and export")}</h1>
      <section className="mt-6 rounded-theme border border-divider bg-elevated p-4" aria-labelledby="import-heading">
        <h2 id="import-heading" className="font-semibold">
          {t("Import from Letterboxd or IMDb")}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {t("Upload Letterboxd's export ZIP (or one of its CSV files) or IMDb's ratings or watchlist CSV, up to :mb MB. Titles are matched by name and year; the report lists what did not match.", { mb: loaderData.maxMb })}
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-center gap-3">
          <label className="text-sm font-medium" htmlFor="import-file">
            {t("Export file")}
          </label>
          <input id="import-file" name="file" type="file" accept=".zip,.csv,application/zip,text/csv" required className="text-sm" data-testid="import-file" />
          <button type="submit" disabled={busy} className={buttonClasses({})} data-testid="import-submit">
            {busy ? t("Importing…") : t("Import")}
          </button>
        </Form>
        {actionData && !actionData.ok ? (
          <p role="alert" className="mt-3 rounded-theme border border-danger/40 bg-danger/10 p-3 text-sm text-danger" data-testid="import-error">
            {t(actionData.message)} {t("Nothing was imported.")}
          </p>
        ) : null}
        {actionData?.ok ? <ImportReportView report={actionData.report} /> : null}
      </section>
      <section className="mt-8 rounded-theme border border-divider bg-elevated p-4" aria-labelledby="export-heading">
        <h2 id="export-heading" className="font-semibold">
          {t("Export as CSV")}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-3 text-sm">
          {EXPORTS.map(([kind, label]) => (
            <li key={kind}>
              <a href={`/library/export/${kind}`} download className="font-medium text-primary hover:underline" data-testid={`export-${kind}`}>
                {t(label)} (CSV)
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-muted">
          {t("Everything, with your account, is also in")} <Link to="/account-settings#download-data" className="text-primary hover:underline">{t("Download my data")}</Link>.
        </p>
      </section>
    </div>
  );
}

type Report = Extract<NonNullable<Route.ComponentProps["actionData"]>, { ok: true }>["report"];

function ImportReportView({ report }: { report: Report }) {
  const t = useTrans();
  const rows = [
    [t("Ratings"), report.ratings],
    [t("Watchlist"), report.watchlist],
    [t("Watched"), report.watched],
  ] as const;
  return (
    <div className="mt-4" role="status" data-testid="import-report">
      <h3 className="font-semibold">{report.source === "imdb" ? t("Imported from IMDb") : t("Imported from Letterboxd")}</h3>
      <ul className="mt-2 text-sm">
        {rows.map(([label, counts]) =>
          counts.total ? (
            <li key={label} data-testid="import-report-row">
              {label}: {t(":matched of :total matched", { matched: counts.matched, total: counts.total })}
            </li>
          ) : null,
        )}
        {report.lists.map((list) => (
          <li key={list.id} data-testid="import-report-list">
            {t("List")} <Link to={`/lists/${list.id}/edit`} className="text-primary hover:underline">{list.name}</Link>: {t(":matched of :total matched", { matched: list.matched, total: list.total })}
          </li>
        ))}
      </ul>
      {report.unmatchedCount ? (
        <>
          <h4 className="mt-3 text-sm font-semibold">{t("Not matched (:count)", { count: report.unmatchedCount })}</h4>
          <ul className="mt-1 list-disc pl-5 text-sm text-muted" data-testid="import-unmatched">
            {report.unmatched.map((row) => (
              <li key={`${row.file}:${row.line}`}>
                {row.name}
                {row.year ? ` (${row.year})` : ""} — {row.file}, {t("line :line", { line: row.line })}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("Every row matched a title.")}</p>
      )}
    </div>
  );
}
