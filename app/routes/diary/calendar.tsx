import { Link } from "react-router";
import type { Route } from "./+types/calendar";
import { requireUser } from "~/auth/guards.server";
import { CALENDAR_DAYS_AHEAD } from "~/constants";
import { addDays, calendarItemPath, type CalendarItem } from "~/diary/calendar";
import { calendarToken, loadCalendar } from "~/diary/calendar.server";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { formatCalendarDate } from "~/i18n/dates";
import { today } from "~/library/rules";
import { getApp } from "~/request/context";

export const meta: Route.MetaFunction = () => [{ title: "Calendar" }, { name: "robots", content: "noindex" }];

/**
 * /calendar: the coming CALENDAR_DAYS_AHEAD days of what I track (new
 * episodes of series in my progress or watchlist, releases of watchlisted
 * titles), by day, and the address of my private iCal feed (decision 034).
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const from = today();
  const [items, token] = await Promise.all([loadCalendar(app.db, user.id, from, addDays(from, CALENDAR_DAYS_AHEAD)), calendarToken(app.db, user.id)]);
  const origin = new URL(args.request.url).origin;
  return { items, from, feedUrl: token ? `${origin}/calendar/${token}.ics` : null };
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { language } = useDates();
  const { items, feedUrl } = loaderData;
  const days: { date: string; items: CalendarItem[] }[] = [];
  for (const item of items) {
    const last = days.at(-1);
    if (last?.date === item.date) last.items.push(item);
    else days.push({ date: item.date, items: [item] });
  }
  const dayLabel = (date: string) => formatCalendarDate(date, language, "weekday-date");
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6" data-testid="calendar">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Calendar")}</h1>
      <p className="mt-2 text-muted">{t("New episodes of the series you watch or watchlisted, and releases of your watchlist, in the next :days days.", { days: CALENDAR_DAYS_AHEAD })}</p>
      <section className="mt-6 rounded-theme border border-divider bg-elevated p-4" aria-labelledby="calendar-feed-title">
        <h2 id="calendar-feed-title" className="font-semibold text-foreground">
          {t("Subscribe in your calendar app")}
        </h2>
        {feedUrl ? (
          <>
            <p className="mt-1 text-sm text-muted">
              {t("Add this private address to Google Calendar, Apple Calendar or Outlook. Anyone with it sees your calendar: replace it in account settings if it leaks.")}
            </p>
            <input
              readOnly
              value={feedUrl}
              aria-label={t("Private calendar address")}
              className="mt-2 w-full rounded-theme border border-divider bg-background px-2 py-1.5 font-mono text-sm text-foreground"
              data-testid="calendar-feed-url"
            />
          </>
        ) : (
          <p className="mt-1 text-sm text-muted">{t("Create a private calendar address in account settings to subscribe from another app.")}</p>
        )}
        <Link to="/account-settings#calendar-feed" className="mt-2 inline-block text-sm text-primary hover:underline">
          {t("Manage the calendar address")}
        </Link>
      </section>
      {days.length === 0 ? (
        <p className="mt-10 text-muted" data-testid="calendar-empty">
          {t("Nothing coming up. Add series and films to your watchlist, or start watching a series, to see their dates here.")}
        </p>
      ) : (
        <ol className="mt-8 space-y-6">
          {days.map((day) => (
            <li key={day.date} data-testid="calendar-day" data-date={day.date}>
              <h2 className="border-b border-divider pb-1 font-semibold capitalize text-foreground">
                <time dateTime={day.date}>{dayLabel(day.date)}</time>
              </h2>
              <ul className="mt-2 space-y-1">
                {day.items.map((item) => (
                  <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-baseline gap-x-2" data-testid="calendar-item">
                    <span className="rounded bg-primary-light px-1.5 text-xs font-medium text-primary">{item.kind === "episode" ? t("Episode") : t("Release")}</span>
                    <Link to={calendarItemPath(item)} className="text-foreground hover:text-primary">
                      {item.name}
                      {item.kind === "episode" ? ` · S${item.seasonNumber} E${item.episodeNumber} · ${item.episodeName}` : ""}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
