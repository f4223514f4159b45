import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { requirePermission } from "~/auth/guards.server";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "~/constants";
import { useTrans } from "~/i18n/translation-context";
import { recentJobs } from "~/imports/import.server";
import { importStoreOf } from "~/imports/queue.server";
import { uploadForReview } from "~/imports/upload.server";
import { getApp, getWorker } from "~/request/context";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Import and export") }, { name: "robots", content: "noindex" }];

/** /library/import: upload an export (then review it at /library/import/{id}); past imports; downloads. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const jobs = await recentJobs(app.db, app.user!.id);
  return {
    maxMb: IMPORT_MAX_BYTES / 1024 / 1024,
    maxRows: IMPORT_MAX_ROWS,
    jobs: jobs.map((j) => ({ id: j.id, fileName: j.fileName, status: j.status, source: j.source, createdAt: j.createdAt.toISOString().slice(0, 10) })),
  };
}

/** POST (multipart `file`): read and matched, nothing written yet; on to the review screen. A refused file changes nothing. */
export async function action(args: Route.ActionArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const form = await args.request.formData().catch(() => null);
  const outcome = await uploadForReview(app.db, importStoreOf(getWorker(args.context).env), app.viewer, form?.get("file") ?? null);
  if (outcome.ok) return redirect(`/library/import/${outcome.jobId}`);
  return data(outcome, { status: outcome.status });
}

const EXPORTS = [
  ["everything", "Everything (ZIP)"],
  ["letterboxd", "Letterboxd import file (CSV)"],
  ["ratings", "Ratings"],
  ["diary", "Diary"],
  ["watchlist", "Watchlist"],
  ["reviews", "Reviews"],
  ["lists", "Lists"],
] as const;

const STATUS_LABELS: Record<string, string> = {
  review: "Waiting for your review",
  queued: "Queued",
  running: "Importing",
  done: "Imported",
  failed: "Failed",
  undone: "Undone",
};

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" data-testid="library-import">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Import and export")}</h1>
      <section className="mt-6 rounded-theme border border-divider bg-elevated p-4" aria-labelledby="import-heading">
        <h2 id="import-heading" className="font-semibold">
          {t("Import from Letterboxd, IMDb or Trakt")}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {t(
            "Upload Letterboxd's export ZIP (or one of its CSV files), IMDb's ratings, watchlist or list CSV, Trakt's JSON export, or this site's own export, up to :mb MB and :rows rows. Every date is kept. You review the matches before anything is saved.",
            { mb: loaderData.maxMb, rows: loaderData.maxRows.toLocaleString("en") },
          )}
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-center gap-3">
          <label className="text-sm font-medium" htmlFor="import-file">
            {t("Export file")}
          </label>
          <input id="import-file" name="file" type="file" accept=".zip,.csv,.json,application/zip,text/csv,application/json" required className="text-sm" data-testid="import-file" />
          <button type="submit" disabled={busy} className={buttonClasses({})} data-testid="import-submit">
            {busy ? t("Reading…") : t("Read the file")}
          </button>
        </Form>
        {actionData && !actionData.ok ? (
          <p role="alert" className="mt-3 rounded-theme border border-danger/40 bg-danger/10 p-3 text-sm text-danger" data-testid="import-error">
            {t(actionData.message)} {t("Nothing was imported.")}
          </p>
        ) : null}
        {loaderData.jobs.length ? (
          <>
            <h3 className="mt-5 text-sm font-semibold">{t("Your imports")}</h3>
            <ul className="mt-1 divide-y divide-divider text-sm" data-testid="import-jobs">
              {loaderData.jobs.map((job) => (
                <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link to={`/library/import/${job.id}`} className="font-medium text-primary hover:underline">
                    {job.fileName}
                  </Link>
                  <span className="text-muted">
                    {job.createdAt} · {t(STATUS_LABELS[job.status] ?? job.status)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section className="mt-8 rounded-theme border border-divider bg-elevated p-4" aria-labelledby="export-heading">
        <h2 id="export-heading" className="font-semibold">
          {t("Export")}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {t(
            "The ZIP holds everything (ratings, diary, reviews, comments, lists, watchlist, who you follow) and imports back here without loss; the Letterboxd file is what Letterboxd's importer reads.",
          )}
        </p>
        <ul className="mt-2 flex flex-wrap gap-3 text-sm">
          {EXPORTS.map(([kind, label]) => (
            <li key={kind}>
              <a href={`/library/export/${kind}`} download className="font-medium text-primary hover:underline" data-testid={`export-${kind}`}>
                {t(label)}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-muted">
          {t("Everything, with your account, is also in")}{" "}
          <Link to="/account-settings#download-data" className="text-primary hover:underline">
            {t("Download my data")}
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
