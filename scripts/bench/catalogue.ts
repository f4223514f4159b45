import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { BenchContext, BenchRow } from "../lib/bench-context";
import { openLocalD1 } from "../lib/local-d1";
import { createSignedInUser } from "../lib/signed-in-user";

/**
 * The public catalogue under load: title page, person page, search
 * and browse, each at the run's connection count (50 by default), against
 * whatever catalogue the state holds; meant for the scale catalogue:
 *
 *   npm run seed:scale -- --titles 100000
 *   npm run bench -- --only catalogue --persist-to .wrangler/scale-state
 *
 * Targets, per row: p50 within 3x the p50 of a static asset measured in the
 * same run (the first measurement; its "p99 under 100 ms" was withdrawn by decision 026: the
 * static file itself misses it on this 2-core machine, so the p99 is
 * printed, not judged). Subjects are picked from the database: the most
 * popular title and series, a popular person with a typical number of
 * credits, and the most prolific person (the worst case, reported too).
 *
 * Decision 026's cached rows are judged against the static file (favicon.svg,
 * under 1 KB); beside that verdict each also shows its ratios to a static
 * file of the title page's size from the same build, since autocannon and
 * workerd share the cores and a 40 KB answer costs both sides more than a
 * 1 KB one, whoever makes it.
 */
const RATIO_TARGET = 3;
/** Decision 026: a row the page cache answers stays within this factor of the static file's p50 and p99. */
const CACHED_RATIO_TARGET = 1.5;
/**
 * Decision 026: the rows no cache can answer reach 3x the req/s first measured on this machine
 * (decision 018: 85 req/s for 5,000 distinct title pages, 114 for 1,000 browse mixes).
 */
const UNCACHED_BASELINE_RPS = { titles: 85, browse: 114 };
const UNCACHED_GAIN_TARGET = 3;
/** Distinct URLs a "no cache" row cycles through (5, 000 title pages, browse mixes made as many, decision 026). */
const DISTINCT_URLS = 5_000;

interface Subject {
  id: number;
  slug: string;
  name: string;
}

async function pickSubjects(persistTo: string) {
  const { client } = openLocalD1(persistTo);
  try {
    const one = async <T>(sql: string) => (await client.execute(sql)).rows[0] as unknown as T | undefined;
    const movie = await one<Subject>("SELECT id, slug, name FROM titles WHERE type = 'movie' ORDER BY popularity DESC LIMIT 1");
    const series = await one<Subject>("SELECT id, slug, name FROM titles WHERE type = 'series' ORDER BY popularity DESC LIMIT 1");
    // A popular person whose credit count is around the 90th percentile of the 100 most popular.
    const person = await one<Subject & { credits: number }>(`
      SELECT p.id, p.slug, p.name, (SELECT count(*) FROM credits c WHERE c.person_id = p.id) AS credits
      FROM (SELECT id, slug, name FROM people ORDER BY popularity DESC LIMIT 100) p
      ORDER BY credits DESC LIMIT 1 OFFSET 10`);
    const prolific = await one<Subject & { credits: number }>(`
      SELECT p.id, p.slug, p.name, c.n AS credits
      FROM (SELECT person_id, count(*) AS n FROM credits GROUP BY person_id ORDER BY n DESC LIMIT 1) c
      JOIN people p ON p.id = c.person_id`);
    const genre = await one<{ slug: string }>("SELECT g.slug FROM genres g JOIN title_genres tg ON tg.genre_id = g.id GROUP BY g.id ORDER BY count(*) DESC LIMIT 1");
    const counts = await one<{ titles: number; people: number; credits: number }>(
      "SELECT (SELECT count(*) FROM titles) AS titles, (SELECT count(*) FROM people) AS people, (SELECT count(*) FROM credits) AS credits",
    );
    // Distinct URLs for the rows no page cache can answer: popular titles, and browse filter mixes.
    const manyTitles = (await client.execute("SELECT id, slug FROM titles ORDER BY popularity DESC LIMIT 5000")).rows as unknown as { id: number; slug: string }[];
    const genres = (await client.execute("SELECT slug FROM genres ORDER BY id")).rows.map((row) => String(row.slug));
    return { movie, series, person, prolific, genre, counts, manyTitles, genres };
  } finally {
    client.close();
  }
}

