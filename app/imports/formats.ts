import { unzipSync } from "fflate";
import { IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES, LIST_MAX_ITEMS, LIST_NAME_MAX_LENGTH, LIST_DESCRIPTION_MAX_LENGTH, LIST_NOTE_MAX_LENGTH } from "~/constants";
import { CsvError, parseCsv } from "./csv";

/**
 * Reading a Letterboxd export (its ZIP, or one of its CSVs) or an IMDb
 * ratings/watchlist CSV into one shape (decision 027). Everything is
 * checked here, before the import writes anything: a file we cannot read
 * throws an ImportFileError naming the file and line.
 *
 * Letterboxd: ratings.csv, watchlist.csv, watched.csv (Date,Name,Year,
 * Letterboxd URI[,Rating]), diary.csv (+ Rewatch,Tags,Watched Date) and
 * lists/*.csv ("Letterboxd list export v7", the list's row, then
 * Position,Name,Year,URL,Description). Ratings are 0.5-5 stars: x2 gives 1-10.
 * IMDb: ratings (Const,Your Rating,Date Rated,Title,...,Title Type,...,Year)
 * and watchlist (Position,Const,Created,...,Title,...,Title Type,...,Year).
 */

export class ImportFileError extends Error {}

export interface ImportEntry {
  name: string;
  year: number | null;
  /** "tt1234567" (IMDb files only). */
  imdbId: string | null;
  /** IMDb's Title Type, as our type; Letterboxd lists films only. */
  type: "movie" | "series" | null;
  file: string;
  line: number;
}

export interface ImportData {
  source: "letterboxd" | "imdb";
  ratings: (ImportEntry & { rating: number })[];
  watchlist: ImportEntry[];
  watched: (ImportEntry & { watchedOn: string })[];
  lists: { name: string; description: string; items: (ImportEntry & { note: string })[]; file: string }[];
}

const LETTERBOXD_FILES = /^(ratings|watchlist|watched|diary)\.csv$/;
const LETTERBOXD_LIST = /^lists\/[^/]+\.csv$/;

/** Reads an upload: a ZIP (by its magic bytes) or a CSV. */
export function readImportFile(fileName: string, bytes: Uint8Array): ImportData {
  if (bytes.length === 0) throw new ImportFileError("The file is empty.");
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip) return readLetterboxdZip(bytes);
  const text = decode(bytes, fileName);
  const data: ImportData = { source: "letterboxd", ratings: [], watchlist: [], watched: [], lists: [] };
  const baseName = fileName.split(/[\\/]/).pop() ?? fileName;
  readCsvInto(data, baseName, text, { single: true });
  return finish(data);
}

function readLetterboxdZip(bytes: Uint8Array): ImportData {
  let files: Record<string, Uint8Array>;
  let unpacked = 0;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const wanted = LETTERBOXD_FILES.test(file.name) || LETTERBOXD_LIST.test(file.name);
        if (wanted) unpacked += file.originalSize;
        if (unpacked > IMPORT_MAX_UNPACKED_BYTES) throw new ImportFileError("The ZIP unpacks to more than we can read at once.");
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError("This ZIP file is damaged or not a ZIP file.");
  }
  const names = Object.keys(files).sort();
  if (names.length === 0) throw new ImportFileError("This ZIP holds none of a Letterboxd export's files (ratings.csv, watchlist.csv, watched.csv, diary.csv, lists/).");
  const data: ImportData = { source: "letterboxd", ratings: [], watchlist: [], watched: [], lists: [] };
  // diary.csv first: watched.csv then only adds films the diary does not date.
  for (const name of ["diary.csv", ...names.filter((n) => n !== "diary.csv")]) {
    if (files[name]) readCsvInto(data, name, decode(files[name], name), { single: false });
  }
  return finish(data);
}

function decode(bytes: Uint8Array, fileName: string) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError(`${fileName} is not a UTF-8 text file.`);
  }
}

function finish(data: ImportData): ImportData {
  const rows = data.ratings.length + data.watchlist.length + data.watched.length + data.lists.reduce((n, l) => n + l.items.length, 0);
  if (rows === 0) throw new ImportFileError("The file holds no rows to import.");
  if (rows > IMPORT_MAX_ROWS) throw new ImportFileError(`The file holds ${rows} rows; one import reads at most ${IMPORT_MAX_ROWS}.`);
  return data;
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
    header.forEach((h, k) => (row[h] = (cells[k] ?? "").trim()));
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

function day(value: string | undefined, file: string, line: number): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new ImportFileError(`${file}, line ${line}: "${value ?? ""}" is not a date (YYYY-MM-DD).`);
  }
  return value;
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

function imdbRating(value: string, file: string, line: number): number {
  const n = Number(value);
  if (!/^\d{1,2}$/.test(value) || n < 1 || n > 10) throw new ImportFileError(`${file}, line ${line}: "${value}" is not a rating from 1 to 10.`);
  return n;
}

