import type { Route } from "./+types/calendar-feed";
import { CALENDAR_DAYS_AHEAD, CALENDAR_DAYS_BEHIND } from "~/constants";
import { addDays, calendarItemPath, loadCalendar, userForCalendarToken } from "~/diary/calendar.server";
import { buildCalendar } from "~/diary/ical";
import { today } from "~/library/rules";
import { getApp } from "~/request/context";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * /calendar/{token}.ics: a member's private iCal feed (RFC 5545, decision
 * 034) for Google, Apple and Outlook calendars, which fetch it without
 * cookies: the secret address is the only key. An unknown, rotated or
 * revoked token answers 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const file = params.feed ?? "";
  if (!file.endsWith(".ics")) return notFound();
  const userId = await userForCalendarToken(app.db, file.slice(0, -4));
  if (userId === null) return notFound();
  const day = today();
  const items = await loadCalendar(app.db, userId, addDays(day, -CALENDAR_DAYS_BEHIND), addDays(day, CALENDAR_DAYS_AHEAD));
  const origin = new URL(request.url).origin;
  const host = new URL(request.url).hostname;
  const site = app.settings["branding.site_name"];
  const body = buildCalendar(
    items.map((item) => ({
      uid: `${item.kind}-${item.id}@${host}`,
      date: item.date,
      summary: item.kind === "episode" ? `${item.name} S${item.seasonNumber}E${item.episodeNumber}: ${item.episodeName}` : app.t(":name is released", { name: item.name }),
      description: `${origin}${calendarItemPath(item)}`,
      url: `${origin}${calendarItemPath(item)}`,
    })),
    { name: app.t(":site: what I track", { site }) },
  );
  return new Response(body, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=900", "X-Robots-Tag": "noindex" },
  });
}