const path = (kind: string, s: Pick<Subject, "id" | "slug">) => `/${kind}/${s.id}/${encodeURIComponent(s.slug)}`;

/** The built client file (served by the assets binding, no Worker) whose size is closest to `bytes`. */
function staticFileOfSize(bytes: number): { path: string; bytes: number } | null {
  const dir = join(process.env.BUILD_DIR ?? "build", "client", "assets");
  let best: { path: string; bytes: number } | null = null;
  try {
    for (const name of readdirSync(dir)) {
      if (!/\.(js|css)$/.test(name)) continue;
      const size = statSync(join(dir, name)).size;
      if (!best || Math.abs(size - bytes) < Math.abs(best.bytes - bytes)) best = { path: `/assets/${name}`, bytes: size };
    }
  } catch {
    return null;
  }
  return best;
}

export default async function catalogue(bench: BenchContext) {
  const s = await pickSubjects(bench.persistTo);
  if (!s.movie || !s.person || !s.prolific || !s.counts) throw new Error("the state holds no catalogue: run npm run seed:scale first");
  bench.note(`catalogue: ${s.counts.titles.toLocaleString("en")} titles, ${s.counts.people.toLocaleString("en")} people, ${s.counts.credits.toLocaleString("en")} credits`);

  const statik = await bench.measure("static asset (catalogue reference)", "/favicon.svg");
  const pageBytes = (await (await fetch(bench.baseUrl + path("titles", s.movie))).arrayBuffer()).byteLength;
  const sameSize = staticFileOfSize(pageBytes);
  const statikSameSize = sameSize
    ? await bench.measure(`static asset of the title page's size (${(sameSize.bytes / 1024).toFixed(1)} KB; the page ${(pageBytes / 1024).toFixed(1)} KB)`, sameSize.path)
    : null;
  const rows: BenchRow[] = [];
  rows.push(await bench.measure(`title page: ${s.movie.name}`, path("titles", s.movie)));
  // Decision 023: the same page for a member, never cached, with their rating, watchlist and
  // watched state (one extra D1 round trip of two indexed statements, in parallel with the page's batch).
  const member = await createSignedInUser(bench.persistTo, "bench-library");
  rows.push(await bench.measure(`title page, signed in: ${s.movie.name}`, { path: path("titles", s.movie), headers: { Cookie: member.cookieHeader } }));
  if (s.series) rows.push(await bench.measure(`series page: ${s.series.name}`, path("titles", s.series)));
  rows.push(await bench.measure(`person page: ${s.person.name} (${s.person.credits} credits)`, path("people", s.person)));
  rows.push(await bench.measure(`person page, most credits (${s.prolific.credits})`, path("people", s.prolific)));
  const word = s.movie.name.split(/\s+/).find((w) => w.length >= 4) ?? s.movie.name;
  rows.push(await bench.measure(`search page "${word.slice(0, 4).toLowerCase()}"`, `/search?query=${encodeURIComponent(word.slice(0, 4).toLowerCase())}`));
  rows.push(await bench.measure(`search suggest "${word.slice(0, 3).toLowerCase()}"`, `/search/suggest?query=${encodeURIComponent(word.slice(0, 3).toLowerCase())}`));
  rows.push(await bench.measure("browse titles (popularity)", "/titles"));
  if (s.genre) rows.push(await bench.measure(`browse ${s.genre.slug}, rating 7+, by rating`, `/titles?genre=${s.genre.slug}&rating=7&order=rating`));
  rows.push(await bench.measure("browse titles 1990-1999, by release date, page 5", "/titles?year_from=1990&year_to=1999&order=release_date&page=5"));
  rows.push(await bench.measure("browse people (popularity)", "/people"));
  // The guest page cache answers a repeated URL; these rows send a different URL each time: 5,000 of them,
  // each page (a title, a browse mix) again with a run-unique parameter once the list wraps, so at any rate
  // this machine reaches in 10 s no URL is asked twice and no copy answers.
  const run = Date.now().toString(36);
  const distinct = (pages: string[]) =>
    Array.from({ length: DISTINCT_URLS }, (_, i) => {
      const page = pages[i % pages.length];
      return i < pages.length ? page : `${page}${page.includes("?") ? "&" : "?"}r=${run}-${i}`;
    });
  const titlePaths = distinct(s.manyTitles.map((t) => path("titles", t)));
  rows.push(await bench.measure(`title pages, ${titlePaths.length} distinct URLs of ${s.manyTitles.length} titles (no cache)`, { path: titlePaths[0], paths: titlePaths }));
  const browsePaths: string[] = [];
  for (const genre of s.genres) {
    for (let from = 1950; from <= 2015; from += 5) {
      for (const order of ["popularity", "rating", "release_date", "name"]) {
        browsePaths.push(`/titles?genre=${genre}&year_from=${from}&year_to=${from + 9}&rating=6&order=${order}`);
      }
    }
  }
  const browseUrls = distinct(browsePaths);
  rows.push(await bench.measure(`browse, ${browseUrls.length} distinct URLs of ${browsePaths.length} filter mixes (no cache)`, { path: browseUrls[0], paths: browseUrls }));

  const missed: string[] = [];
  // Decision 026's rows: cached guest pages against the static file; uncached rows against the first measured req/s.
  for (const row of rows) {
    const uncached = row.name.includes("(no cache)") ? (row.name.startsWith("title pages") ? UNCACHED_BASELINE_RPS.titles : UNCACHED_BASELINE_RPS.browse) : null;
    if (uncached !== null) {
      const gain = row.requestsPerSecond / uncached;
      const ok = gain >= UNCACHED_GAIN_TARGET && row.errors === 0 && row.non2xx === 0;
      bench.note(`${ok ? "met   " : "MISSED"} decision 026, ${row.name}: ${row.requestsPerSecond} req/s = ${gain.toFixed(2)} x the first measured ${uncached} (target >= ${UNCACHED_GAIN_TARGET})`);
      if (!ok) missed.push(`${row.name} (decision 026 req/s)`);
    } else if (!row.name.includes("signed in")) {
      const p50 = statik.p50Ms > 0 ? row.p50Ms / statik.p50Ms : Number.POSITIVE_INFINITY;
      const p99 = statik.p99Ms > 0 ? row.p99Ms / statik.p99Ms : Number.POSITIVE_INFINITY;
      const ok = p50 <= CACHED_RATIO_TARGET && p99 <= CACHED_RATIO_TARGET && row.errors === 0 && row.non2xx === 0;
      const sized =
        statikSameSize && statikSameSize.p50Ms > 0 && statikSameSize.p99Ms > 0
          ? `; against the static file of the page's size: p50 ${(row.p50Ms / statikSameSize.p50Ms).toFixed(2)} x, p99 ${(row.p99Ms / statikSameSize.p99Ms).toFixed(2)} x`
          : "";
      bench.note(
        `${ok ? "met   " : "MISSED"} decision 026, ${row.name} (cached): p50 ${p50.toFixed(2)} x and p99 ${p99.toFixed(2)} x the static file's (target <= ${CACHED_RATIO_TARGET} both)${sized}`,
      );
      if (!ok) missed.push(`${row.name} (decision 026 cached ratio)`);
    }
  }
  for (const row of rows) {
    const ratio = statik.p50Ms > 0 ? row.p50Ms / statik.p50Ms : Number.POSITIVE_INFINITY;
    const ok = row.requests > 0 && row.errors === 0 && ratio <= RATIO_TARGET && row.non2xx === 0;
    bench.note(
      `${ok ? "met   " : "MISSED"} ${row.name}: p50 ${row.p50Ms} ms = ${ratio.toFixed(2)} x static (${statik.p50Ms} ms, target <= ${RATIO_TARGET}), p99 ${row.p99Ms} ms (the static file's ${statik.p99Ms} ms)${row.non2xx ? `, ${row.non2xx} non-2xx` : ""}${row.errors ? `, ${row.errors} errors/timeouts` : ""}`,
    );
    if (!ok) missed.push(row.name);
  }
  if (missed.length) throw new Error(`catalogue targets missed: ${missed.join("; ")}`);
}
