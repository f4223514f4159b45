import { data } from "react-router";
import type { Route } from "./+types/stats-share";
import { loadDiaryOwner } from "~/diary/owner.server";
import { parseYear } from "~/diary/rules";
import { encodeSharePng } from "~/diary/share-image";
import { hoursOf, loadYearStats } from "~/diary/stats.server";
import { getApp } from "~/request/context";

/**
 * /user/{id}/{slug}/stats/{year}/share.png: the year in review's og:image
 * (decision 034). A private profile's image is refused like its page; a bad
 * year is a 400.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const owner = await loadDiaryOwner(app, request, params, "stats");
  if (owner.hidden) throw data(null, { status: 403 });
  // The path always holds a year segment, so the fallback is never used.
  const year = parseYear(params.year ?? "", new Date().getUTCFullYear());
  if (!year.ok) return new Response(app.t(year.message), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const stats = await loadYearStats(app.db, owner.id, year.year, 1);
  const png = await encodeSharePng({ year: year.year, films: stats.films, episodes: stats.episodes, hours: Math.round(hoursOf(stats.minutes)), months: stats.months.map((m) => m.films + m.episodes) });
  return new Response(png as BodyInit, {
    headers: { "Content-Type": "image/png", "Cache-Control": owner.isPrivate ? "private, no-store" : "public, max-age=3600" },
  });
}
