import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/diary";
import { titlePath } from "~/http/slug";
import { reviewPath } from "~/http/review-paths";
import { editDiaryEntry, groupByMonth, loadDiaryPage, type DiaryEntry } from "~/diary/diary.server";
import { loadDiaryOwner } from "~/diary/owner.server";
import { diaryFormSchema, parseYear } from "~/diary/rules";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { formatCalendarDate } from "~/i18n/dates";
import type { LibraryAnswer } from "~/ui/forms/answer";
import { attempt, invalid, readForm } from "~/library/form-answer.server";
import { withoutEmpty } from "~/library/schema";
import { removeHistoryEntry } from "~/library/history.server";
import { useLibraryToast } from "~/ui/forms/use-answer-toast";
import { getApp } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { DiaryPageHeader, PrivateDiaryPage } from "~/diary/ui/diary-header";
import { requireUser } from "~/auth/guards.server";
import { z } from "zod";

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

const pageSchema = z.coerce.number().int().min(1).max(1000).catch(1);

/**
 * /user/{id}/{slug}/diary?year=YYYY: every logged viewing of a year by month
 * (decision 034). The owner edits the day and the rewatch flag, or deletes
 * an entry, here; a private profile's diary is its owner's only.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const owner = await loadDiaryOwner(app, request, params, "diary");
  const url = new URL(request.url);
  const currentYear = new Date().getUTCFullYear();
  const year = parseYear(url.searchParams.get("year"), currentYear);
  const seo = buildSeo(app, request, { title: app.t(":name's diary", { name: owner.name }), path: `${owner.profilePath}/diary`, noindex: true });
  const headers = { "Cache-Control": "private, no-store" };
  if (owner.hidden) return data({ owner, hidden: true as const, seo: { ...seo, title: app.t("Private profile") } }, { status: 403, headers });
  if (!year.ok) {
    return data({ owner, hidden: false as const, yearError: app.t(year.message), year: currentYear, years: [], groups: [], hasMore: false, page: 1, seo }, { status: 400, headers });
  }
  const page = pageSchema.parse(url.searchParams.get("page") ?? 1);
  const diary = await loadDiaryPage(app.db, owner.id, year.year, { page });
  return data({ owner, hidden: false as const, yearError: null, year: year.year, years: diary.years, groups: groupByMonth(diary.items), hasMore: diary.hasMore, page, seo }, { headers });
}

/** The owner's edit (day, rewatch) or delete of one entry; another member's entry is 404 and nothing changes. */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const { fields, noJsBack } = await readForm(request);
  const parsed = diaryFormSchema.safeParse(withoutEmpty(fields));
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  const input = parsed.data;
  return attempt(request, noJsBack, app.t, async () => {
    if (input.intent === "delete") {
      await removeHistoryEntry(app.db, user.id, input.id);
      return { ok: true, message: app.t("Diary entry deleted") };
    }
    await editDiaryEntry(app.db, user.id, input.id, { watchedOn: input.watchedOn, rewatch: input.rewatch });
    return { ok: true, message: app.t("Diary entry saved") };
  });
}

