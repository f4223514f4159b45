import { IMPORT_MAX_ROWS, LIST_DESCRIPTION_MAX_LENGTH, LIST_MAX_ITEMS, LIST_NAME_MAX_LENGTH, LIST_NOTE_MAX_LENGTH } from "~/constants";
import { CsvError, parseCsv, unescapeCell } from "../files/csv";
import { decodeText, isZip, UnpackError, unzipWanted } from "./unpack";

/**
 * Reading an export into one shape (decision 027), every date kept:
 * - Letterboxd's ZIP or single CSVs: diary.csv (each entry a viewing on its
 *   Watched Date, rewatches too), ratings.csv (with the rating's date; a rated
 *   film counts as watched on that date unless the diary or watched.csv says
 *   when), watched.csv, watchlist.csv (added dates), reviews.csv (text, date,
 *   spoiler flag: Letterboxd marks spoilers in the text, see `spoilerOf`),
 *   lists/*.csv ("Letterboxd list export v7": order and notes);
 * - IMDb's ratings, watchlist and list CSVs (the `tt` id, Original Title);
 * - Trakt's JSON export (history with times, ratings, watchlist, lists), by ids;
 * - this site's own exports (the same Letterboxd layouts with Title ID, TMDB ID,
 *   IMDb ID, Type, Season, Episode and a few more columns; older single CSVs too),
 *   including `'`-defused formula cells (csv.ts), which read back as written.
 * Everything is checked before the import writes anything: a file we cannot
 * read throws an ImportFileError naming the file and line.
 */
export class ImportFileError extends Error {}

export type ImportSource = "letterboxd" | "imdb" | "trakt" | "reelbase";

export interface ImportEntry {
  name: string;
  /** IMDb's Original Title; Trakt and Letterboxd have none. */
  originalName: string | null;
  year: number | null;
  /** "tt1234567". */
  imdbId: string | null;
  tmdbId: number | null;
  /** Our own title id (the site's exports). */
  siteId: number | null;
  type: "movie" | "series" | null;
  /** An episode of a series (Trakt's history, our exports). */
  season: number | null;
  episode: number | null;
  file: string;
  line: number;
}

export interface ImportRating extends ImportEntry {
  rating: number;
  /** ISO date or date-time; null when the file has none. */
  ratedAt: string | null;
}
export interface ImportViewing extends ImportEntry {
  watchedOn: string;
  /** ISO date-time when the file gives the time (Trakt, ours). */
  watchedAt: string | null;
  rewatch: boolean;
}
export interface ImportWatchlistRow extends ImportEntry {
  addedAt: string | null;
}
export interface ImportReview extends ImportEntry {
  headline: string;
  body: string;
  spoiler: boolean;
  rating: number | null;
  reviewedAt: string | null;
  /** Our own export says it was published; other services' reviews start private (a setting). */
  published: boolean | null;
}
export interface ImportList {
  name: string;
  description: string;
  public: boolean;
  createdAt: string | null;
  items: (ImportEntry & { note: string; position: number })[];
  file: string;
}

/** A member the exporting member followed (our own export's follows.csv). */
export interface ImportFollow {
  memberId: number;
  /** The public name the export showed: the id counts only when the name agrees (another site has other ids). */
  name: string;
  followedAt: string | null;
  file: string;
  line: number;
}

export interface ImportData {
  source: ImportSource;
  ratings: ImportRating[];
  watchlist: ImportWatchlistRow[];
  watched: ImportViewing[];
  reviews: ImportReview[];
  lists: ImportList[];
  /** Absent in plans stored before follows were exported. */
  follows?: ImportFollow[];
}

const LETTERBOXD_FILES = /^(ratings|watchlist|watched|diary|reviews|follows)\.csv$/;
const LETTERBOXD_LIST = /^lists\/[^/]+\.csv$/;
const TRAKT_FILE = /(^|\/)(watched-history|history|ratings-movies|ratings-shows|ratings-episodes|watchlist|lists-lists|lists-[^/]+|ratings)\.json$/;

const empty = (source: ImportSource): ImportData => ({ source, ratings: [], watchlist: [], watched: [], reviews: [], lists: [], follows: [] });

