/**
 * A large generated catalogue for benchmarks:
 *
 *   npm run seed:scale -- --titles 100000            (.wrangler/scale-state)
 *   npm run seed:scale -- --titles 100000 --people 300000 --credits 1000000 --persist-to DIR
 *   npm run seed:scale -- --titles 100000 --reviews 10000 --comments 100000   (reviews and comment
 *     threads on the most popular title, by generated accounts: decision 025's bench)
 *
 * Builds a fresh local D1 under the state directory (a copy of a migrated
 * template, .wrangler/scale-template, which wrangler makes once per
 * migrations/ fingerprint), seeds the site's foundation (roles, settings, pages, plans) and
 * then writes the catalogue through libSQL on the D1 file as a bulk load
 * (decision 026, "Scale"): the secondary indexes and triggers of the
 * catalogue tables are dropped first and made again afterwards from their
 * own text in sqlite_master (so the schema ends byte for byte as the
 * migrations left it: checked, the run fails otherwise), the FTS indexes are
 * built once with FTS5's 'rebuild' instead of a trigger per row, the rows go
 * in as multi-row INSERTs of up to --max-parameters bound values (libSQL has
 * no D1 100-parameter limit; 100 reproduces the demo seed's statements) with
 * the journal off and synchronous off for this connection; the file goes
 * back to WAL at the end. FTS is then checked; ANALYZE runs at the end.
 * Everything is generated and flagged as such; serve it with
 *   npx wrangler dev --config build/server/wrangler.json --persist-to .wrangler/scale-state
 */
import { GENRE_NAMES } from "../app/catalogue/genre-names";
import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Table } from "drizzle-orm";
import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { artworkUrl, ARTWORK_SIZES } from "../app/catalogue/artwork";
import { credits, episodes, genres, images, keywords, people, seasons, titleGenres, titleKeywords, titles, videos } from "../app/catalogue/tables";
import { slugify } from "../app/http/slug";
import * as schema from "../app/db/tables";
import type { Database } from "../app/db/client.server";
import { fingerprintOf, stampMatches } from "./lib/build-fingerprint";
import { localD1File } from "./lib/local-d1";
import { bin, quietEnv, run } from "./lib/run";
import Libsql from "libsql";
import { insertStatements, libsqlNativeRunner, type Statement, type StatementRunner } from "./seed/catalogue/bulk-insert";
import { dropForBulkLoad, restoreAfterBulkLoad, schemaSnapshot } from "./seed/catalogue/bulk-load";
import { buildSearchVocabulary } from "./seed/catalogue/search-vocabulary";
import { fakerFor, generatePlot, generateTagline } from "./seed/catalogue/generate";
import { SAMPLE_VIDEO } from "./seed/catalogue/media";
import { seedAll } from "./seed/index";
import { renderBody } from "../app/community/body.server";
import { comments as commentRows, reviews as reviewRows } from "../app/community/tables";
import { users } from "../app/auth/users.tables";

const { values } = parseArgs({
  options: {
    titles: { type: "string", default: "100000" },
    people: { type: "string" },
    credits: { type: "string" },
    "persist-to": { type: "string", default: ".wrangler/scale-state" },
    seed: { type: "string", default: "1" },
    "statements-per-transaction": { type: "string", default: "5000" },
    "max-parameters": { type: "string", default: "2000" },
    reviews: { type: "string", default: "0" },
    comments: { type: "string", default: "0" },
  },
});

const TITLES = positive(values.titles, "--titles");
const PEOPLE = values.people ? positive(values.people, "--people") : TITLES * 3;
const CREDITS = values.credits ? positive(values.credits, "--credits") : TITLES * 10;
const SEED = positive(values.seed, "--seed");
const PER_TRANSACTION = positive(values["statements-per-transaction"], "--statements-per-transaction");
/** Bound values per INSERT (SQLite allows 32,766; D1 100, which only matters when the statements go to D1). */
const MAX_PARAMETERS = Math.min(32_766, positive(values["max-parameters"], "--max-parameters"));
function insert<T extends Table>(table: T, rows: readonly Partial<T["$inferInsert"]>[]): Statement[] {
  return insertStatements(table, rows, { maxParameters: MAX_PARAMETERS });
}
const REVIEWS = Number(values.reviews) || 0;
const COMMENTS = Number(values.comments) || 0;
const persistTo = resolve(values["persist-to"]!);
const MARKER = join(persistTo, ".scale-state");
/** A migrated empty state, copied for each run (rebuilt when migrations/ changes). */
const TEMPLATE = resolve(".wrangler/scale-template");

