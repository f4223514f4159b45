import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/import-job";
import { requirePermission } from "~/auth/guards.server";
import { inArray } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import { searchCatalogue } from "~/catalogue/search.server";
import { useTrans } from "~/i18n/translation-context";
import { ImportFileError } from "~/imports/formats";
import { findJob, publishImportedReviews, readPlan, runImportNow, saveChoices, startImport, undoImport, type ImportSummary, type MatchGroup } from "~/imports/import.server";
import { importQueueOf, importStoreOf } from "~/imports/queue.server";
import { importTmdbForGroup, parsePick, searchTmdbForGroup, tmdbImportOffered, type TmdbHit } from "~/imports/tmdb-pick.server";
import { appKeys } from "~/auth/crypto.server";
import { authEnv } from "~/request/env";
import { checkRateLimits, rateLimiterFor } from "~/auth/rate-limit.server";
import { tmdbServices } from "~/tmdb/tmdb.server";
import { getApp, getWorker } from "~/request/context";
import { buttonClasses } from "~/ui/button-styles";

export const meta: Route.MetaFunction = () => [{ title: "Review your import" }, { name: "robots", content: "noindex" }];

const REVIEW_SHOWN = 300;

/**
 * /library/import/{id}: the review screen (matched; ambiguous: choose; unmatched:
 * search and pick, or skip) before anything is written; then the progress
 * (refreshed every 2 s with JavaScript, a plain reload without), the result,
 * undo and "publish imported reviews". Another member's import is a 404.
 * With a TMDB key and `titles.import`, an unmatched row also offers TMDB's
 * search by its name and year and "Import from TMDB" (decision 027).
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const id = Number(args.params.id);
  const job = Number.isSafeInteger(id) ? await findJob(app.db, app.user!.id, id) : null;
  if (!job) throw data(null, { status: 404 });
  const summary = job.summary as unknown as ImportSummary;
  const base = { id: job.id, fileName: job.fileName, source: job.source, status: job.status, totalRows: job.totalRows, doneRows: job.doneRows, error: job.error, summary };
  if (job.status !== "review") return { ...base, attention: [], matched: [], matchedCount: 0, search: null, tmdbOffered: false, tmdbSearch: null };
  const plan = await readPlan(importStoreOf(getWorker(args.context).env), job);
  const url = new URL(args.request.url);
  const find = url.searchParams.get("find");
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const attention = plan.groups.map((g, index) => ({ ...g, index })).filter((g) => g.status !== "matched");
  let search: { index: number; q: string; hits: { id: number; name: string; year: number | null; type: string }[] } | null = null;
  if (find !== null && q.trim()) {
    const results = await searchCatalogue(app.db, q, { limit: 8, types: ["movie", "series"] });
    search = { index: Number(find), q, hits: results.titles.map((h) => ({ id: h.id, name: h.name, year: h.year, type: h.type })) };
  }
  const worker = getWorker(args.context);
  const tmdb = tmdbServices(worker.env, app.settings);
  const tmdbOffered = tmdbImportOffered(tmdb, app.viewer);
  let tmdbSearch: { index: number; hits: TmdbHit[]; error: string | null } | null = null;
  const tmdbIndex = Number(url.searchParams.get("tmdb") ?? "-1");
  const tmdbGroup = Number.isSafeInteger(tmdbIndex) && tmdbIndex >= 0 ? plan.groups[tmdbIndex] : undefined;
  if (tmdbOffered && tmdbGroup && tmdbGroup.status === "unmatched") {
    tmdbSearch = { index: tmdbIndex, ...(await searchTmdbForGroup(app.db, tmdb, await appKeys(authEnv(worker.env).APP_KEY), tmdbGroup)) };
  }
  const matched = plan.groups.filter((g) => g.status === "matched");
  const shown = attention.slice(0, REVIEW_SHOWN);
  // Titles picked through a search earlier (saved choices) are shown as options again.
  const chosenIds = [...new Set(shown.flatMap((g) => (typeof g.choice === "number" && !g.candidates.some((c) => c.id === g.choice) ? [g.choice] : [])))];
  const chosen = chosenIds.length
    ? await app.db
        .select({ id: titles.id, name: titles.name, year: titles.year, type: titles.type, popularity: titles.popularity })
        .from(titles)
        .where(inArray(titles.id, chosenIds.slice(0, 90)))
    : [];
  return {
    ...base,
    attention: shown.map(({ index, key: _key, ...g }) => ({ index, ...g, candidates: [...g.candidates, ...chosen.filter((c) => c.id === g.choice)] })),
    matched: matched.slice(0, 50).map((g) => ({ name: g.name, year: g.year, title: g.candidates[0] ?? null, rows: g.rows })),
    matchedCount: matched.length,
    search,
    tmdbOffered,
    tmdbSearch,
  };
}

const intentSchema = z.enum(["save", "start", "undo", "publish", "tmdb"]);

export async function action(args: Route.ActionArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const env = getWorker(args.context).env;
  const store = importStoreOf(env);
  const id = Number(args.params.id);
  const job = Number.isSafeInteger(id) ? await findJob(app.db, app.user!.id, id) : null;
  if (!job) throw data(null, { status: 404 });
  const form = await args.request.formData();
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) return data({ ok: false as const, message: "Unknown action." }, { status: 400 });
  try {
    if (intent.data === "undo") {
      await undoImport(app.db, job);
      return redirect(`/library/import/${job.id}`);
    }
    if (intent.data === "publish") {
      await publishImportedReviews(app.db, job);
      return redirect(`/library/import/${job.id}`);
    }
    const plan = await readPlan(store, job);
    if (intent.data === "tmdb") return await tmdbPick(args, job, plan.groups, Number(form.get("group")), form.get("pick"));
    const choices: Record<string, number | "skip"> = {};
    for (const [name, value] of form) {
      const m = /^c(\d{1,6})$/.exec(name);
      const group = m ? plan.groups[Number(m[1])] : undefined;
      if (!group || typeof value !== "string" || value === "") continue;
      if (value === "skip") choices[group.key] = "skip";
      else if (/^\d{1,9}$/.test(value)) choices[group.key] = Number(value);
      else return data({ ok: false as const, message: "Choose a title or skip." }, { status: 400 });
    }
    const saved = await saveChoices(app.db, store, job, choices);
    if (intent.data === "start") {
      const open = saved.groups.filter((g) => g.status !== "matched" && g.choice === undefined).length;
      if (open && form.get("skipRest") !== "on")
        return data({ ok: false as const, message: "Some titles still need a choice: pick a title or skip each one, or tick “Skip the rest”." }, { status: 422 });
      const fresh = (await findJob(app.db, app.user!.id, job.id))!;
      const queue = importQueueOf(env);
      await startImport(app.db, store, queue, app.viewer, fresh, { reviewsPrivate: form.get("reviewsPrivate") === "on" });
      // Without the imports queue (a Worker not set up for it), the import runs in this request.
      if (!queue) await runImportNow(app.db, store, job.id);
    }
    return redirect(`/library/import/${job.id}`);
  } catch (error) {
    if (error instanceof ImportFileError) return data({ ok: false as const, message: error.message }, { status: 422 });
    throw error;
  }
}

/** "Import from TMDB" for an unmatched row: permission, a token from this page's TMDB search, a rate limit, then the import and the choice. */
async function tmdbPick(args: Route.ActionArgs, job: NonNullable<Awaited<ReturnType<typeof findJob>>>, groups: MatchGroup[], index: number, value: FormDataEntryValue | null) {
  const group = Number.isSafeInteger(index) ? groups[index] : undefined;
  const app = getApp(args.context);
  const env = getWorker(args.context).env;
  const tmdb = tmdbServices(env, app.settings);
  if (!tmdbImportOffered(tmdb, app.viewer)) throw data(null, { status: 403 });
  const pick = parsePick(value);
  if (group?.status !== "unmatched" || !pick) return data({ ok: false as const, message: "Choose a TMDB result to import." }, { status: 400 });
  const limited = await checkRateLimits(rateLimiterFor(env, app.db), [["tmdb-import:account", String(app.user!.id)]]);
  if (!limited.ok) {
    return data({ ok: false as const, message: "Too many titles imported from TMDB at once. Try again in a minute." }, { status: 429, headers: { "Retry-After": String(limited.retryAfter) } });
  }
  await importTmdbForGroup(app.db, importStoreOf(env), job, tmdb, await appKeys(authEnv(env).APP_KEY), group, pick);
  return redirect(`/library/import/${job.id}#row-${index}`, 303);
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function ImportJobPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" data-testid="import-job">
      <p className="text-sm">
        <Link to="/library/import" className="text-primary hover:underline">
          ← {t("Import and export")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-foreground">{loaderData.status === "review" ? t("Review your import") : t("Your import")}</h1>
      <p className="mt-1 break-all text-sm text-muted">{loaderData.fileName}</p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-3 rounded-theme border border-danger/40 bg-danger/10 p-3 text-sm text-danger" data-testid="import-error">
          {t(actionData.message)}
        </p>
      ) : null}
      {loaderData.status === "review" ? <Review data={loaderData} /> : <Progress data={loaderData} />}
    </div>
  );
}

