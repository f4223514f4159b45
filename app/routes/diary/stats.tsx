import { data, Link } from "react-router";
import type { Route } from "./+types/stats";
import { titlePath } from "~/http/slug";
import { loadDiaryOwner } from "~/diary/owner.server";
import { parseYear } from "~/diary/rules";
import { hoursOf } from "~/diary/stats";
import { loadYearStats } from "~/diary/stats.server";
import { BarList, ColumnChart } from "~/diary/ui/charts";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { formatCalendarDate } from "~/i18n/dates";
import { countryName } from "~/i18n/format";
import { getApp } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { buttonClasses } from "~/ui/button-styles";
import { DiaryPageHeader, PrivateDiaryPage } from "~/diary/ui/diary-header";

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /user/{id}/{slug}/stats?year=YYYY: a member's year in review (decision
 * 034): counts, hours, months, genres, decades, countries, people, highest
 * rated and the rating distribution, as SVG charts with the numbers in
 * tables; the share image (og:image) is a generated PNG. A year out of range
 * or not a number is a 400 with the field's message.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const owner = await loadDiaryOwner(app, request, params, "stats");
  const currentYear = new Date().getUTCFullYear();
  const year = parseYear(new URL(request.url).searchParams.get("year"), currentYear);
  const headers = { "Cache-Control": "private, no-store" };
  const path = `${owner.profilePath}/stats`;
  if (owner.hidden) {
    const seo = buildSeo(app, request, { title: app.t("Private profile"), path, noindex: true });
    return data({ owner, hidden: true as const, seo }, { status: 403, headers });
  }
  if (!year.ok) {
    const seo = buildSeo(app, request, { title: app.t("Year in review"), path, noindex: true });
    return data({ owner, hidden: false as const, yearError: app.t(year.message), stats: null, seo }, { status: 400, headers });
  }
  const stats = await loadYearStats(app.db, owner.id, year.year);
  const hours = hoursOf(stats.minutes);
  const seo = buildSeo(app, request, {
    title: app.t(":name's :year in review", { name: owner.name, year: year.year }),
    description: app.t(":films films, :episodes episodes, :hours hours in :year", { films: stats.films, episodes: stats.episodes, hours, year: year.year }),
    path: `${path}?year=${year.year}`,
    image: `${owner.profilePath}/stats/${year.year}/share.png`,
    noindex: true,
  });
  return data({ owner, hidden: false as const, yearError: null, stats, seo }, { headers });
}

