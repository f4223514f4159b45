/**
 * Cleaning the vega-datasets movies.json (3,201 real films, BSD-3) before it
 * becomes catalogue titles. The file has known dirt, each handled here and
 * reported so the seed can print what it dropped or fixed:
 * - titles that are numbers (1776, 300, 2012: real films whose names are
 *   numbers, parsed as numbers): kept, as text;
 * - a null or blank title: dropped (nothing to show);
 * - release years in the future of the data (2046 for 1946) from two-digit
 *   year parsing: moved back a century when that lands in cinema's history,
 *   dropped otherwise;
 * - text decoded with the wrong code page ("AmÈlie" for "Amélie"): repaired;
 * - library-style names ("Secret, The"), doubled spaces, and a year in
 *   parentheses that repeats the release year: normalised;
 * - duplicates (same name and year after the fixes): the fullest row kept;
 * - impossible numbers (ratings outside 0-10 / 0-100, runtimes outside
 *   1-1000 minutes, negative money): set to null.
 */

/** One row of movies.json as published. */
export interface RawMovie {
  Title?: unknown;
  "US Gross"?: unknown;
  "Worldwide Gross"?: unknown;
  "US DVD Sales"?: unknown;
  "Production Budget"?: unknown;
  "Release Date"?: unknown;
  "MPAA Rating"?: unknown;
  "Running Time min"?: unknown;
  Distributor?: unknown;
  Source?: unknown;
  "Major Genre"?: unknown;
  "Creative Type"?: unknown;
  Director?: unknown;
  "Rotten Tomatoes Rating"?: unknown;
  "IMDB Rating"?: unknown;
  "IMDB Votes"?: unknown;
}

export interface CleanMovie {
  name: string;
  /** "YYYY-MM-DD" */
  releaseDate: string;
  year: number;
  certification: string | null;
  runtime: number | null;
  budget: number | null;
  revenue: number | null;
  usGross: number | null;
  distributor: string | null;
  source: string | null;
  majorGenre: string | null;
  creativeType: string | null;
  director: string | null;
  rottenTomatoes: number | null;
  imdbRating: number | null;
  imdbVotes: number | null;
}

export interface CleaningReport {
  dropped: { title: string; reason: string }[];
  fixed: { title: string; fix: string }[];
}

/** The data was collected around 2010; nothing in it can be later than this. */
export const LAST_PLAUSIBLE_YEAR = 2012;
/** The first commercial film screenings. */
export const FIRST_PLAUSIBLE_YEAR = 1888;

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

const CERTIFICATIONS: Record<string, string | null> = {
  G: "G",
  PG: "PG",
  "PG-13": "PG-13",
  R: "R",
  "NC-17": "NC-17",
  "Not Rated": "NR",
  // "Open" is a release pattern, not a rating.
  Open: null,
};

// Mac Roman decoding of Windows-1252 bytes: "È" was "é", "Û" was "ó".
const MAC_ROMAN = new TextDecoder("macintosh").decode(Uint8Array.from({ length: 128 }, (_, i) => 128 + i));
const WINDOWS_1252 = new TextDecoder("windows-1252");

/**
 * How odd a text looks: symbols and foreign-script letters inside Latin
 * text, capitals in the middle of words, lone capital letters. Mojibake
 * scores high ("AmÈlie", "pi˘"); real titles score low.
 */
function oddness(text: string): number {
  const chars = [...text];
  let score = 0;
  chars.forEach((char, i) => {
    if (char.codePointAt(0)! < 0x80 || /[…‘’“”–—\p{N}]/u.test(char)) return;
    if (!/\p{L}/u.test(char)) return void score++;
    if (!/\p{Script=Latin}/u.test(char)) return void score++;
    const prevLetter = i > 0 && /\p{L}/u.test(chars[i - 1]);
    const nextLetter = i + 1 < chars.length && /\p{L}/u.test(chars[i + 1]);
    if (char !== char.toLowerCase() && (prevLetter || !nextLetter)) score++;
  });
  return score;
}

/**
 * Repairs text whose Windows-1252 bytes were read as Mac Roman ("AmÈlie"
 * for "Amélie"). Applied only when every non-ASCII character has a Mac Roman
 * byte and the repaired text looks less odd than the original.
 */
export function repairMojibake(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      bytes.push(code);
      continue;
    }
    const index = MAC_ROMAN.indexOf(char);
    if (index < 0) return text; // not Mac Roman mojibake (e.g. "Alien³")
    bytes.push(0x80 + index);
  }
  const repaired = WINDOWS_1252.decode(Uint8Array.from(bytes));
  return oddness(repaired) < oddness(text) ? repaired : text;
}

function asText(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text ? text : null;
}

function asNumber(value: unknown, min: number, max: number): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

/** "Secret, The" -> "The Secret"; doubled spaces collapsed. */
function normaliseName(name: string): string {
  const collapsed = name.replace(/\s+/g, " ").trim();
  const article = /^(.*), (The|A|An)$/.exec(collapsed);
  return article ? `${article[2]} ${article[1]}` : collapsed;
}