const SERIES_TYPES = new Set(["tvseries", "tv series", "tvminiseries", "tv mini series", "tv mini-series"]);
const MOVIE_TYPES = new Set(["movie", "tvmovie", "tv movie", "short", "video", "tvspecial", "tv special"]);

function imdbType(value: string | undefined): "movie" | "series" | null {
  const key = (value ?? "").toLowerCase();
  return SERIES_TYPES.has(key) ? "series" : MOVIE_TYPES.has(key) ? "movie" : null;
}

function readCsvInto(data: ImportData, file: string, text: string, { single }: { single: boolean }) {
  const rows = parse(text, file);
  if (rows.length === 0) throw new ImportFileError(`${file} is empty.`);
  const first = rows[0]!.map((c) => c.trim());

  if (/^Letterboxd list export/i.test(first[0] ?? "")) return readLetterboxdList(data, file, rows);

  if (first.includes("Const")) {
    data.source = "imdb";
    const { rows: body, header } = table(rows, file);
    requireColumns(header, ["Const", "Title", "Year"], file);
    const isWatchlist = header.includes("Position") || header.includes("Created");
    for (const { row, line } of body) {
      const entry: ImportEntry = {
        name: name(row.Title, file, line),
        year: year(row.Year, file, line),
        imdbId: /^tt\d+$/.test(row.Const ?? "") ? row.Const! : null,
        type: imdbType(row["Title Type"]),
        file,
        line,
      };
      if (isWatchlist) data.watchlist.push(entry);
      else {
        requireColumns(header, ["Your Rating"], file);
        data.ratings.push({ ...entry, rating: imdbRating(row["Your Rating"] ?? "", file, line) });
      }
    }
    return;
  }

  const { rows: body, header } = table(rows, file);
  requireColumns(header, ["Date", "Name", "Year"], file);
  const kind = header.includes("Watched Date") ? "diary" : header.includes("Rating") ? "ratings" : (file.match(/^(watchlist|watched)\.csv$/)?.[1] ?? null);
  if (!kind) {
    throw new ImportFileError(
      single
        ? `We cannot tell what ${file} holds: upload Letterboxd's watchlist.csv or watched.csv under their own names, its ZIP, or an IMDb export.`
        : `${file} is not a Letterboxd file we know.`,
    );
  }
  const diaryKeys = new Set(data.watched.map((w) => `${w.name.toLowerCase()}|${w.year}`));
  for (const { row, line } of body) {
    const entry: ImportEntry = { name: name(row.Name, file, line), year: year(row.Year, file, line), imdbId: null, type: "movie", file, line };
    if (kind === "ratings") {
      data.ratings.push({ ...entry, rating: letterboxdRating(row.Rating ?? "", file, line) });
    } else if (kind === "watchlist") {
      data.watchlist.push(entry);
    } else if (kind === "diary") {
      data.watched.push({ ...entry, watchedOn: day(row["Watched Date"] || row.Date, file, line) });
      if (row.Rating) letterboxdRating(row.Rating, file, line); // checked; ratings.csv holds the current ones
    } else if (!diaryKeys.has(`${entry.name.toLowerCase()}|${entry.year}`)) {
      data.watched.push({ ...entry, watchedOn: day(row.Date, file, line) });
    }
  }
}

function readLetterboxdList(data: ImportData, file: string, rows: string[][]) {
  const header = (rows[1] ?? []).map((c) => c.trim());
  requireColumns(header, ["Name"], file);
  const meta = rows[2] ?? [];
  const listName = (meta[header.indexOf("Name")] ?? "").trim();
  if (!listName) throw new ImportFileError(`${file}, line 3: the list has no name.`);
  const descriptionAt = header.indexOf("Description");
  const description = descriptionAt >= 0 ? (meta[descriptionAt] ?? "").trim() : "";
  const itemsHeaderAt = rows.findIndex((r, i) => i > 2 && r.map((c) => c.trim()).includes("Position"));
  const items: ImportData["lists"][number]["items"] = [];
  if (itemsHeaderAt >= 0) {
    const { rows: body, header: itemHeader } = table(rows, file, itemsHeaderAt);
    requireColumns(itemHeader, ["Name", "Year"], file);
    for (const { row, line } of body) {
      items.push({ name: name(row.Name, file, line), year: year(row.Year, file, line), imdbId: null, type: "movie", file, line, note: (row.Description ?? "").slice(0, LIST_NOTE_MAX_LENGTH) });
    }
  }
  if (items.length > LIST_MAX_ITEMS) throw new ImportFileError(`${file}: a list holds at most ${LIST_MAX_ITEMS} titles.`);
  data.lists.push({ name: listName.slice(0, LIST_NAME_MAX_LENGTH), description: description.slice(0, LIST_DESCRIPTION_MAX_LENGTH), items, file });
}
