/** What the calendar page and the iCal feed list (decision 034); shared by the server and the page. */

export type CalendarItem =
  | { kind: "episode"; date: string; id: number; titleId: number; name: string; slug: string; seasonNumber: number; episodeNumber: number; episodeName: string }
  | { kind: "release"; date: string; id: number; titleId: number; name: string; slug: string; type: "movie" | "series" };

/** Path of an item's page on the site. */
export function calendarItemPath(item: CalendarItem) {
  const title = `/titles/${item.titleId}/${item.slug}`;
  return item.kind === "episode" ? `${title}/season/${item.seasonNumber}/episode/${item.episodeNumber}` : title;
}

/** YYYY-MM-DD `days` after `day` (negative: before). */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
