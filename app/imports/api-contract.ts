import { z } from "zod";
import { defineEndpoint, errorResponses } from "~/api/contract";
import { IMPORT_MAX_BYTES, IMPORT_REPORT_UNMATCHED } from "~/constants";
import { EXPORT_KINDS } from "./export-kinds";

/**
 * Import (Letterboxd, IMDb) and CSV export of a member's library over api/v1
 * (decision 027). Over api/v1 an import runs while the request waits: its
 * answer is the report.
 */
const tag = "Library";
const counts = z.object({ matched: z.number().int(), total: z.number().int() });

export const importReportSchema = z
  .object({
    import_id: z.number().int().describe("The import (undo it on the import page)."),
    source: z.enum(["letterboxd", "imdb", "trakt", "reelbase"]),
    ratings: counts,
    watchlist: counts,
    watched: counts,
    reviews: counts,
    lists: z.array(z.object({ id: z.number().int(), name: z.string(), matched: z.number().int(), total: z.number().int() })).describe("Lists created (private)."),
    unmatched: z
      .array(z.object({ file: z.string(), line: z.number().int(), name: z.string(), year: z.number().int().nullable() }))
      .describe(`Rows no title matched (the first ${IMPORT_REPORT_UNMATCHED}).`),
    unmatched_count: z.number().int(),
  })
  .meta({ title: "ImportReport" });

export const importEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/library/import",
  operationId: "importLibrary",
  summary: "Import ratings, history, watchlist, reviews and lists from Letterboxd, IMDb, Trakt or this site",
  description: `multipart/form-data with \`file\`: Letterboxd's export ZIP or one of its CSVs (diary, ratings, watched, watchlist, reviews, lists/*), IMDb's ratings, watchlist or list CSV, Trakt's JSON export (or its ZIP), or this site's own export, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Rows are matched by IMDb and TMDB ids, then by name (and original name) and year. The file is checked completely first: a file that cannot be read is a 422 and nothing changes. Without the page's review screen only matched titles are written (reviews stay private); the answer is the report. Every date in the file is kept.`,
  tag,
  access: "user",
  permission: "watchlist.use",
  bodyKind: "multipart",
  body: z.object({ file: z.string().describe("The export file (binary part).") }),
  responses: { 200: { description: "What matched and what did not.", schema: importReportSchema }, ...errorResponses(401, 403, 413, 422, 429) },
});

export const exportEndpoint = defineEndpoint({
  method: "get",
  path: "/library/export/{kind}",
  operationId: "exportLibrary",
  summary: "My ratings, diary, watchlist, reviews, lists or comments as CSV, or Letterboxd's import file",
  description:
    "ratings, diary (history is its older name), watchlist, reviews: Letterboxd's export layouts (Date, Name, Year, Letterboxd URI, …) plus Title ID, TMDB ID, IMDb ID, Type (Season, Episode) and exact times, which this site imports back; lists: one row per list entry; comments: Date, Target, Target ID, Comment; letterboxd: Title, Year, tmdbID, imdbID, Rating10, WatchedDate, Rewatch, Review (Letterboxd's importer). Cells beginning with =, +, -, @, a tab or a carriage return are prefixed with a single quote.",
  tag,
  access: "user",
  permission: "watchlist.use",
  params: z.object({ kind: z.enum(EXPORT_KINDS).describe("Which file.") }),
  responses: { 200: { description: "The CSV file (RFC 4180, UTF-8).", contentType: "text/csv" }, ...errorResponses(401, 403, 404, 429) },
});

export const importEndpoints = [importEndpoint, exportEndpoint];