function positive(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${flag} must be a positive whole number (got ${value}).`);
  return n;
}

// --- Timing --------------------------------------------------------------------
const timings: [string, number, number][] = [];
async function timed<T>(label: string, rows: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  timings.push([label, rows, ms]);
  const memory = process.memoryUsage();
  console.log(
    `  ${label.padEnd(34)} ${String(rows).padStart(10)} rows  ${(ms / 1000).toFixed(1).padStart(6)} s${rows ? `  ${Math.round(rows / (ms / 1000)).toLocaleString("en")} rows/s` : ""}  [rss ${Math.round(memory.rss / 1048576)} MB, heap ${Math.round(memory.heapUsed / 1048576)} MB]`,
  );
  return result;
}

// --- Deterministic randomness ------------------------------------------------------------
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
/**
 * Skewed towards 0: a few busy people, a long tail. With 300,000 people and
 * 1,000,000 credits the busiest gets about 230 credits (a busy real actor has
 * a few hundred), the median person two or three.
 */
const skewed = (size: number, power = 1.5) => Math.min(size - 1, Math.floor(size * random() ** power));

// Word pools drawn once from faker (calling faker per row would cost minutes).
function pool(size: number, make: (i: number) => string) {
  return [...new Set(Array.from({ length: size }, (_, i) => make(i)))];
}
const FIRST = pool(3000, (i) => fakerFor("scale-first", SEED, i).person.firstName());
const LAST = pool(3000, (i) => fakerFor("scale-last", SEED, i).person.lastName());
const NOUNS = pool(3000, (i) => fakerFor("scale-noun", SEED, i).word.noun());
const ADJECTIVES = pool(1500, (i) => fakerFor("scale-adj", SEED, i).word.adjective());
const CITIES = pool(500, (i) => `${fakerFor("scale-city", SEED, i).location.city()}, ${fakerFor("scale-country", SEED, i).location.country()}`);
const GENRES = GENRE_NAMES;
const PLOTS = Array.from({ length: 400 }, (_, i) => generatePlot(`scale-${SEED}-${i}`, [GENRES[i % GENRES.length]]));
const TAGLINES = Array.from({ length: 50 }, (_, i) => generateTagline(`scale-${SEED}-${i}`));
const KEYWORDS = pool(600, (i) => `${fakerFor("scale-kw", SEED, i).word.adjective()} ${fakerFor("scale-kw2", SEED, i).word.noun()}`);
const MOVIE_CERTS = ["G", "PG", "PG-13", "R", "NC-17", "NR", null];
const TV_CERTS = ["TV-Y", "TV-G", "TV-PG", "TV-14", "TV-MA"];
const LANGUAGES = ["en", "en", "en", "en", "fr", "es", "de", "it", "ja", "ko", "hi", "sv", "pt"];
const COUNTRIES = ["US", "US", "US", "GB", "FR", "DE", "ES", "IT", "JP", "KR", "IN", "SE", "BR", "CA", "AU"];
const CREW = [
  { department: "Directing", job: "Director" },
  { department: "Writing", job: "Screenplay" },
  { department: "Production", job: "Producer" },
  { department: "Sound", job: "Original Music Composer" },
  { department: "Camera", job: "Director of Photography" },
  { department: "Editing", job: "Editor" },
] as const;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function titleName() {
  switch (int(0, 5)) {
    case 0:
      return `The ${capitalise(pick(NOUNS))}`;
    case 1:
      return `${capitalise(pick(ADJECTIVES))} ${capitalise(pick(NOUNS))}`;
    case 2:
      return `${capitalise(pick(NOUNS))} of the ${capitalise(pick(NOUNS))}`;
    case 3:
      return `${pick(FIRST)}'s ${capitalise(pick(NOUNS))}`;
    case 4:
      return `The ${capitalise(pick(ADJECTIVES))} ${capitalise(pick(NOUNS))} ${int(2, 4)}`;
    default:
      return `${capitalise(pick(NOUNS))}`;
  }
}
const isoDay = (year: number, dayOfYear: number) => new Date(Date.UTC(year, 0, dayOfYear)).toISOString().slice(0, 10);

