/**
 * Imports from TMDB into the local catalogue (the same importer as the admin
 * area, decision 019), writing through the local D1 file under
 * .wrangler/state, so it works while `npm start` serves the site:
 *
 *   npm run tmdb:import -- movie 603
 *   npm run tmdb:import -- tv https://www.themoviedb.org/tv/1399
 *   npm run tmdb:import -- person 287
 *   npm run tmdb:import -- https://www.themoviedb.org/movie/603-the-matrix
 *   npm run tmdb:import -- discover movie --pages 3 --year-from 2000 --year-to 2010 --min-votes 500 --genres 18 --language en --sort vote_average.desc
 *
 * Options: --persist-to DIR (another local state), DATABASE_URL=libsql://… (a libSQL database).
 * TMDB_API_KEY, TMDB_API_URL and TMDB_IMAGE_URL come from the environment, else from .dev.vars.
 */
import { parseArgs } from "node:util";
import { settings as settingsTable } from "../app/settings/tables";
import { mergeStoredSettings } from "../app/settings/settings.server";
import { createTmdbClient, tmdbConfigFrom, TmdbError } from "../app/tmdb/client.server";
import { importDiscoverPage } from "../app/tmdb/discover.server";
import { importTmdbItem } from "../app/tmdb/import.server";
import { parseTmdbRef, TMDB_MEDIA_TYPES, type TmdbMediaType } from "../app/tmdb/refs";
import { importOptionsFrom } from "../app/tmdb/tmdb.server";
import { TMDB_DISCOVER_MAX_PAGES } from "../app/constants";
import { readDevVars } from "./lib/dev-vars";
import { openLibsql, openLocalD1 } from "./lib/local-d1";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "persist-to": { type: "string" },
    pages: { type: "string", default: "1" },
    "year-from": { type: "string" },
    "year-to": { type: "string" },
    genres: { type: "string" },
    language: { type: "string" },
    "min-votes": { type: "string" },
    sort: { type: "string" },
  },
});

const config = tmdbConfigFrom({ ...readDevVars(), ...process.env });
if (!config) {
  console.error("TMDB_API_KEY is not set: put it in .dev.vars (TMDB_API_KEY=...) or the environment. See the README.");
  process.exit(1);
}
const usage = "Usage: npm run tmdb:import -- <movie|tv|person> <id|url>  |  <themoviedb.org url>  |  discover <movie|tv> [--pages N ...]";

const { db, client: sqlite } = process.env.DATABASE_URL ? openLibsql(process.env.DATABASE_URL, process.env.DATABASE_AUTH_TOKEN) : openLocalD1(values["persist-to"]);
// The running Worker holds the same file: wait for its locks instead of failing.
if (!process.env.DATABASE_URL) await sqlite.execute("PRAGMA busy_timeout = 5000");
const tmdb = createTmdbClient(config, { onRetry: ({ path, status, waitMs }) => console.log(`  TMDB answered ${status ?? "no connection"} for ${path}; waiting ${waitMs} ms`) });

try {
  const settings = mergeStoredSettings(await db.select().from(settingsTable));
  const options = importOptionsFrom(config.imageUrl, settings);
  if (positionals[0] === "discover") {
    const mediaType = positionals[1] === "tv" ? "tv" : positionals[1] === "movie" ? "movie" : null;
    if (!mediaType) throw new Error(usage);
    const num = (name: string) => (values[name as keyof typeof values] ? Number(values[name as keyof typeof values]) : undefined);
    const params = { yearFrom: num("year-from"), yearTo: num("year-to"), genres: values.genres, language: values.language, minVotes: num("min-votes"), sort: values.sort };
    const maxPages = Math.min(Math.max(1, Number(values.pages) || 1), TMDB_DISCOVER_MAX_PAGES);
    let total = 0;
    for (let page = 1; page <= maxPages; page++) {
      const result = await importDiscoverPage(db, tmdb, options, mediaType, params, page);
      total += result.imported;
      console.log(
        `page ${page}/${Math.min(maxPages, result.totalPages)}: imported ${result.imported} of ${result.items}${result.failures.length ? `, failed ${result.failures.map((f) => `${f.id} (${f.message})`).join("; ")}` : ""}`,
      );
      if (page >= result.totalPages) break;
    }
    console.log(`Imported ${total} ${mediaType === "movie" ? "movies" : "series"} from TMDB discover.`);
  } else {
    const [first, second] = positionals;
    const type = TMDB_MEDIA_TYPES.includes(first as TmdbMediaType) ? (first as TmdbMediaType) : undefined;
    const ref = parseTmdbRef(type ? (second ?? "") : (first ?? ""), type);
    if (!ref) throw new Error(usage);
    const result = await importTmdbItem(db, tmdb, ref, options);
    const what = result.type === "person" ? `person #${result.id}` : `title #${result.id}`;
    const detail =
      result.type === "tv"
        ? `, ${result.seasons} seasons, ${result.episodes} episodes, ${result.cast} cast, ${result.crew} crew`
        : result.type === "movie"
          ? `, ${result.cast} cast, ${result.crew} crew`
          : `, ${result.linkedCredits} credits linked to catalogue titles`;
    console.log(`${result.created ? "Imported" : "Updated"} ${result.name} (TMDB ${result.type} ${result.tmdbId}) as ${what}${detail}.`);
  }
} catch (error) {
  console.error(error instanceof TmdbError || error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  // A running site (npm start) shows the new data within seconds: guests' page copies are keyed by the content version (decision 026).
  await sqlite.execute("UPDATE content_version SET version = version + 1, updated_at = unixepoch() WHERE id = 1").catch(() => undefined);
  sqlite.close();
}