export default function Stats({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { language } = useDates();
  const { owner } = loaderData;
  if (loaderData.hidden) return <PrivateDiaryPage />;
  const { stats, yearError } = loaderData;
  const monthName = (month: string) => formatCalendarDate(`2000-${month}-01`, language, "month-short") ?? month;
  const regionName = (code: string) => countryName(code, language);
  const current = new Date().getUTCFullYear();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6" data-testid="stats">
      <DiaryPageHeader
        owner={owner}
        heading={stats ? t(":year in review", { year: stats.year }) : t("Year in review")}
        formTestId="stats-year-form"
        yearField={
          <input
            type="number"
            name="year"
            inputMode="numeric"
            defaultValue={stats?.year ?? current}
            aria-invalid={yearError ? true : undefined}
            aria-describedby={yearError ? "stats-year-error" : undefined}
            className="mt-1 w-28 rounded-theme border border-divider bg-background px-2 py-1.5 text-foreground"
            data-testid="stats-year"
          />
        }
        link={
          stats ? (
            <Link to={`${owner.profilePath}/diary?year=${stats.year}`} className={buttonClasses({ variant: "outlined" })}>
              {t("Diary")}
            </Link>
          ) : null
        }
      />
      {yearError ? (
        <p id="stats-year-error" role="alert" className="mt-6 text-danger" data-testid="stats-year-error">
          {yearError}
        </p>
      ) : null}
      {stats ? (
        <>
          <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="stats-figures">
            <Figure label={t("Films")} value={stats.films} testId="stats-films" />
            <Figure label={t("Episodes")} value={stats.episodes} testId="stats-episodes" />
            <Figure label={t("Hours")} value={hoursOf(stats.minutes)} testId="stats-hours" />
            <Figure label={t("Titles")} value={stats.titles} testId="stats-titles" />
          </dl>
          {stats.titles === 0 ? (
            <p className="mt-10 text-muted" data-testid="stats-empty">
              {t("Nothing logged in :year.", { year: stats.year })}
            </p>
          ) : (
            <>
              <Panel title={t("Month by month")}>
                <ColumnChart
                  testId="stats-months"
                  caption={t("Viewings per month")}
                  valueLabel={t("Viewings")}
                  rows={stats.months.map((row) => ({ label: monthName(row.month), value: row.films + row.episodes }))}
                />
              </Panel>
              <div className="grid gap-x-8 md:grid-cols-2">
                {stats.genres.length > 0 ? (
                  <Panel title={t("Genres")}>
                    <BarList testId="stats-genres" caption={t("Titles per genre")} valueLabel={t("Titles")} rows={stats.genres.map((row) => ({ label: t(row.name), value: row.count }))} />
                  </Panel>
                ) : null}
                {stats.decades.length > 0 ? (
                  <Panel title={t("Decades")}>
                    <BarList testId="stats-decades" caption={t("Titles per decade")} valueLabel={t("Titles")} rows={stats.decades.map((row) => ({ label: `${row.decade}s`, value: row.count }))} />
                  </Panel>
                ) : null}
                {stats.countries.length > 0 ? (
                  <Panel title={t("Countries")}>
                    <BarList
                      testId="stats-countries"
                      caption={t("Titles per country")}
                      valueLabel={t("Titles")}
                      rows={stats.countries.map((row) => ({ label: regionName(row.code), value: row.count }))}
                    />
                  </Panel>
                ) : null}
                <Panel title={t("Ratings")}>
                  <BarList
                    testId="stats-ratings"
                    caption={t("Titles per rating")}
                    valueLabel={t("Titles")}
                    rows={[...stats.ratings].reverse().map((row) => ({ label: t(":rating/10", { rating: row.rating }), value: row.count }))}
                  />
                </Panel>
              </div>
              <div className="grid gap-x-8 md:grid-cols-2">
                <PeopleList title={t("Directors watched most")} people={stats.directors} testId="stats-directors" />
                <PeopleList title={t("Cast watched most")} people={stats.cast} testId="stats-cast" />
              </div>
              {stats.highestRated.length > 0 ? (
                <Panel title={t("Highest rated")}>
                  <ol className="mt-4 divide-y divide-divider" data-testid="stats-highest-rated">
                    {stats.highestRated.map((title) => (
                      <li key={title.id} className="flex items-center justify-between gap-4 py-2">
                        <Link to={titlePath(title)} className="font-medium text-foreground hover:text-primary">
                          {title.name}
                          {title.year ? ` (${title.year})` : ""}
                        </Link>
                        <span className="whitespace-nowrap text-sm text-muted">{t("Rated :rating/10", { rating: title.rating })}</span>
                      </li>
                    ))}
                  </ol>
                </Panel>
              ) : null}
            </>
          )}
        </>
      ) : null}
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-theme border border-divider bg-elevated p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-3xl font-bold text-foreground" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold text-foreground">{title}</h2>
      {children}
    </section>
  );
}

function PeopleList({ title, people, testId }: { title: string; people: { id: number; name: string; slug: string; count: number }[]; testId: string }) {
  const t = useTrans();
  if (people.length === 0) return null;
  return (
    <Panel title={title}>
      <ol className="mt-4 divide-y divide-divider" data-testid={testId}>
        {people.map((person) => (
          <li key={person.id} className="flex items-center justify-between gap-4 py-2">
            <Link to={`/people/${person.id}/${person.slug}`} className="text-foreground hover:text-primary">
              {person.name}
            </Link>
            <span className="whitespace-nowrap text-sm text-muted">{person.count === 1 ? t("1 title") : t(":count titles", { count: person.count })}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