export default function Diary({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { owner } = loaderData;
  if (loaderData.hidden) return <PrivateDiaryPage />;
  const { year, years, groups, hasMore, page, yearError } = loaderData;
  const yearChoices = [...new Set([new Date().getUTCFullYear(), ...years, year])].sort((a, b) => b - a);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6" data-testid="diary">
      <DiaryPageHeader
        owner={owner}
        heading={t("Diary")}
        formTestId="diary-year-form"
        yearField={
          <select name="year" defaultValue={String(year)} className="mt-1 rounded-theme border border-divider bg-background px-2 py-1.5 text-foreground">
            {yearChoices.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        }
        link={
          <Link to={`${owner.profilePath}/stats?year=${year}`} className={buttonClasses({ variant: "outlined" })} data-testid="diary-stats-link">
            {t("Year in review")}
          </Link>
        }
      />
      {yearError ? (
        <p role="alert" className="mt-6 text-danger" data-testid="diary-year-error">
          {yearError}
        </p>
      ) : null}
      {groups.length === 0 && !yearError ? (
        <p className="mt-10 text-muted" data-testid="diary-empty">
          {t("Nothing logged in :year.", { year })}
        </p>
      ) : null}
      {groups.map((group) => (
        <MonthSection key={group.month} month={group.month} entries={group.entries} own={owner.own} />
      ))}
      {page > 1 || hasMore ? (
        <nav className="mt-8 flex gap-4" aria-label={t("Pages")}>
          {page > 1 ? <Link to={`?year=${year}&page=${page - 1}`}>{t("Newer")}</Link> : null}
          {hasMore ? <Link to={`?year=${year}&page=${page + 1}`}>{t("Older")}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

function MonthSection({ month, entries, own }: { month: string; entries: DiaryEntry[]; own: boolean }) {
  const t = useTrans();
  const { language } = useDates();
  const label = formatCalendarDate(`${month}-01`, language, "month");
  const id = `month-${month}`;
  return (
    <section aria-labelledby={id} className="mt-10" data-testid="diary-month" data-month={month}>
      <h2 id={id} className="border-b border-divider pb-2 text-xl font-semibold capitalize text-foreground">
        {label}
      </h2>
      <ul className="divide-y divide-divider">
        {entries.map((entry) => (
          <DiaryRow key={entry.id} entry={entry} own={own} />
        ))}
      </ul>
      <p className="sr-only">{t(":count entries", { count: entries.length })}</p>
    </section>
  );
}

function DiaryRow({ entry, own }: { entry: DiaryEntry; own: boolean }) {
  const t = useTrans();
  const { language } = useDates();
  const path = titlePath({ id: entry.titleId, slug: entry.slug });
  const link = entry.episodeId ? `${path}/season/${entry.seasonNumber}/episode/${entry.episodeNumber}` : path;
  const day = formatCalendarDate(entry.watchedOn, language, "day");
  const weekday = formatCalendarDate(entry.watchedOn, language, "weekday");
  return (
    <li className="flex flex-wrap items-center gap-4 py-3" data-testid="diary-entry" data-entry-id={entry.id}>
      <time dateTime={entry.watchedOn} className="flex w-12 flex-col items-center text-center" data-testid="diary-entry-date">
        <span className="text-xl font-bold leading-none text-foreground">{day}</span>
        <span className="text-xs uppercase text-muted">{weekday}</span>
      </time>
      {entry.poster ? (
        <img src={entry.poster} alt="" width={40} height={60} loading="lazy" className="aspect-[2/3] w-10 rounded bg-paper object-cover" />
      ) : (
        // No poster known (the demo catalogue invents none for real films, decision 020): the initial, not an empty box.
        <span aria-hidden="true" className="flex aspect-[2/3] w-10 items-center justify-center rounded bg-primary-light text-sm font-semibold text-primary">
          {[...entry.name][0]?.toUpperCase()}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <Link to={link} className="font-medium text-foreground hover:text-primary">
          {entry.name}
          {entry.episodeId ? ` · S${entry.seasonNumber} E${entry.episodeNumber} · ${entry.episodeName}` : entry.year ? ` (${entry.year})` : ""}
        </Link>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted">
          {entry.rating !== null ? (
            <span data-testid="diary-entry-rating">
              <span aria-hidden="true">{stars(entry.rating)} </span>
              {t("Rated :rating/10", { rating: entry.rating })}
            </span>
          ) : null}
          {entry.rewatch ? <span data-testid="diary-entry-rewatch">{t("Rewatch")}</span> : null}
          {entry.reviewId ? (
            <Link to={reviewPath({ id: entry.titleId, slug: entry.slug }, entry.reviewId)} className="text-primary hover:underline" data-testid="diary-entry-review">
              {t("Review")}
            </Link>
          ) : null}
        </p>
      </div>
      {own ? <OwnerControls entry={entry} /> : null}
    </li>
  );
}

/** Five stars with halves from a 1-10 rating (decision 023). */
function stars(rating: number) {
  return "★".repeat(Math.floor(rating / 2)) + (rating % 2 ? "½" : "");
}

/** Edit (in a native disclosure, so it opens without JavaScript) and delete. */
function OwnerControls({ entry }: { entry: DiaryEntry }) {
  const t = useTrans();
  const edit = useFetcher<LibraryAnswer>();
  const remove = useFetcher<LibraryAnswer>();
  useLibraryToast(edit.data);
  useLibraryToast(remove.data);
  const dateError = edit.data && !edit.data.ok ? edit.data.errors?.watchedOn?.[0] : undefined;
  return (
    <div className="flex items-start gap-3">
      <details className="group" data-testid="diary-edit">
        <summary className="cursor-pointer list-none text-sm text-primary underline">{t("Edit")}</summary>
        <edit.Form method="post" className="mt-2 flex flex-wrap items-end gap-3 rounded-theme border border-divider bg-elevated p-3" data-testid="diary-edit-form">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="id" value={entry.id} />
          <NoJsRedirect />
          <label className="flex flex-col text-sm text-muted">
            {t("Watched on")}
            <input
              type="date"
              name="watchedOn"
              required
              defaultValue={entry.watchedOn}
              aria-invalid={dateError ? true : undefined}
              className="mt-1 rounded-theme border border-divider bg-background px-2 py-1 text-foreground"
              data-testid="diary-edit-date"
            />
          </label>
          <label className="flex items-center gap-2 text-sm text-foreground">
            <input type="checkbox" name="rewatch" value="on" defaultChecked={entry.rewatch} data-testid="diary-edit-rewatch" />
            {t("Rewatch")}
          </label>
          <button type="submit" className={buttonClasses({ variant: "filled", size: "sm" })} data-testid="diary-edit-save">
            {t("Save")}
          </button>
          {dateError ? (
            <p role="alert" className="w-full text-sm text-danger">
              {dateError}
            </p>
          ) : null}
        </edit.Form>
      </details>
      <remove.Form method="post" data-testid="diary-delete-form">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={entry.id} />
        <NoJsRedirect />
        <button type="submit" className="text-sm text-muted underline hover:text-danger" data-testid="diary-delete">
          {t("Delete")}
          <span className="sr-only"> {entry.name}</span>
        </button>
      </remove.Form>
    </div>
  );
}