// --- Writing -----------------------------------------------------------------------------------------
let runner: StatementRunner;
let pending: Statement[] = [];
let statementsRun = 0;
async function write(statements: Statement[]) {
  pending.push(...statements);
  if (pending.length >= PER_TRANSACTION) await flush();
}
async function flush() {
  if (!pending.length) return;
  const batch = pending;
  pending = [];
  await runner(batch);
  statementsRun += batch.length;
}

/** Generates and writes `total` rows in chunks so memory stays flat. */
async function stream<T>(total: number, make: (i: number) => T[], toStatements: (rows: T[]) => Statement[], chunk = 20_000) {
  let written = 0;
  for (let start = 0; start < total; start += chunk) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + chunk); i++) rows.push(...make(i));
    written += rows.length;
    await write(toStatements(rows));
  }
  await flush();
  return written;
}

// --- Bulk load: indexes and triggers made after the rows ------------------------------------
/** The catalogue tables this script fills; their secondary indexes and triggers wait until the rows are in. */
const BULK_TABLES = ["titles", "people", "credits", "title_genres", "title_keywords", "images", "videos", "seasons", "episodes"];

// --- Main ---------------------------------------------------------------------------------------------------------
async function prepareState() {
  if (existsSync(persistTo)) {
    if (!existsSync(MARKER)) {
      throw new Error(`${persistTo} exists and was not made by seed:scale; pick another --persist-to or remove it yourself.`);
    }
    rmSync(persistTo, { recursive: true, force: true });
  }
  // wrangler applies the migrations one miniflare round trip at a time (40 s on a
  // quiet machine, 9 minutes at load 30): done once into a template per
  // migrations/ fingerprint, then copied (the file names are miniflare's, so the copy is served as is).
  const migrations = fingerprintOf(["migrations"]);
  const stamp = join(TEMPLATE, ".migrations-applied");
  if (!stampMatches(stamp, migrations)) {
    rmSync(TEMPLATE, { recursive: true, force: true });
    mkdirSync(TEMPLATE, { recursive: true });
    await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", TEMPLATE], {
      env: { ...quietEnv, CI: "true" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    writeFileSync(stamp, migrations);
  }
  // The copy keeps the template's .migrations-applied stamp, so `npm run bench -- --persist-to` on it skips wrangler too.
  cpSync(TEMPLATE, persistTo, { recursive: true });
  writeFileSync(MARKER, "Made by npm run seed:scale; deleted and rebuilt on the next run.\n");
}

async function main() {
  const total = performance.now();
  console.log(`Scale catalogue: ${TITLES.toLocaleString("en")} titles, ${PEOPLE.toLocaleString("en")} people, ${CREDITS.toLocaleString("en")} credits -> ${persistTo}`);
  await timed("fresh state (migrated template)", 0, prepareState);
  // Bulk writes through libSQL's synchronous driver (prepared statements
  // reused); the foundation seed and checks go through @libsql/client.
  const native = new Libsql(localD1File(persistTo));
  // Bulk-load settings for this connection (the journal mode is put back to what wrangler made, WAL, below).
  const journalMode = (native.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode;
  native.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -524288; PRAGMA temp_store = MEMORY;");
  const schemaBefore = schemaSnapshot(native);
  const deferred = dropForBulkLoad(native, BULK_TABLES);
  runner = libsqlNativeRunner(native);
  const client: Client = createClient({ url: `file:${localD1File(persistTo)}` });
  const db = drizzle(client, { schema }) as unknown as Database;

  const seriesEvery = 10; // one title in ten is a series
  const seriesIds: number[] = [];
  const popularityOf = new Float64Array(TITLES + 1);

  await timed("genres + keywords", GENRES.length + KEYWORDS.length, async () => {
    await write(
      insert(
        genres,
        GENRES.map((name, i) => ({ id: i + 1, name, slug: slugify(name) })),
      ),
    );
    await write(
      insert(
        keywords,
        KEYWORDS.map((name, i) => ({ id: i + 1, name, slug: `${slugify(name)}-${i + 1}` })),
      ),
    );
    await flush();
  });

  await timed("titles", TITLES, () =>
    stream(
      TITLES,
      (i) => {
        const id = i + 1;
        const series = id % seriesEvery === 0;
        if (series) seriesIds.push(id);
        const name = titleName();
        const year = int(1920, 2025);
        const popularity = Math.round(random() ** 3 * 100_000) / 1000;
        popularityOf[id] = popularity;
        const votes = Math.floor(random() ** 4 * 2_000_000);
        const seasonCount = series ? int(1, 2) : 0;
        return [
          {
            id,
            type: series ? ("series" as const) : ("movie" as const),
            name,
            slug: slugify(name),
            releaseDate: isoDay(year, int(1, 365)),
            year,
            endYear: series ? Math.min(2026, year + int(0, 8)) : null,
            runtime: series ? int(22, 60) : int(75, 180),
            tagline: pick(TAGLINES),
            plot: pick(PLOTS),
            certification: series ? pick(TV_CERTS) : pick(MOVIE_CERTS),
            language: pick(LANGUAGES),
            countries: [pick(COUNTRIES)],
            budget: series ? null : int(1, 200) * 1_000_000,
            revenue: series ? null : int(0, 900) * 1_000_000 || null,
            popularity,
            externalRating: votes ? Math.round((3 + random() * 6.5) * 10) / 10 : null,
            externalVotes: votes || null,
            poster: artworkUrl("poster", id),
            backdrop: artworkUrl("backdrop", id),
            seasonCount,
            episodeCount: seasonCount * 8,
            generatedFields: ["name", "plot", "tagline", "cast", "crew", "keywords", "certification", "runtime", "language", "countries"],
          },
        ];
      },
      (rows) => insert(titles, rows),
    ),
  );

  await timed("title genres + keywords", 0, async () => {
    const n = await stream(
      TITLES,
      (i) => {
        const id = i + 1;
        const chosen = new Set<number>();
        const count = int(1, 3);
        while (chosen.size < count) chosen.add(int(1, GENRES.length));
        return [...chosen].map((genreId) => ({ titleId: id, genreId }));
      },
      (rows) => insert(titleGenres, rows),
    );
    const k = await stream(
      TITLES,
      (i) => {
        const chosen = new Set<number>();
        const count = int(0, 3);
        while (chosen.size < count) chosen.add(int(1, KEYWORDS.length));
        return [...chosen].map((keywordId) => ({ titleId: i + 1, keywordId }));
      },
      (rows) => insert(titleKeywords, rows),
    );
    console.log(`    (${n.toLocaleString("en")} genre links, ${k.toLocaleString("en")} keyword links)`);
  });

  await timed("people", PEOPLE, () =>
    stream(
      PEOPLE,
      (i) => {
        const id = i + 1;
        const name = `${pick(FIRST)} ${pick(LAST)}`;
        const born = int(1900, 2005);
        const department = i % 5 === 0 ? pick(CREW).department : "Acting";
        return [
          {
            id,
            name,
            slug: slugify(name),
            biography: `${name} is a generated person in the benchmark catalogue, credited mostly in ${department.toLowerCase()}.`,
            birthDate: isoDay(born, int(1, 365)),
            deathDate: born < 1940 && random() < 0.5 ? isoDay(int(born + 40, 2024), int(1, 365)) : null,
            birthPlace: pick(CITIES),
            gender: pick(["female", "male", "female", "male", "nonbinary", "unknown"] as const),
            knownFor: department,
            popularity: Math.round(random() ** 3 * 50_000) / 1000,
            profile: artworkUrl("profile", id),
            generatedFields: ["name", "biography", "birth_date", "death_date", "birth_place", "gender"],
          },
        ];
      },
      (rows) => insert(people, rows),
    ),
  );

  // Seasons and episodes for the series (8 per season).
  let episodeTotal = 0;
  await timed("seasons + episodes", 0, async () => {
    let seasonId = 0;
    let episodeId = 0;
    const seasonRows: (typeof seasons.$inferInsert)[] = [];
    const episodeRows: (typeof episodes.$inferInsert)[] = [];
    for (const titleId of seriesIds) {
      const count = int(1, 2);
      for (let s = 1; s <= count; s++) {
        seasonId++;
        const year = int(1990, 2025);
        seasonRows.push({
          id: seasonId,
          titleId,
          number: s,
          name: `Season ${s}`,
          plot: pick(PLOTS),
          airDate: isoDay(year, int(1, 300)),
          episodeCount: 8,
          generatedFields: ["name", "plot", "air_date"],
        });
        for (let e = 1; e <= 8; e++) {
          episodeId++;
          episodeRows.push({
            id: episodeId,
            titleId,
            seasonId,
            seasonNumber: s,
            episodeNumber: e,
            name: `${capitalise(pick(ADJECTIVES))} ${capitalise(pick(NOUNS))}`,
            plot: pick(PLOTS),
            airDate: isoDay(year, 1 + e * 7),
            runtime: int(22, 60),
            still: artworkUrl("still", episodeId),
            generatedFields: ["name", "plot", "air_date", "runtime"],
          });
        }
      }
      // Keep the denormalised counts honest.
      await write([{ sql: "UPDATE titles SET season_count = ?, episode_count = ? WHERE id = ?", args: [count, count * 8, titleId] }]);
    }
    await write(insert(seasons, seasonRows));
    await write(insert(episodes, episodeRows));
    await flush();
    episodeTotal = episodeRows.length;
    console.log(`    (${seasonRows.length.toLocaleString("en")} seasons, ${episodeRows.length.toLocaleString("en")} episodes)`);
  });

  // Credits: every title gets cast and crew; busy people recur (skewed choice).
  await timed("credits", CREDITS, () => {
    const perTitle = CREDITS / TITLES;
    let made = 0;
    return stream(
      TITLES,
      (i) => {
        const titleId = i + 1;
        // Spread the remainder so the total lands on CREDITS exactly.
        const target = Math.round((i + 1) * perTitle) - made;
        made += target;
        const rows: (typeof credits.$inferInsert)[] = [];
        const crewCount = Math.max(1, Math.round(target * 0.25));
        for (let c = 0; c < target; c++) {
          const personId = 1 + skewed(PEOPLE);
          if (c < target - crewCount) {
            rows.push({ titleId, personId, kind: "cast", character: `${pick(FIRST)} ${pick(LAST)}`, position: c, department: "Acting", job: "Actor", generated: true });
          } else {
            const role = CREW[(c - (target - crewCount)) % CREW.length];
            rows.push({ titleId, personId, kind: "crew", position: 0, department: role.department, job: role.job, generated: true });
          }
        }
        return rows;
      },
      (rows) => insert(credits, rows),
      10_000,
    );
  });

  await timed("videos", Math.ceil(TITLES / 10), () =>
    stream(
      Math.ceil(TITLES / 10),
      (i) => {
        const titleId = i * 10 + 1;
        return [
          i % 2 === 0
            ? {
                titleId,
                name: "Test-pattern sample (stand-in trailer)",
                category: "trailer" as const,
                source: "r2" as const,
                src: SAMPLE_VIDEO.key,
                mime: "video/mp4",
                quality: "360p",
                duration: SAMPLE_VIDEO.seconds,
                thumbnail: artworkUrl("backdrop", titleId),
              }
            : {
                titleId,
                name: "Big Buck Bunny (Blender Foundation open movie, stand-in clip)",
                category: "clip" as const,
                source: "vimeo" as const,
                src: "1084537",
                mime: null,
                quality: "1080p",
                duration: 596,
                thumbnail: artworkUrl("backdrop", titleId),
              },
        ];
      },
      (rows) => insert(videos, rows),
    ),
  );

  await timed("images (posters, backdrops, profiles)", TITLES * 2 + PEOPLE, async () => {
    await stream(
      TITLES,
      (i) => [
        { titleId: i + 1, personId: null, type: "poster" as const, url: artworkUrl("poster", i + 1), ...ARTWORK_SIZES.poster, position: 0 },
        { titleId: i + 1, personId: null, type: "backdrop" as const, url: artworkUrl("backdrop", i + 1), ...ARTWORK_SIZES.backdrop, position: 1 },
      ],
      (rows) => insert(images, rows),
    );
    return stream(
      PEOPLE,
      (i) => [{ titleId: null, personId: i + 1, type: "profile" as const, url: artworkUrl("profile", i + 1), ...ARTWORK_SIZES.profile, position: 0 }],
      (rows) => insert(images, rows),
    );
  });

  await timed(`indexes (${deferred.filter((d) => d.type === "index").length}) + triggers made again`, 0, async () => restoreAfterBulkLoad(native, deferred));
  // The triggers keep the FTS indexes from now on; the rows already in are indexed in one pass each.
  await timed("FTS rebuild (titles, people)", 0, async () => native.exec("INSERT INTO titles_fts(titles_fts) VALUES('rebuild'); INSERT INTO people_fts(people_fts) VALUES('rebuild');"));
  // The genres' title counts: their triggers on title_genres were off during the load (migration 0080).
  await timed("genre title counts", 0, async () => native.exec("UPDATE genres SET titles_count = (SELECT count(*) FROM title_genres tg WHERE tg.genre_id = genres.id);"));
  // The typo index of forgiving search (decision 032): its queue's triggers were off during the load.
  await timed("search vocabulary (typo index)", 0, async () => {
    const built = buildSearchVocabulary(native);
    console.log(`    (${built.terms.toLocaleString("en")} words, ${built.rows.toLocaleString("en")} index rows)`);
  });
  const schemaAfter = schemaSnapshot(native);
  if (schemaAfter !== schemaBefore) throw new Error("The schema after the bulk load differs from the migrated one (sqlite_master); the state is not usable.");
  console.log("    (sqlite_master after the load is identical to the migrated schema)");

  if (REVIEWS || COMMENTS) {
    await timed("community: accounts, reviews, comments", REVIEWS * 2 + COMMENTS, () => seedCommunity(native));
  }

  await timed("FTS integrity check", 0, async () => {
    native.exec("INSERT INTO titles_fts(titles_fts) VALUES('integrity-check')");
    native.exec("INSERT INTO people_fts(people_fts) VALUES('integrity-check')");
  });
  await timed("ANALYZE", 0, async () => native.exec("ANALYZE"));
  native.exec(`PRAGMA journal_mode = ${journalMode}; PRAGMA synchronous = FULL;`);
  native.close();

  // Roles, settings, pages, plans, and the sample video in local R2; the
  // demo catalogue part sees a full catalogue and leaves it alone.
  await timed("foundation seed + sample video", 0, () => seedAll(db, { log: () => {}, persistTo }));

  const counts = await client.execute(`SELECT
    (SELECT count(*) FROM titles) AS titles, (SELECT count(*) FROM people) AS people, (SELECT count(*) FROM credits) AS credits,
    (SELECT count(*) FROM episodes) AS episodes, (SELECT count(*) FROM titles_fts) AS fts_titles`);
  client.close();
  const row = counts.rows[0];
  const size = statSync(localD1File(persistTo)).size;
  console.log(
    `\nDone in ${((performance.now() - total) / 1000).toFixed(1)} s: ${Number(row.titles).toLocaleString("en")} titles, ${Number(row.people).toLocaleString("en")} people, ` +
      `${Number(row.credits).toLocaleString("en")} credits, ${Number(row.episodes).toLocaleString("en")} episodes (${episodeTotal.toLocaleString("en")} generated); ` +
      `${statementsRun.toLocaleString("en")} statements of <= ${MAX_PARAMETERS} parameters; database ${(size / 1024 / 1024).toFixed(0)} MB.`,
  );
  console.log(`Serve it: BUILD_DIR=build npx wrangler dev --config build/server/wrangler.json --persist-to ${values["persist-to"]} --env-file .dev.vars`);
}

/**
 * Reviews and comments (decision 025) on the most popular title: REVIEWS
 * generated accounts each review it once; COMMENTS comments split between the
 * title's discussion and its most helpful review, one in five top-level and
 * the rest replies one or two levels deep. Stored counts are then recounted
 * from the rows, as the application keeps them.
 */
async function seedCommunity(native: InstanceType<typeof Libsql>) {
  const title = native.prepare("SELECT id FROM titles ORDER BY popularity DESC LIMIT 1").get() as { id: number };
  const firstUser = ((native.prepare("SELECT coalesce(max(id), 0) AS id FROM users").get() as { id: number }).id ?? 0) + 1;
  const old = new Date(Date.now() - 400 * 86_400_000);
  await stream(
    REVIEWS,
    (i) => [{ id: firstUser + i, email: `reviewer-${i + 1}@scale.example.test`, firstName: `Reviewer ${i + 1}`, createdAt: old }],
    (rows) => insert(users, rows),
  );
  const phrases = ["A patient, generous film", "Overlong but sincere", "The score carries it", "Handsome and hollow", "Better on a second watch", "A quiet triumph"];
  await stream(
    REVIEWS,
    (i) => {
      const body = `Generated review ${i + 1} for the benchmark. ${pick(phrases)}.\n\nIt runs on ${int(2, 6)} ideas and lands ${int(1, 3)} of them.`;
      return [
        {
          id: i + 1,
          userId: firstUser + i,
          titleId: title.id,
          episodeId: 0,
          score: int(1, 10),
          headline: pick(phrases),
          body,
          bodyHtml: renderBody(body),
          helpfulCount: skewed(200, 3),
          createdAt: new Date(old.getTime() + i * 60_000),
        },
      ];
    },
    (rows) => insert(reviewRows, rows),
  );
  const topReview = REVIEWS ? (native.prepare("SELECT id FROM reviews WHERE title_id = ? ORDER BY helpful_count DESC, id DESC LIMIT 1").get(title.id) as { id: number }).id : 0;
  // The latest top-level comment and its latest reply, per target, for replies to point at.
  const latest: Record<string, { top: number; reply: number }> = {};
  await stream(
    COMMENTS,
    (i) => {
      const onReview = topReview !== 0 && i % 2 === 1;
      const kind = onReview ? ("review" as const) : ("title" as const);
      const targetId = onReview ? topReview : title.id;
      const id = i + 1;
      const mark = (latest[kind] ??= { top: 0, reply: 0 });
      const body = `Generated comment ${id}: ${pick(phrases).toLowerCase()}.`;
      const base = { id, userId: firstUser + (i % Math.max(1, REVIEWS)), targetKind: kind, targetId, body, bodyHtml: renderBody(body), createdAt: new Date(old.getTime() + i * 1000) };
      if (i % 5 < 2 || !mark.top) {
        mark.top = id;
        mark.reply = 0;
        return [{ ...base, parentId: null as number | null, rootId: 0, depth: 0 }];
      }
      if (mark.reply && i % 5 === 4) return [{ ...base, parentId: mark.reply, rootId: mark.top, depth: 2 }];
      mark.reply = id;
      return [{ ...base, parentId: mark.top, rootId: mark.top, depth: 1 }];
    },
    (rows) => insert(commentRows, rows),
  );
  native.exec(`
    UPDATE comments SET reply_count = (SELECT count(*) FROM comments c WHERE c.parent_id = comments.id) WHERE id IN (SELECT DISTINCT parent_id FROM comments WHERE parent_id IS NOT NULL);
    UPDATE reviews SET comment_count = (SELECT count(*) FROM comments c WHERE c.target_kind = 'review' AND c.target_id = reviews.id) WHERE id = ${topReview};
    INSERT OR REPLACE INTO community_counts (target_kind, target_id, review_count, score_sum, comment_count)
      VALUES ('title', ${title.id}, (SELECT count(*) FROM reviews WHERE title_id = ${title.id} AND episode_id = 0 AND status = 'published'),
        (SELECT coalesce(sum(score), 0) FROM reviews WHERE title_id = ${title.id} AND episode_id = 0 AND status = 'published'),
        (SELECT count(*) FROM comments WHERE target_kind = 'title' AND target_id = ${title.id}));
    INSERT OR REPLACE INTO community_counts (target_kind, target_id, comment_count)
      VALUES ('review', ${topReview}, (SELECT count(*) FROM comments WHERE target_kind = 'review' AND target_id = ${topReview}));
  `);
  return REVIEWS * 2 + COMMENTS;
}

await main();
