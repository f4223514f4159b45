import { useEffect } from "react";
import { progressClasses } from "~/ui/meter-styles";
import { Form, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/import";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { redirectWithToast } from "~/toasts/flash.server";
import { importedItemLink, runAdminImport, searchTmdb, titleToFill } from "~/tmdb/admin-import.server";
import { DISCOVER_SORTS, discoverInputSchema, importInputSchema, jobIdSchema, searchInputSchema } from "~/tmdb/schema";
import { cancelJob, createDiscoverJob, listJobs } from "~/tmdb/jobs.server";
import { TMDB_DISCOVER_MAX_PAGES } from "~/constants";
import { tmdbServices } from "~/tmdb/tmdb.server";
import { tmdbOutageUntil } from "~/tmdb/client.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SelectField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { getWorker } from "~/request/context";
import { clearGuestPageCache } from "~/request/guest-page-cache.server";
import { forgetBrowseOptions } from "~/catalogue/browse.server";
import { forgetHomeChannel } from "~/channels/channel-page.server";
import { invalidateSettingsCache } from "~/settings/settings.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Import from TMDB") }];

const KIND_OPTIONS = [
  { value: "movie", label: "Movie" },
  { value: "tv", label: "TV series" },
  { value: "person", label: "Person" },
];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesCreate, P.titlesUpdate);
  const { url } = args;
  const tmdb = tmdbServices(getWorker(args.context).env, admin.app.settings);
  const fill = await titleToFill(admin.app.db, Number(url.searchParams.get("title")) || null);
  const parsed = searchInputSchema.safeParse({
    q: url.searchParams.get("q") ?? (fill ? fill.name : undefined),
    kind: url.searchParams.get("kind") ?? (fill ? (fill.type === "series" ? "tv" : "movie") : "movie"),
    year: url.searchParams.get("year") ?? (fill?.year ? String(fill.year) : undefined),
  });
  const search = parsed.success ? parsed.data : null;
  const found = tmdb && search ? await searchTmdb(tmdb.client, search) : null;
  // TMDB found unreachable (by this search or a moment ago): the page says so at once (decision 042).
  const outageUntil = tmdb ? tmdbOutageUntil(tmdb.client.config.apiUrl) : null;
  return {
    configured: tmdb !== null,
    unreachableFor: outageUntil === null ? null : Math.max(1, Math.ceil((outageUntil - Date.now()) / 1000)),
    fill,
    search,
    found,
    imported: await importedItemLink(admin.app.db, url.searchParams.get("imported")),
    jobs: (await listJobs(admin.app.db)).map((job) => ({
      id: job.id,
      mediaType: job.mediaType,
      params: job.params,
      status: job.status,
      maxPages: job.maxPages,
      totalPages: job.totalPages,
      pagesDone: job.pagesDone,
      imported: job.imported,
      failed: job.failed,
      lastError: job.lastError,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.titlesCreate, P.titlesUpdate);
  const { request } = args;
  const t = admin.app.t;
  const formData = await request.formData();
  const intent = readIntent(formData);
  const worker = getWorker(args.context);
  if (intent === "discover") {
    const submission = await parseFormSubmission(formData, discoverInputSchema, t);
    if (submission.status !== "success") return invalidSubmission(submission);
    if (!tmdbServices(worker.env, admin.app.settings)) return invalidSubmission(submission, { formErrors: [t("TMDB is not set up: set the TMDB_API_KEY secret first.")], status: 503 });
    const { mediaType, pages, ...params } = submission.value;
    const jobId = await createDiscoverJob(admin.app.db, worker.env, { mediaType, params, maxPages: pages, userId: admin.user.id }, admin.record("tmdb.discover", "tmdb_import_job"));
    return redirectWithToast(request, `/admin/tmdb#job-${jobId}`, { message: t("Bulk import started"), type: "positive" });
  }
  if (intent === "cancel") {
    const submission = await parseFormSubmission(formData, jobIdSchema, t);
    if (submission.status !== "success") return invalidSubmission(submission);
    const cancelled = await cancelJob(admin.app.db, submission.value.jobId, admin.record("tmdb.discover.cancel", "tmdb_import_job"));
    return redirectWithToast(request, "/admin/tmdb", cancelled ? { message: t("Bulk import cancelled"), type: "positive" } : { message: t("This import has already ended."), type: "danger" });
  }
  const submission = await parseFormSubmission(formData, importInputSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const tmdb = tmdbServices(getWorker(args.context).env, admin.app.settings);
  if (!tmdb) return invalidSubmission(submission, { formErrors: [t("TMDB is not set up: set the TMDB_API_KEY secret first.")], status: 503 });
  const outcome = await runAdminImport(admin.app.db, tmdb, submission.value, (type) => admin.record("tmdb.import", type === "person" ? "person" : "title"));
  if (!outcome.ok) {
    return outcome.field
      ? invalidSubmission(submission, { fieldErrors: { [outcome.field]: [t(outcome.message)] }, status: outcome.status })
      : invalidSubmission(submission, { formErrors: [outcome.message], status: outcome.status });
  }
  const { result } = outcome;
  // Guests' copies of pages and the footer's attribution setting show the import at once in this isolate.
  clearGuestPageCache();
  forgetBrowseOptions();
  forgetHomeChannel();
  invalidateSettingsCache();
  const kind = result.type === "person" ? "person" : "title";
  const summary =
    result.type === "tv"
      ? t("Imported :name: :seasons seasons, :episodes episodes", { name: result.name, seasons: result.seasons, episodes: result.episodes })
      : t("Imported :name", { name: result.name });
  return redirectWithToast(request, `/admin/tmdb?imported=${kind}:${result.id}`, { message: summary, type: "positive" });
}

export default function TmdbImport({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { configured, unreachableFor, fill, search, found, imported, jobs } = loaderData;
  // Each form shows only its own answer (conform's reply carries the submitted intent).
  const answeredIntent = (actionData as { initialValue?: { intent?: unknown } } | undefined)?.initialValue?.intent;
  const [form, fields] = useAppForm({
    schema: importInputSchema,
    id: "tmdb-import",
    lastResult: answeredIntent === "discover" ? undefined : (actionData as never),
    defaultValue: { type: fill ? (fill.type === "series" ? "tv" : "movie") : "movie", ref: "" },
  });
  return (
    <>
      <AdminPageHeader
        title={fill ? t("Import :name from TMDB", { name: fill.name }) : t("Import from TMDB")}
        description={t("Bring movies, series and people from The Movie Database, with cast, crew, seasons, episodes, videos, images and where to watch.")}
      />
      {!configured ? (
        <div role="alert" className="mb-6 rounded-theme border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-foreground" data-testid="tmdb-not-configured">
          <p className="font-medium">{t("TMDB is not set up, so importing is off.")}</p>
          <p className="mt-1">
            {t("Set the TMDB_API_KEY secret (a TMDB API key or read access token) and restart; the forms below then work.")}{" "}
            <Link to="/admin/settings/tmdb" className="font-medium text-primary underline">
              {t("TMDB import settings")}
            </Link>
          </p>
        </div>
      ) : null}
      {configured && unreachableFor !== null ? (
        <p role="alert" className="mb-6 rounded-theme border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-foreground" data-testid="tmdb-unreachable">
          {t("TMDB cannot be reached right now. It is asked again in :seconds s; imports and searches fail until then.", { seconds: unreachableFor })}
        </p>
      ) : null}
      {imported ? (
        <p role="status" className="mb-6 rounded-theme border border-positive/40 bg-positive/10 px-3 py-2 text-sm text-foreground" data-testid="tmdb-imported">
          {t("Imported :name.", { name: imported.name })}{" "}
          <Link to={imported.path} className="font-medium text-primary underline">
            {t("View it")}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminSection title={t("By id or address")} description={t("A TMDB id, or the address of a page on themoviedb.org.")}>
          <Form method="post" {...getFormProps(form)} data-testid="tmdb-import-form">
            <fieldset disabled={!configured} className="flex flex-col gap-3 disabled:opacity-60">
              <IntentField value="import" />
              {fill ? <input type="hidden" name="targetTitleId" value={fill.id} /> : null}
              <FormErrors form={form} inline />
              <TextField meta={fields.ref} label={t("TMDB id or address")} placeholder="https://www.themoviedb.org/movie/603" />
              <SelectField meta={fields.type} label={t("Type (for a bare id)")} options={KIND_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} />
              <div>
                <SubmitButton>{fill ? t("Fill this title") : t("Import")}</SubmitButton>
              </div>
            </fieldset>
          </Form>
        </AdminSection>
        <AdminSection title={t("Search TMDB")}>
          <Form method="get" data-testid="tmdb-search-form">
            <fieldset disabled={!configured} className="flex flex-wrap items-end gap-3 disabled:opacity-60">
              {fill ? <input type="hidden" name="title" value={fill.id} /> : null}
              <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium text-foreground">
                {t("Name")}
                <input name="q" type="search" defaultValue={search?.q ?? ""} required maxLength={200} className="rounded-theme border border-divider bg-background px-3 py-2 font-normal" />
              </label>
              <label className="flex w-24 flex-col gap-1 text-sm font-medium text-foreground">
                {t("Year")}
                <input name="year" inputMode="numeric" pattern="[0-9]{4}" defaultValue={search?.year ?? ""} className="rounded-theme border border-divider bg-background px-3 py-2 font-normal" />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-foreground">
                {t("Type")}
                <select name="kind" defaultValue={search?.kind ?? "movie"} className="rounded-theme border border-divider bg-background px-3 py-2 font-normal">
                  {KIND_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {t(o.label)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={buttonClasses({ variant: "outlined" })}>
                {t("Search")}
              </button>
            </fieldset>
          </Form>
          {found?.error ? (
            <p role="alert" className="mt-3 rounded-theme border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-foreground" data-testid="tmdb-search-error">
              {found.error}
            </p>
          ) : null}
          {found && !found.error ? (
            found.results.length === 0 ? (
              <p className="mt-4 text-sm text-muted">{t("TMDB found nothing by that name.")}</p>
            ) : (
              <ul className="mt-4 divide-y divide-divider" data-testid="tmdb-search-results">
                {found.results.map((item) => (
                  <li key={item.id} className="flex items-center justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-foreground">
                        {item.name} {item.year ? <span className="font-normal text-muted">({item.year})</span> : null}
                      </p>
                      {item.overview ? <p className="line-clamp-1 text-xs text-muted">{item.overview}</p> : null}
                    </div>
                    <Form method="post">
                      <IntentField value="import" />
                      <input type="hidden" name="ref" value={item.id} />
                      <input type="hidden" name="type" value={search?.kind ?? "movie"} />
                      {fill ? <input type="hidden" name="targetTitleId" value={fill.id} /> : null}
                      <button type="submit" className={buttonClasses({ variant: "outlined", size: "xs" })} aria-label={t("Import :name", { name: item.name })}>
                        {t("Import")}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </AdminSection>
      </div>
      {fill ? null : <BulkImport jobs={jobs} configured={configured} lastResult={answeredIntent === "discover" ? actionData : undefined} />}
    </>
  );
}

type Job = Route.ComponentProps["loaderData"]["jobs"][number];
const ACTIVE = new Set(["queued", "running"]);
const STATUS_LABELS: Record<string, string> = { queued: "Waiting", running: "Importing", done: "Done", cancelled: "Cancelled", failed: "Failed" };

/** Bulk import from TMDB's discover: the form, and the jobs with their progress (refreshed every 2 s while one runs, with JavaScript). */
function BulkImport({ jobs, configured, lastResult }: { jobs: Job[]; configured: boolean; lastResult: unknown }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: discoverInputSchema, id: "tmdb-discover", lastResult: lastResult as never, defaultValue: { mediaType: "movie", sort: "popularity.desc", pages: "1" } });
  const revalidator = useRevalidator();
  const active = jobs.some((job) => ACTIVE.has(job.status));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <AdminSection title={t("Bulk import from TMDB discover")} description={t("Runs in the background, 20 titles a page. It resumes after a restart and can be cancelled.")}>
        <Form method="post" {...getFormProps(form)} data-testid="tmdb-discover-form">
          <fieldset disabled={!configured} className="grid gap-3 sm:grid-cols-2 disabled:opacity-60">
            <IntentField value="discover" />
            <div className="sm:col-span-2">
              <FormErrors form={form} inline />
            </div>
            <SelectField
              meta={fields.mediaType}
              label={t("Type")}
              options={[
                { value: "movie", label: t("Movies") },
                { value: "tv", label: t("TV series") },
              ]}
            />
            <SelectField
              meta={fields.sort}
              label={t("Sort")}
              options={DISCOVER_SORTS.map((value) => ({
                value,
                label: t({ "popularity.desc": "Most popular", "vote_average.desc": "Highest rated", "vote_count.desc": "Most votes", "release_date.desc": "Newest" }[value]),
              }))}
            />
            <TextField meta={fields.yearFrom} label={t("From year")} inputMode="numeric" />
            <TextField meta={fields.yearTo} label={t("To year")} inputMode="numeric" />
            <TextField meta={fields.genres} label={t("TMDB genre ids")} placeholder="18,9648" />
            <TextField meta={fields.language} label={t("Original language")} placeholder="en" />
            <TextField meta={fields.minVotes} label={t("Minimum votes")} inputMode="numeric" />
            <TextField meta={fields.pages} label={t("Pages (up to :max)", { max: TMDB_DISCOVER_MAX_PAGES })} inputMode="numeric" />
            <div className="sm:col-span-2">
              <SubmitButton>{t("Start bulk import")}</SubmitButton>
            </div>
          </fieldset>
        </Form>
      </AdminSection>
      <AdminSection title={t("Bulk imports")}>
        {jobs.length === 0 ? (
          <p className="text-sm text-muted">{t("No bulk imports yet.")}</p>
        ) : (
          <ul className="divide-y divide-divider" data-testid="tmdb-jobs">
            {jobs.map((job) => {
              const pages = job.totalPages ?? job.maxPages;
              return (
                <li key={job.id} id={`job-${job.id}`} className="space-y-1 py-3" data-testid={`tmdb-job-${job.id}`}>
                  <div className="flex items-center justify-between gap-3 text-sm">
                    <span className="font-medium text-foreground">
                      #{job.id} · {job.mediaType === "movie" ? t("Movies") : t("TV series")}{" "}
                      <span className="text-muted">
                        {Object.entries(job.params)
                          .map(([k, v]) => `${k}=${v}`)
                          .join(" ")}
                      </span>
                    </span>
                    <span data-testid="job-status">{t(STATUS_LABELS[job.status])}</span>
                  </div>
                  {job.status === "failed" ? (
                    // No bar for a job that ended in failure: nothing is in progress (decision 042).
                    <div role="alert" className="rounded-theme border border-danger/40 bg-danger/10 px-3 py-2 text-xs text-foreground" data-testid="job-failure">
                      <p className="font-medium text-danger">
                        {t(":count [one page|other pages] not imported", { count: Math.max(0, pages - job.pagesDone) })}
                        {job.failed > 0 ? ` · ${t(":count [one title|other titles] failed", { count: job.failed })}` : ""}
                      </p>
                      {job.lastError ? (
                        <p className="mt-1" data-testid="job-error">
                          {job.lastError}
                        </p>
                      ) : null}
                    </div>
                  ) : (
                    <progress className={`h-2 ${progressClasses}`} max={pages} value={job.pagesDone} aria-label={t("Pages imported")}>
                      {job.pagesDone}/{pages}
                    </progress>
                  )}
                  <p className="text-xs text-muted" data-testid="job-counts">
                    {t(":done of :pages pages · :imported imported · :failed failed", { done: job.pagesDone, pages, imported: job.imported, failed: job.failed })}
                  </p>
                  {job.lastError && job.status !== "failed" ? (
                    <p className="text-xs text-danger" data-testid="job-error">
                      {job.lastError}
                    </p>
                  ) : null}
                  {ACTIVE.has(job.status) ? (
                    <Form method="post">
                      <IntentField value="cancel" />
                      <input type="hidden" name="jobId" value={job.id} />
                      <button type="submit" className={buttonClasses({ variant: "text", color: "danger", size: "xs" })}>
                        {t("Cancel")}
                      </button>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </AdminSection>
    </div>
  );
}