/** "Jun 12 1998" -> { month: 6, day: 12, year: 1998 }. */
function parseReleaseDate(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== "string") return null;
  const match = /^([A-Za-z]{3})\w*\.? (\d{1,2}),? (\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = MONTHS[match[1].toLowerCase()];
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (!month || day < 1 || day > 31) return null;
  return { year, month, day };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** How much a row knows, to pick the fuller of two duplicates. */
function completeness(movie: CleanMovie): number {
  return Object.values(movie).filter((v) => v !== null).length;
}

export function cleanMovies(rows: readonly RawMovie[]): { movies: CleanMovie[]; report: CleaningReport } {
  const report: CleaningReport = { dropped: [], fixed: [] };
  const byKey = new Map<string, CleanMovie>();

  for (const row of rows) {
    const rawTitle = row.Title;
    const text = asText(rawTitle);
    if (text === null) {
      report.dropped.push({ title: String(rawTitle ?? "(no title)"), reason: "no title" });
      continue;
    }
    let name = text;
    if (typeof rawTitle === "number") report.fixed.push({ title: name, fix: "numeric title kept as text" });
    const repaired = repairMojibake(name);
    if (repaired !== name) {
      report.fixed.push({ title: repaired, fix: `text encoding repaired (was "${name}")` });
      name = repaired;
    }
    const normalised = normaliseName(name);
    if (normalised !== name) {
      report.fixed.push({ title: normalised, fix: `name normalised (was "${name}")` });
      name = normalised;
    }

    const date = parseReleaseDate(row["Release Date"]);
    if (!date) {
      report.dropped.push({ title: name, reason: `unreadable release date ${JSON.stringify(row["Release Date"] ?? null)}` });
      continue;
    }
    let year = date.year;
    if (year > LAST_PLAUSIBLE_YEAR) {
      const century = year - 100;
      if (century >= FIRST_PLAUSIBLE_YEAR && century <= LAST_PLAUSIBLE_YEAR) {
        report.fixed.push({ title: name, fix: `release year ${year} -> ${century} (two-digit year read in the wrong century)` });
        year = century;
      } else {
        report.dropped.push({ title: name, reason: `impossible release year ${year}` });
        continue;
      }
    } else if (year < FIRST_PLAUSIBLE_YEAR) {
      report.dropped.push({ title: name, reason: `impossible release year ${year}` });
      continue;
    }
    const inDays = new Date(Date.UTC(year, date.month - 1, date.day));
    if (inDays.getUTCMonth() !== date.month - 1) {
      report.dropped.push({ title: name, reason: `no such date ${JSON.stringify(row["Release Date"])}` });
      continue;
    }
    // "King Kong (1933)": the year is already a field.
    const withYear = new RegExp(`^(.+?) \\(${year}\\)$`).exec(name);
    if (withYear) {
      report.fixed.push({ title: withYear[1], fix: `year removed from the name (was "${name}")` });
      name = withYear[1];
    }

    const mpaa = asText(row["MPAA Rating"]);
    const movie: CleanMovie = {
      name,
      releaseDate: `${year}-${pad(date.month)}-${pad(date.day)}`,
      year,
      certification: mpaa && mpaa in CERTIFICATIONS ? CERTIFICATIONS[mpaa] : null,
      runtime: asNumber(row["Running Time min"], 1, 1000),
      budget: asNumber(row["Production Budget"], 1, 1e10),
      // A gross of 0 means "not known" in this data set.
      revenue: asNumber(row["Worldwide Gross"], 1, 1e11),
      usGross: asNumber(row["US Gross"], 1, 1e11),
      distributor: asText(row.Distributor),
      source: asText(row.Source),
      majorGenre: asText(row["Major Genre"]),
      creativeType: asText(row["Creative Type"]),
      director: asText(row.Director),
      rottenTomatoes: asNumber(row["Rotten Tomatoes Rating"], 0, 100),
      imdbRating: asNumber(row["IMDB Rating"], 0, 10),
      imdbVotes: asNumber(row["IMDB Votes"], 0, 1e9),
    };
    for (const [field, value] of [
      ["IMDB Rating", row["IMDB Rating"]],
      ["Rotten Tomatoes Rating", row["Rotten Tomatoes Rating"]],
      ["Running Time min", row["Running Time min"]],
      ["Production Budget", row["Production Budget"]],
    ] as const) {
      const key = { "IMDB Rating": "imdbRating", "Rotten Tomatoes Rating": "rottenTomatoes", "Running Time min": "runtime", "Production Budget": "budget" }[field] as keyof CleanMovie;
      if (value !== null && value !== undefined && movie[key] === null) {
        report.fixed.push({ title: name, fix: `impossible ${field} ${JSON.stringify(value)} removed` });
      }
    }

    const key = `${name.toLowerCase()}|${year}`;
    const existing = byKey.get(key);
    if (existing) {
      const keep = completeness(movie) > completeness(existing) ? movie : existing;
      byKey.set(key, keep);
      report.dropped.push({ title: `${name} (${year})`, reason: "duplicate" });
      continue;
    }
    byKey.set(key, movie);
  }
  return { movies: [...byKey.values()], report };
}

/** A short summary for the seed log. */
export function summariseReport(report: CleaningReport, kept: number): string[] {
  const lines = [`Films: ${kept} kept, ${report.dropped.length} dropped, ${report.fixed.length} fixes.`];
  for (const d of report.dropped) lines.push(`  dropped  ${d.title}: ${d.reason}`);
  for (const f of report.fixed) lines.push(`  fixed    ${f.title}: ${f.fix}`);
  return lines;
}
