import type { BenchContext } from "../lib/bench-context";

/**
 * Channels (decision 022): the seeded home page is the "home"
 * channel (a trending hero and six rows). Guests' copies come from the page
 * cache ("cached": one URL); "uncached" sends a distinct query string each
 * time, so every request renders the page (the home loader ignores the query:
 * three D1 statements for all the rows). Beside them a channel page and a
 * genre page, uncached the same way, and a static file of the same server.
 */
export default async function channels(bench: BenchContext) {
  // The same run's static file, so the rows can be read beside it (`--only channels` skips the core rows).
  await bench.measure("static asset /favicon.svg (channels run)", "/favicon.svg");
  const distinct = (base: string, n = 5000) => Array.from({ length: n }, (_, i) => `${base}${base.includes("?") ? "&" : "?"}b=${i}`);
  await bench.measure("channel home page (guest, cached)", "/");
  const home = distinct("/");
  await bench.measure(`channel home page (guest, uncached: ${home.length} URLs)`, { path: home[0], paths: home });
  const channel = distinct("/channel/popular-movies");
  await bench.measure("channel page /channel/popular-movies (uncached)", { path: channel[0], paths: channel });
  const genre = distinct("/channel/genre/drama");
  await bench.measure("genre channel /channel/genre/drama (uncached)", { path: genre[0], paths: genre });
}