function ReadCounts({ summary }: { summary: ImportSummary }) {
  const t = useTrans();
  const rows: [string, number][] = [
    [t("Ratings"), summary.read.ratings],
    [t("Viewings"), summary.read.watched],
    [t("Watchlist"), summary.read.watchlist],
    [t("Reviews"), summary.read.reviews],
    [t("Lists"), summary.read.lists],
    [t("Follows"), summary.read.follows ?? 0],
  ];
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="import-read">
      {rows.map(([label, n]) =>
        n ? (
          <li key={label}>
            {label}: {n}
          </li>
        ) : null,
      )}
    </ul>
  );
}

function Review({ data: d }: { data: LoaderData }) {
  const t = useTrans();
  const busy = useNavigation().state === "submitting";
  const yearOf = (y: number | null) => (y ? ` (${y})` : "");
  return (
    <>
      <section className="mt-6 rounded-theme border border-divider bg-elevated p-4">
        <h2 className="font-semibold">{t("In the file")}</h2>
        <ReadCounts summary={d.summary} />
        <p className="mt-2 text-sm" data-testid="import-group-counts">
          {t(":matched titles matched, :ambiguous to choose, :unmatched not found", {
            matched: d.summary.groups.matched,
            ambiguous: d.summary.groups.ambiguous,
            unmatched: d.summary.groups.unmatched,
          })}
        </p>
      </section>
      {/* Search forms live outside the main form (no nested forms); their inputs join them by the form attribute. */}
      {d.attention.map((g) => (
        <form key={g.index} id={`find-${g.index}`} method="get" />
      ))}
      {d.tmdbOffered
        ? d.attention
            .filter((g) => g.status === "unmatched")
            .map((g) => (
              <div key={g.index} hidden>
                <Form id={`tmdb-find-${g.index}`} method="get" preventScrollReset>
                  <input type="hidden" name="tmdb" value={g.index} />
                </Form>
                <Form id={`tmdb-import-${g.index}`} method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="tmdb" />
                  <input type="hidden" name="group" value={g.index} />
                </Form>
              </div>
            ))
        : null}
      <Form method="post" className="mt-6" data-testid="import-review-form">
        {d.attention.length ? (
          <section className="rounded-theme border border-divider bg-elevated p-4" aria-labelledby="attention-heading">
            <h2 id="attention-heading" className="font-semibold">
              {t("Needs your choice")}
            </h2>
            <ul className="mt-3 space-y-4">
              {d.attention.map((g) => {
                const hits = d.search && d.search.index === g.index ? d.search.hits : [];
                const options = [...g.candidates, ...hits.filter((h) => !g.candidates.some((c) => c.id === h.id))];
                const current = g.choice === undefined ? "" : String(g.choice);
                return (
                  <li key={g.index} id={`row-${g.index}`} className="rounded-theme border border-divider p-3" data-testid="import-attention" data-name={g.name}>
                    <p className="font-medium">
                      {g.name}
                      {yearOf(g.year)}
                      {g.originalName && g.originalName !== g.name ? <span className="text-muted"> · {g.originalName}</span> : null}
                    </p>
                    <p className="text-xs text-muted">
                      {g.status === "ambiguous" ? t("Several titles fit: choose one.") : t("No title matched: search and pick one, or skip.")} {g.file}, {t("line :line", { line: g.line })}
                      {g.rows > 1 ? ` · ${t(":count rows", { count: g.rows })}` : ""}
                    </p>
                    <fieldset className="mt-2">
                      <legend className="sr-only">{t("Choice for :name", { name: g.name })}</legend>
                      <div className="flex flex-col gap-1 text-sm">
                        {options.map((c) => (
                          <label key={c.id} className="flex items-center gap-2">
                            <input type="radio" name={`c${g.index}`} value={c.id} defaultChecked={current === String(c.id) || (hits.length > 0 && hits[0]!.id === c.id && current === "")} />
                            <span>
                              {c.name}
                              {yearOf(c.year)} <span className="text-muted">· {c.type === "series" ? t("Series") : t("Movie")}</span>
                            </span>
                          </label>
                        ))}
                        <label className="flex items-center gap-2">
                          <input type="radio" name={`c${g.index}`} value="skip" defaultChecked={current === "skip"} />
                          <span>{t("Skip this title")}</span>
                        </label>
                      </div>
                    </fieldset>
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <input type="hidden" name="find" value={g.index} form={`find-${g.index}`} />
                      <label className="sr-only" htmlFor={`q-${g.index}`}>
                        {t("Search the catalogue for :name", { name: g.name })}
                      </label>
                      <input
                        id={`q-${g.index}`}
                        name="q"
                        form={`find-${g.index}`}
                        type="search"
                        defaultValue={d.search?.index === g.index ? d.search.q : g.name}
                        className="min-w-0 flex-1 rounded-theme border border-divider bg-background px-2 py-1 text-sm"
                        data-testid="import-search-input"
                      />
                      <button type="submit" form={`find-${g.index}`} className={buttonClasses({ variant: "outlined", color: "neutral" })} data-testid="import-search">
                        {t("Search")}
                      </button>
                    </div>
                    {d.search?.index === g.index && hits.length === 0 ? <p className="mt-1 text-xs text-muted">{t("Nothing found.")}</p> : null}
                    {d.tmdbOffered && g.status === "unmatched" ? <TmdbOption group={g} search={d.tmdbSearch?.index === g.index ? d.tmdbSearch : null} /> : null}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        {d.matched.length ? (
          <details className="mt-6 rounded-theme border border-divider bg-elevated p-4">
            <summary className="cursor-pointer font-semibold">{t("Matched (:count)", { count: d.matchedCount })}</summary>
            <ul className="mt-2 text-sm" data-testid="import-matched">
              {d.matched.map((m, i) => (
                <li key={i}>
                  {m.name}
                  {yearOf(m.year)} → {m.title ? `${m.title.name}${yearOf(m.title.year)}` : ""}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <section className="mt-6 rounded-theme border border-divider bg-elevated p-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="reviewsPrivate" defaultChecked data-testid="import-reviews-private" />
            {t("Keep imported reviews private until I publish them")}
          </label>
          {d.attention.length ? (
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="checkbox" name="skipRest" data-testid="import-skip-rest" />
              {t("Skip the rest (titles without a choice)")}
            </label>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="start" disabled={busy} className={buttonClasses({})} data-testid="import-start">
              {t("Import")}
            </button>
            {d.attention.length ? (
              <button type="submit" name="intent" value="save" disabled={busy} className={buttonClasses({ variant: "outlined", color: "neutral" })} data-testid="import-save">
                {t("Save choices")}
              </button>
            ) : null}
          </div>
        </section>
      </Form>
    </>
  );
}

/** An unmatched row's "Import from TMDB": TMDB's search by the row's name and year, each result importable (decision 027). */
function TmdbOption({ group, search }: { group: { index: number; name: string; year: number | null }; search: { hits: TmdbHit[]; error: string | null } | null }) {
  const t = useTrans();
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === "tmdb" ? String(navigation.formData.get("pick")) : null;
  const searching = navigation.state === "loading" && navigation.location?.search === `?tmdb=${group.index}`;
  const label = `${group.name}${group.year ? ` (${group.year})` : ""}`;
  return (
    <div className="mt-3 border-t border-divider pt-3" data-testid="import-tmdb">
      <p className="text-xs text-muted">{t("Not in the catalogue? Search TMDB for “:name” and add it.", { name: label })}</p>
      <button type="submit" form={`tmdb-find-${group.index}`} disabled={searching} className={`mt-2 ${buttonClasses({ variant: "outlined", color: "neutral" })}`} data-testid="import-tmdb-search">
        {searching ? t("Searching TMDB…") : t("Search TMDB")}
      </button>
      {search?.error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {t(search.error)}
        </p>
      ) : null}
      {search && !search.error && search.hits.length === 0 ? <p className="mt-2 text-sm text-muted">{t("TMDB has no movie or series by this name.")}</p> : null}
      {search?.hits.length ? (
        <ul className="mt-2 space-y-2" aria-label={t("TMDB results for :name", { name: label })} data-testid="import-tmdb-results">
          {search.hits.map((h) => {
            const value = `${h.type}:${h.id}:${h.token}`;
            const busy = pending === value;
            return (
              <li key={`${h.type}-${h.id}`} className="flex flex-col gap-2 rounded-theme bg-background p-2 text-sm sm:flex-row sm:items-start sm:justify-between" data-testid="import-tmdb-hit">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {h.name}
                    {h.year ? ` (${h.year})` : ""} <span className="font-normal text-muted">· {h.type === "tv" ? t("Series") : t("Movie")}</span>
                  </p>
                  {h.overview ? <p className="line-clamp-2 text-xs text-muted">{h.overview}</p> : null}
                </div>
                <button
                  type="submit"
                  form={`tmdb-import-${group.index}`}
                  name="pick"
                  value={value}
                  disabled={pending !== null}
                  className={`self-start ${buttonClasses({ variant: "outlined", color: "primary" })}`}
                  data-testid="import-tmdb-import"
                >
                  {busy ? t("Importing…") : h.titleId ? t("Use this title") : t("Import from TMDB and use")}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

const STATUS: Record<string, string> = { queued: "Waiting to start…", running: "Importing…", done: "Imported", failed: "The import stopped", undone: "Undone: what this import added was removed" };

function Progress({ data: d }: { data: LoaderData }) {
  const t = useTrans();
  const revalidator = useRevalidator();
  const active = d.status === "queued" || d.status === "running";
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
  const percent = d.totalRows ? Math.round((d.doneRows / d.totalRows) * 100) : d.status === "done" ? 100 : 0;
  const added = d.summary.added;
  return (
    <section className="mt-6 rounded-theme border border-divider bg-elevated p-4" aria-live="polite" data-testid="import-progress" data-status={d.status}>
      {active ? <meta httpEquiv="refresh" content="3" /> : null}
      <h2 className="font-semibold">{t(STATUS[d.status] ?? d.status)}</h2>
      <div className="mt-3 h-3 w-full overflow-hidden rounded-full bg-divider" role="progressbar" aria-label={t("Import progress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-sm text-muted">{t(":done of :total rows", { done: d.doneRows.toLocaleString("en"), total: d.totalRows.toLocaleString("en") })}</p>
      {d.error ? <p className="mt-2 text-sm text-danger">{t(d.error)}</p> : null}
      {added && d.status !== "undone" ? (
        <ul className="mt-3 text-sm" data-testid="import-added">
          <li>{t("Ratings added: :n", { n: added.ratings })}</li>
          <li>{t("Viewings added: :n", { n: added.watched })}</li>
          <li>{t("Watchlist titles added: :n", { n: added.watchlist })}</li>
          <li>{t("Reviews added: :n", { n: added.reviews })}</li>
          <li>{t("Lists created: :n", { n: added.lists })}</li>
          <li>{t("List entries added: :n", { n: added.listItems })}</li>
          {added.follows ? <li>{t("Follows added: :n", { n: added.follows })}</li> : null}
        </ul>
      ) : null}
      {d.summary.followsUnknown ? <p className="mt-2 text-sm text-muted">{t("Follows of members not on this site (left out): :n", { n: d.summary.followsUnknown })}</p> : null}
      {d.summary.skipped ? <p className="mt-2 text-sm text-muted">{t("Rows skipped (no title chosen): :n", { n: d.summary.skipped })}</p> : null}
      {d.summary.unratedReviews ? <p className="mt-1 text-sm text-muted">{t("Reviews not imported because the title has no rating in the file: :n", { n: d.summary.unratedReviews })}</p> : null}
      {d.status === "done" ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/history" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
            {t("Watch history")}
          </Link>
          {added?.reviews ? (
            <Form method="post">
              <button type="submit" name="intent" value="publish" className={buttonClasses({ variant: "outlined", color: "neutral" })} data-testid="import-publish">
                {t("Publish the imported reviews")}
              </button>
            </Form>
          ) : null}
          <Form method="post">
            <button type="submit" name="intent" value="undo" className={buttonClasses({ variant: "outlined", color: "danger" })} data-testid="import-undo">
              {t("Undo this import")}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

export type { MatchGroup };