/** Reads an upload: a ZIP (by its magic bytes), a Trakt JSON file or a CSV. */
export function readImportFile(fileName: string, bytes: Uint8Array): ImportData {
  if (bytes.length === 0) throw new ImportFileError("The file is empty.");
  try {
    if (isZip(bytes)) return readZip(bytes);
    const baseName = fileName.split(/[\\/]/).pop() ?? fileName;
    const text = decodeText(bytes, baseName);
    if (/^\s*[[{]/.test(text)) {
      const data = empty("trakt");
      readTraktJson(data, baseName, text);
      return finish(data);
    }
    const data = empty("letterboxd");
    readCsvInto(data, baseName, text, { single: true });
    return finish(data);
  } catch (error) {
    if (error instanceof UnpackError) throw new ImportFileError(error.message);
    throw error;
  }
}

function readZip(bytes: Uint8Array): ImportData {
  const files = unzipWanted(bytes, (name) => LETTERBOXD_FILES.test(name) || LETTERBOXD_LIST.test(name) || TRAKT_FILE.test(name));
  const names = [...files.keys()].sort();
  if (names.length === 0) throw new ImportFileError("This ZIP holds none of the files of a Letterboxd, Trakt or Reelbase export (ratings.csv, diary.csv, watchlist.csv, lists/ …).");
  if (names.every((n) => n.endsWith(".json"))) {
    const data = empty("trakt");
    for (const name of names) readTraktJson(data, name, decodeText(files.get(name)!, name));
    return finish(data);
  }
  const data = empty("letterboxd");
  // diary.csv first: watched.csv and ratings.csv then only add films the diary does not date.
  const order = ["diary.csv", "reviews.csv", "watched.csv", "ratings.csv"];
  for (const name of [...order.filter((n) => files.has(n)), ...names.filter((n) => !order.includes(n) && n.endsWith(".csv"))]) {
    readCsvInto(data, name, decodeText(files.get(name)!, name), { single: false });
  }
  return finish(data);
}

function finish(data: ImportData): ImportData {
  // A rated film counts as watched (as on Letterboxd), on its rating's date, unless a viewing says when.
  if (data.source === "letterboxd") {
    const dated = new Set(data.watched.map(entryKey));
    for (const r of data.ratings) {
      if (!dated.has(entryKey(r)) && r.ratedAt) {
        dated.add(entryKey(r));
        data.watched.push({ ...r, watchedOn: r.ratedAt.slice(0, 10), watchedAt: null, rewatch: false });
      }
    }
  }
  const rows = data.ratings.length + data.watchlist.length + data.watched.length + data.reviews.length + data.lists.reduce((n, l) => n + l.items.length, 0) + (data.follows?.length ?? 0);
  if (rows === 0) throw new ImportFileError("The file holds no rows to import.");
  if (rows > IMPORT_MAX_ROWS) throw new ImportFileError(`The file holds ${rows} rows; one import reads at most ${IMPORT_MAX_ROWS}.`);
  return data;
}

export function entryKey(e: Pick<ImportEntry, "name" | "year" | "siteId" | "imdbId" | "tmdbId" | "season" | "episode">) {
  const id = e.siteId ? `#${e.siteId}` : e.imdbId ? e.imdbId : e.tmdbId ? `tmdb${e.tmdbId}` : `${e.name.toLowerCase()}|${e.year}`;
  return e.season !== null ? `${id}|S${e.season}E${e.episode}` : id;
}

type Row = Record<string, string>;

function table(rows: string[][], file: string, headerAt = 0): { rows: { row: Row; line: number }[]; header: string[] } {
  const header = (rows[headerAt] ?? []).map((h) => h.trim());
  const out: { row: Row; line: number }[] = [];
  for (let i = headerAt + 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (cells.length === 1 && cells[0]!.trim() === "") continue;
    if (cells.length > header.length) throw new ImportFileError(`${file}, line ${i + 1}: more fields than the header names.`);
    const row: Row = {};
    header.forEach((h, k) => (row[h] = unescapeCell((cells[k] ?? "").trim())));
    out.push({ row, line: i + 1 });
  }
  return { rows: out, header };
}

function parse(text: string, file: string) {
  try {
    return parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(`${file}: ${error.message}`);
    throw error;
  }
}

function requireColumns(header: string[], columns: string[], file: string) {
  const missing = columns.filter((c) => !header.includes(c));
  if (missing.length) throw new ImportFileError(`${file} has no ${missing.join(", ")} column${missing.length > 1 ? "s" : ""}.`);
}

function year(value: string | undefined, file: string, line: number): number | null {
  if (!value) return null;
  if (!/^\d{4}$/.test(value)) throw new ImportFileError(`${file}, line ${line}: "${value}" is not a year.`);
  return Number(value);
}

function int(value: string | undefined, file: string, line: number, what: string): number | null {
  if (!value) return null;
  if (!/^\d{1,9}$/.test(value)) throw new ImportFileError(`${file}, line ${line}: "${value}" is not ${what}.`);
  return Number(value);
}

/** A day "YYYY-MM-DD" (also read from the start of an ISO date-time). */
function day(value: string | undefined, file: string, line: number): string {
  const d = (value ?? "").slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`))) {
    throw new ImportFileError(`${file}, line ${line}: "${value ?? ""}" is not a date (YYYY-MM-DD).`);
  }
  return d;
}

function optionalDay(value: string | undefined, file: string, line: number): string | null {
  return value ? day(value, file, line) : null;
}

/** An ISO date-time kept as given (normalised to UTC), or null. */
function instant(value: string | undefined | null, file: string, line: number): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return day(value, file, line);
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) || Number.isNaN(ms)) throw new ImportFileError(`${file}, line ${line}: "${value}" is not a date and time.`);
  return new Date(ms).toISOString();
}

function name(value: string | undefined, file: string, line: number): string {
  if (!value) throw new ImportFileError(`${file}, line ${line}: the title's name is empty.`);
  return value;
}

/** Letterboxd stars 0.5-5 in halves -> 1-10. */
export function letterboxdRating(value: string, file: string, line: number): number {
  const stars = Number(value);
  if (!/^\d(\.\d)?$/.test(value) || stars < 0.5 || stars > 5 || !Number.isInteger(stars * 2)) {
    throw new ImportFileError(`${file}, line ${line}: "${value}" is not a rating from 0.5 to 5 stars.`);
  }
  return stars * 2;
}

function rating10(value: string | number, file: string, line: number): number {
  const text = String(value);
  const n = Number(text);
  if (!/^\d{1,2}$/.test(text) || n < 1 || n > 10) throw new ImportFileError(`${file}, line ${line}: "${text}" is not a rating from 1 to 10.`);
  return n;
}

const SERIES_TYPES = new Set(["tvseries", "tv series", "tvminiseries", "tv mini series", "tv mini-series", "series", "show", "tv episode", "tvepisode"]);
const MOVIE_TYPES = new Set(["movie", "tvmovie", "tv movie", "short", "video", "tvspecial", "tv special"]);

function titleType(value: string | undefined): "movie" | "series" | null {
  const key = (value ?? "").toLowerCase();
  return SERIES_TYPES.has(key) ? "series" : MOVIE_TYPES.has(key) ? "movie" : null;
}

const yes = (value: string | undefined) => /^(yes|true|1)$/i.test(value ?? "");

/** The ids and names a row carries, in any of the layouts we read. */
function entryOf(row: Row, file: string, line: number, nameColumn: string): ImportEntry {
  const imdb = row["IMDb ID"] || row.imdbID || row.Const || "";
  return {
    name: name(row[nameColumn], file, line),
    originalName: row["Original Title"] || null,
    year: year(row.Year, file, line),
    imdbId: /^tt\d+$/.test(imdb) ? imdb : null,
    tmdbId: int(row["TMDB ID"] || row.tmdbID, file, line, "a TMDB id"),
    siteId: int(row["Title ID"], file, line, "a title id"),
    type: titleType(row.Type || row["Title Type"]) ?? (row.Const ? null : "movie"),
    season: int(row.Season, file, line, "a season number"),
    episode: int(row.Episode, file, line, "an episode number"),
    file,
    line,
  };
}

function readCsvInto(data: ImportData, file: string, text: string, { single }: { single: boolean }) {
  const rows = parse(text, file);
  if (rows.length === 0) throw new ImportFileError(`${file} is empty.`);
  const first = rows[0]!.map((c) => c.trim());

  if (/^Letterboxd list export/i.test(first[0] ?? "")) return readLetterboxdList(data, file, rows);
  if (first.includes("List ID") && first.includes("List")) return readOldSiteLists(data, file, rows);

  const { rows: body, header } = table(rows, file);
  if (header.includes("Member ID")) return readFollows(data, file, body, header);
  if (header.includes("Const")) return readImdb(data, file, body, header);
  if (header.includes("Title ID") && !header.includes("Date")) return readOldSiteCsv(data, file, body, header);
  if (header.includes("Title") && (header.includes("WatchedDate") || header.includes("Rating10") || header.includes("tmdbID"))) return readLetterboxdImportCsv(data, file, body, header);

  requireColumns(header, ["Date", "Name", "Year"], file);
  if (header.includes("Title ID") || header.includes("TMDB ID")) data.source = "reelbase";
  const base = file.split("/").pop()!;
  const kind = header.includes("Review") ? "reviews" : header.includes("Watched Date") ? "diary" : header.includes("Rating") ? "ratings" : (base.match(/^(watchlist|watched)\.csv$/)?.[1] ?? null);
  if (!kind) {
    throw new ImportFileError(
      single
        ? `We cannot tell what ${file} holds: upload Letterboxd's watchlist.csv or watched.csv under their own names, its ZIP, or an IMDb or Trakt export.`
        : `${file} is not a Letterboxd file we know.`,
    );
  }
  const dated = new Set(data.watched.map(entryKey));
  for (const { row, line } of body) {
    const entry = entryOf(row, file, line, "Name");
    if (kind === "ratings") {
      requireColumns(header, ["Rating"], file);
      data.ratings.push({ ...entry, rating: letterboxdRating(row.Rating ?? "", file, line), ratedAt: instant(row["Rated At"] || row.Date, file, line) });
    } else if (kind === "watchlist") {
      data.watchlist.push({ ...entry, addedAt: instant(row["Added At"] || row.Date, file, line) });
    } else if (kind === "diary") {
      data.watched.push({ ...entry, watchedOn: day(row["Watched Date"] || row.Date, file, line), watchedAt: instant(row["Watched At"], file, line), rewatch: yes(row.Rewatch) });
      if (row.Rating) letterboxdRating(row.Rating, file, line); // checked; ratings.csv holds the current ones
    } else if (kind === "reviews") {
      const text = row.Review ?? "";
      if (!text.trim()) throw new ImportFileError(`${file}, line ${line}: the review is empty.`);
      const { body: reviewBody, spoiler } = spoilerOf(text);
      data.reviews.push({
        ...entry,
        headline: row.Headline ?? "",
        body: reviewBody,
        spoiler: row.Spoiler !== undefined && row.Spoiler !== "" ? yes(row.Spoiler) : spoiler,
        rating: row.Rating ? letterboxdRating(row.Rating, file, line) : null,
        reviewedAt: instant(row["Reviewed At"] || row.Date, file, line),
        published: row.Status ? row.Status === "published" : null,
      });
    } else if (!dated.has(entryKey(entry))) {
      dated.add(entryKey(entry));
      data.watched.push({ ...entry, watchedOn: day(row.Date, file, line), watchedAt: null, rewatch: false });
    }
  }
}

/** Our export's follows.csv: Date, Member ID, Name, Profile URL, Status, Followed At. */
function readFollows(data: ImportData, file: string, body: { row: Row; line: number }[], header: string[]) {
  requireColumns(header, ["Member ID", "Name"], file);
  data.source = "reelbase";
  const follows = (data.follows ??= []);
  for (const { row, line } of body) {
    const memberId = int(row["Member ID"], file, line, "a member id");
    if (memberId === null) throw new ImportFileError(`${file}, line ${line}: the member id is empty.`);
    follows.push({ memberId, name: (row.Name ?? "").slice(0, 200), followedAt: instant(row["Followed At"] || row.Date, file, line), file, line });
  }
}

/**
 * Letterboxd's export has no spoiler column: a review marked as containing
 * spoilers starts with "(contains spoilers)" (how its export writes the flag);
 * we read that marker as the flag and drop it from the text.
 */
export function spoilerOf(text: string): { body: string; spoiler: boolean } {
  const m = /^\s*\(contains spoilers\)\s*/i.exec(text);
  return m ? { body: text.slice(m[0].length), spoiler: true } : { body: text, spoiler: false };
}

function readImdb(data: ImportData, file: string, body: { row: Row; line: number }[], header: string[]) {
  data.source = "imdb";
  requireColumns(header, ["Const", "Title", "Year"], file);
  const isList = header.includes("Position") || header.includes("Created");
  const base = file
    .split("/")
    .pop()!
    .replace(/\.csv$/i, "");
  const isWatchlist = isList && /watchlist/i.test(base);
  const list: ImportList | null = isList && !isWatchlist ? { name: base.slice(0, LIST_NAME_MAX_LENGTH), description: "", public: false, createdAt: null, items: [], file } : null;
  for (const { row, line } of body) {
    const entry = entryOf(row, file, line, "Title");
    if (isWatchlist) data.watchlist.push({ ...entry, addedAt: instant(row.Created, file, line) });
    else if (list) list.items.push({ ...entry, note: (row.Description ?? "").slice(0, LIST_NOTE_MAX_LENGTH), position: int(row.Position, file, line, "a position") ?? list.items.length + 1 });
    else {
      requireColumns(header, ["Your Rating"], file);
      data.ratings.push({ ...entry, rating: rating10(row["Your Rating"] ?? "", file, line), ratedAt: instant(row["Date Rated"], file, line) });
    }
  }
  if (list) pushList(data, list);
}

/** The CSV Letterboxd's own importer reads (Title, Year, tmdbID, imdbID, Rating10, WatchedDate, Rewatch, Review): our Letterboxd export. */
function readLetterboxdImportCsv(data: ImportData, file: string, body: { row: Row; line: number }[], header: string[]) {
  requireColumns(header, ["Title"], file);
  for (const { row, line } of body) {
    const entry = entryOf(row, file, line, "Title");
    const rating = row.Rating10 ? rating10(row.Rating10, file, line) : row.Rating ? letterboxdRating(row.Rating, file, line) : null;
    const watchedOn = optionalDay(row.WatchedDate, file, line);
    if (rating !== null) data.ratings.push({ ...entry, rating, ratedAt: watchedOn });
    if (watchedOn) data.watched.push({ ...entry, watchedOn, watchedAt: null, rewatch: yes(row.Rewatch) });
    if (row.Review) data.reviews.push({ ...entry, headline: "", body: row.Review, spoiler: false, rating, reviewedAt: watchedOn, published: null });
  }
}

/** The site's older single exports (Title ID,Name,Year,Type,…). */
function readOldSiteCsv(data: ImportData, file: string, body: { row: Row; line: number }[], header: string[]) {
  data.source = "reelbase";
  for (const { row, line } of body) {
    const entry = entryOf(row, file, line, "Name");
    if (header.includes("Rating")) data.ratings.push({ ...entry, rating: rating10(row.Rating ?? "", file, line), ratedAt: instant(row["Rated At"], file, line) });
    else if (header.includes("Watched On")) data.watched.push({ ...entry, watchedOn: day(row["Watched On"], file, line), watchedAt: null, rewatch: false });
    else if (header.includes("Added At")) data.watchlist.push({ ...entry, addedAt: instant(row["Added At"], file, line) });
    else throw new ImportFileError(`${file} has no Rating, Watched On or Added At column.`);
  }
}

function readOldSiteLists(data: ImportData, file: string, rows: string[][]) {
  data.source = "reelbase";
  const { rows: body } = table(rows, file);
  const byId = new Map<string, ImportList>();
  for (const { row, line } of body) {
    let list = byId.get(row["List ID"]!);
    if (!list) {
      list = { name: name(row.List, file, line).slice(0, LIST_NAME_MAX_LENGTH), description: "", public: yes(row.Public), createdAt: null, items: [], file };
      byId.set(row["List ID"]!, list);
    }
    list.items.push({ ...entryOf(row, file, line, "Name"), note: (row.Note ?? "").slice(0, LIST_NOTE_MAX_LENGTH), position: int(row.Position, file, line, "a position") ?? list.items.length + 1 });
  }
  for (const list of byId.values()) pushList(data, list);
}

function pushList(data: ImportData, list: ImportList) {
  if (list.items.length > LIST_MAX_ITEMS) throw new ImportFileError(`${list.file}: a list holds at most ${LIST_MAX_ITEMS} titles.`);
  list.items.sort((a, b) => a.position - b.position);
  data.lists.push(list);
}

function readLetterboxdList(data: ImportData, file: string, rows: string[][]) {
  const header = (rows[1] ?? []).map((c) => c.trim());
  requireColumns(header, ["Name"], file);
  const meta = (rows[2] ?? []).map((c) => unescapeCell(c.trim()));
  const at = (column: string) => (header.indexOf(column) >= 0 ? (meta[header.indexOf(column)] ?? "") : "");
  const listName = at("Name");
  if (!listName) throw new ImportFileError(`${file}, line 3: the list has no name.`);
  if (header.includes("Public")) data.source = "reelbase";
  const list: ImportList = {
    name: listName.slice(0, LIST_NAME_MAX_LENGTH),
    description: at("Description").slice(0, LIST_DESCRIPTION_MAX_LENGTH),
    public: yes(at("Public")),
    createdAt: instant(at("Created At") || at("Date"), file, 3),
    items: [],
    file,
  };
  const itemsHeaderAt = rows.findIndex((r, i) => i > 2 && r.map((c) => c.trim()).includes("Position"));
  if (itemsHeaderAt >= 0) {
    const { rows: body, header: itemHeader } = table(rows, file, itemsHeaderAt);
    requireColumns(itemHeader, ["Name", "Year"], file);
    for (const { row, line } of body) {
      list.items.push({
        ...entryOf(row, file, line, "Name"),
        note: (row.Description ?? "").slice(0, LIST_NOTE_MAX_LENGTH),
        position: int(row.Position, file, line, "a position") ?? list.items.length + 1,
      });
    }
  }
  pushList(data, list);
}

// --- Trakt ------------------------------------------------------------------------------------

interface TraktMedia {
  title?: string;
  year?: number | null;
  ids?: { imdb?: string | null; tmdb?: number | null };
}
interface TraktItem {
  type?: string;
  movie?: TraktMedia;
  show?: TraktMedia;
  episode?: { season?: number; number?: number };
  watched_at?: string;
  rated_at?: string;
  listed_at?: string;
  rating?: number;
  rank?: number;
  notes?: string | null;
}

function traktEntry(item: TraktItem, file: string, line: number): ImportEntry | null {
  const media = item.movie ?? item.show;
  if (!media || typeof media !== "object") throw new ImportFileError(`${file}, item ${line}: not a Trakt movie, show or episode.`);
  if (item.type === "season") return null;
  const imdb = media.ids?.imdb ?? null;
  const tmdb = media.ids?.tmdb ?? null;
  return {
    name: name(media.title ?? undefined, file, line),
    originalName: null,
    year: typeof media.year === "number" ? media.year : null,
    imdbId: imdb && /^tt\d+$/.test(imdb) ? imdb : null,
    tmdbId: typeof tmdb === "number" && Number.isInteger(tmdb) ? tmdb : null,
    siteId: null,
    type: item.movie ? "movie" : "series",
    season: item.type === "episode" && item.episode ? (item.episode.season ?? null) : null,
    episode: item.type === "episode" && item.episode ? (item.episode.number ?? null) : null,
    file,
    line,
  };
}

function readTraktJson(data: ImportData, file: string, text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportFileError(`${file} is not valid JSON.`);
  }
  const base = file.split("/").pop()!;
  // lists-lists.json describes the lists; lists-<slug>.json holds one list's items.
  if (/^lists-lists\.json$/.test(base)) return;
  if (!Array.isArray(json)) throw new ImportFileError(`${file} is not a Trakt export (a JSON array of items).`);
  const items = json as TraktItem[];
  const isList = /^lists-.+\.json$/.test(base);
  const list: ImportList | null = isList ? { name: base.replace(/^lists-|\.json$/g, "").slice(0, LIST_NAME_MAX_LENGTH), description: "", public: false, createdAt: null, items: [], file } : null;
  items.forEach((item, index) => {
    const line = index + 1;
    if (!item || typeof item !== "object") throw new ImportFileError(`${file}, item ${line}: not an object.`);
    const entry = traktEntry(item, file, line);
    if (!entry) return;
    if (list) list.items.push({ ...entry, note: (item.notes ?? "").slice(0, LIST_NOTE_MAX_LENGTH), position: typeof item.rank === "number" ? item.rank : line });
    else if (item.watched_at !== undefined) {
      const at = instant(item.watched_at, file, line)!;
      data.watched.push({ ...entry, watchedOn: at.slice(0, 10), watchedAt: at.length > 10 ? at : null, rewatch: false });
    } else if (item.rated_at !== undefined || item.rating !== undefined) {
      if (item.type === "episode") return; // episode ratings: the library rates titles and episodes, Trakt's file has no episode ids we can use without the series
      data.ratings.push({ ...entry, rating: rating10(item.rating ?? "", file, line), ratedAt: instant(item.rated_at, file, line) });
    } else if (item.listed_at !== undefined) data.watchlist.push({ ...entry, addedAt: instant(item.listed_at, file, line) });
    else throw new ImportFileError(`${file}, item ${line}: no watched_at, rated_at or listed_at.`);
  });
  if (list) pushList(data, list);
}
