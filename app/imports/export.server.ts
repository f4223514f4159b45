import { and, asc, eq, gt, ne, or, sql } from "drizzle-orm";
import { Zip, ZipDeflate } from "fflate";
import { episodes, titles } from "~/catalogue/tables";
import { comments, reviews } from "~/community/tables";
import { EXPORT_PAGE_ROWS } from "~/constants";
import type { Database } from "~/db/client.server";
import { ratings, watchHistory, watchlistItems } from "~/library/tables";
import { listItems, lists } from "~/lists/tables";
import { memberName } from "~/auth/public-name";
import { users } from "~/auth/users.tables";
import { profilePath } from "~/profiles/public-profile";
import { follows } from "~/social/tables";
import { csvLine } from "../files/csv";
import type { ExportKind } from "./export-kinds";

export { EXPORT_KINDS, type ExportKind } from "./export-kinds";

/**
 * A member's library out (decision 027). Every file is written by the site's
 * one CSV writer (csv.ts: formula cells defused) and read in keyset pages of
 * EXPORT_PAGE_ROWS on the member's own indexes, streamed as it is read.
 * - ratings, diary, watchlist, reviews and lists/*.csv use Letterboxd's export
 *   layouts (so this site and Letterboxd-reading tools import them), plus our
 *   columns: Title ID, TMDB ID, IMDb ID, Type, Season, Episode and exact times;
 *   together, in the "everything" ZIP, they import back here without loss.
 * - letterboxd.csv is what Letterboxd's own importer reads (Title, Year,
 *   tmdbID, imdbID, Rating10, WatchedDate, Rewatch, Review): films only.
 * - comments.csv: the member's comments (export only: a comment belongs to
 *   another member's thread, so it is not imported back).
 * - follows.csv: who the member follows (active, and requests still
 *   pending), with the dates; imported back here (matched by member id when
 *   the name agrees).
 */

type Lines = AsyncGenerator<string, void, unknown>;

const iso = (d: Date) => d.toISOString();
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const stars = (rating: number) => String(rating / 2);
const TITLE_COLUMNS = ["Title ID", "TMDB ID", "IMDb ID", "Type"] as const;
const TITLE = { titleId: titles.id, name: titles.name, year: titles.year, type: titles.type, tmdbId: titles.tmdbId, imdbId: titles.imdbId };
type TitleCols = { titleId: number; name: string; year: number | null; type: string; tmdbId: number | null; imdbId: string | null };
const titleCells = (r: TitleCols) => [r.titleId, r.tmdbId, r.imdbId, r.type];

/** Pages through rows ordered by a unique key; `page(after)` reads the next page after a cursor. */
async function* paged<T, C>(page: (after: C | null) => Promise<T[]>, cursor: (row: T) => C): AsyncGenerator<T> {
  let after: C | null = null;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = cursor(rows[rows.length - 1]!);
  }
}

async function* ratingsCsv(db: Database, userId: number): Lines {
  yield csvLine(["Date", "Name", "Year", "Letterboxd URI", "Rating", ...TITLE_COLUMNS, "Season", "Episode", "Rated At"]);
  const rows = paged(
    (after: number | null) =>
      db
        .select({ id: ratings.id, ...TITLE, season: episodes.seasonNumber, episode: episodes.episodeNumber, rating: ratings.rating, createdAt: ratings.createdAt })
        .from(ratings)
        .innerJoin(titles, eq(titles.id, ratings.titleId))
        .leftJoin(episodes, eq(episodes.id, ratings.episodeId))
        .where(and(eq(ratings.userId, userId), after === null ? undefined : gt(ratings.id, after)))
        .orderBy(asc(ratings.id))
        .limit(EXPORT_PAGE_ROWS),
    (r) => r.id,
  );
  for await (const r of rows) yield csvLine([dayOf(r.createdAt), r.name, r.year, "", stars(r.rating), ...titleCells(r), r.season, r.episode, iso(r.createdAt)]);
}

function historyRows(db: Database, userId: number) {
  return paged(
    (after: { on: string; id: number } | null) =>
      db
        .select({
          id: watchHistory.id,
          ...TITLE,
          season: episodes.seasonNumber,
          episode: episodes.episodeNumber,
          watchedOn: watchHistory.watchedOn,
          watchedAt: watchHistory.watchedAt,
          createdAt: watchHistory.createdAt,
        })
        .from(watchHistory)
        .innerJoin(titles, eq(titles.id, watchHistory.titleId))
        .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
        .where(and(eq(watchHistory.userId, userId), after === null ? undefined : or(gt(watchHistory.watchedOn, after.on), and(eq(watchHistory.watchedOn, after.on), gt(watchHistory.id, after.id)))))
        .orderBy(asc(watchHistory.watchedOn), asc(watchHistory.id))
        .limit(EXPORT_PAGE_ROWS),
    (r) => ({ on: r.watchedOn, id: r.id }),
  );
}

async function* diaryCsv(db: Database, userId: number): Lines {
  yield csvLine(["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date", ...TITLE_COLUMNS, "Season", "Episode", "Watched At"]);
  const seen = new Set<string>();
  for await (const r of historyRows(db, userId)) {
    const key = `${r.titleId}|${r.season}|${r.episode}`;
    const rewatch = seen.has(key);
    seen.add(key);
    yield csvLine([dayOf(r.createdAt), r.name, r.year, "", "", rewatch ? "Yes" : "", "", r.watchedOn, ...titleCells(r), r.season, r.episode, r.watchedAt]);
  }
}

async function* watchlistCsv(db: Database, userId: number): Lines {
  yield csvLine(["Date", "Name", "Year", "Letterboxd URI", ...TITLE_COLUMNS, "Added At"]);
  const rows = paged(
    (after: { at: Date; id: number } | null) =>
      db
        .select({ ...TITLE, createdAt: watchlistItems.createdAt })
        .from(watchlistItems)
        .innerJoin(titles, eq(titles.id, watchlistItems.titleId))
        .where(
          and(
            eq(watchlistItems.userId, userId),
            after === null ? undefined : or(gt(watchlistItems.createdAt, after.at), and(eq(watchlistItems.createdAt, after.at), gt(watchlistItems.titleId, after.id))),
          ),
        )
        .orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.titleId))
        .limit(EXPORT_PAGE_ROWS),
    (r) => ({ at: r.createdAt, id: r.titleId }),
  );
  for await (const r of rows) yield csvLine([dayOf(r.createdAt), r.name, r.year, "", ...titleCells(r), iso(r.createdAt)]);
}

async function* reviewsCsv(db: Database, userId: number): Lines {
  yield csvLine(["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Review", "Tags", "Watched Date", ...TITLE_COLUMNS, "Headline", "Spoiler", "Status", "Reviewed At"]);
  const rows = paged(
    (after: number | null) =>
      db
        .select({ id: reviews.id, ...TITLE, score: reviews.score, headline: reviews.headline, body: reviews.body, spoiler: reviews.spoiler, status: reviews.status, createdAt: reviews.createdAt })
        .from(reviews)
        .innerJoin(titles, eq(titles.id, reviews.titleId))
        // Episode reviews are not in Letterboxd's layout; the JSON of "Download my data" holds them.
        .where(and(eq(reviews.userId, userId), eq(reviews.episodeId, 0), after === null ? undefined : gt(reviews.id, after)))
        .orderBy(asc(reviews.id))
        .limit(EXPORT_PAGE_ROWS),
    (r) => r.id,
  );
  for await (const r of rows) {
    yield csvLine([
      dayOf(r.createdAt),
      r.name,
      r.year,
      "",
      stars(r.score),
      "",
      r.body,
      "",
      "",
      ...titleCells(r),
      r.headline,
      r.spoiler ? "Yes" : "No",
      r.status === "published" ? "published" : "draft",
      iso(r.createdAt),
    ]);
  }
}

async function* commentsCsv(db: Database, userId: number): Lines {
  yield csvLine(["Date", "Target", "Target ID", "Comment"]);
  const rows = paged(
    (after: number | null) =>
      db
        .select({ id: comments.id, targetKind: comments.targetKind, targetId: comments.targetId, body: comments.body, createdAt: comments.createdAt })
        .from(comments)
        .where(and(eq(comments.userId, userId), sql`${comments.deletedAt} IS NULL`, after === null ? undefined : gt(comments.id, after)))
        .orderBy(asc(comments.id))
        .limit(EXPORT_PAGE_ROWS),
    (r) => r.id,
  );
  for await (const r of rows) yield csvLine([iso(r.createdAt), r.targetKind, r.targetId, r.body]);
}

async function* followsCsv(db: Database, userId: number): Lines {
  yield csvLine(["Date", "Member ID", "Name", "Profile URL", "Status", "Followed At"]);
  const rows = paged(
    (after: { at: Date; id: number } | null) =>
      db
        .select({ id: users.id, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName, status: follows.status, createdAt: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followeeId))
        .where(and(eq(follows.followerId, userId), after === null ? undefined : or(gt(follows.createdAt, after.at), and(eq(follows.createdAt, after.at), gt(follows.followeeId, after.id)))))
        .orderBy(asc(follows.createdAt), asc(follows.followeeId))
        .limit(EXPORT_PAGE_ROWS),
    (r) => ({ at: r.createdAt, id: r.id }),
  );
  for await (const r of rows) {
    const name = memberName(r);
    yield csvLine([dayOf(r.createdAt), r.id, name, profilePath({ id: r.id, displayName: r.displayName, firstName: r.firstName, lastName: r.lastName }), r.status, iso(r.createdAt)]);
  }
}

/** The member's lists (one per file in the ZIP, all in one file for the single CSV). */
function ownLists(db: Database, userId: number) {
  return db
    .select({ id: lists.id, name: lists.name, description: lists.description, public: lists.public, createdAt: lists.createdAt })
    .from(lists)
    .where(and(eq(lists.userId, userId), eq(lists.workspaceId, 0)))
    .orderBy(asc(lists.id));
}

async function* listCsv(db: Database, list: Awaited<ReturnType<typeof ownLists>>[number]): Lines {
  yield "Letterboxd list export v7\r\n";
  yield csvLine(["Date", "Name", "Tags", "URL", "Description", "Public", "Created At"]);
  yield csvLine([dayOf(list.createdAt), list.name, "", "", list.description, list.public ? "Yes" : "No", iso(list.createdAt)]);
  yield "\r\n";
  yield csvLine(["Position", "Name", "Year", "URL", "Description", ...TITLE_COLUMNS]);
  const rows = paged(
    (after: { p: number; id: number } | null) =>
      db
        .select({ id: listItems.id, position: listItems.position, note: listItems.note, ...TITLE })
        .from(listItems)
        .innerJoin(titles, eq(titles.id, listItems.titleId))
        .where(and(eq(listItems.listId, list.id), after === null ? undefined : or(gt(listItems.position, after.p), and(eq(listItems.position, after.p), gt(listItems.id, after.id)))))
        .orderBy(asc(listItems.position), asc(listItems.id))
        .limit(EXPORT_PAGE_ROWS),
    (r) => ({ p: r.position, id: r.id }),
  );
  // Positions renumbered 1..n (stored positions may have gaps).
  let position = 0;
  for await (const r of rows) yield csvLine([++position, r.name, r.year, "", r.note, ...titleCells(r)]);
}

async function* listsCsv(db: Database, userId: number): Lines {
  yield csvLine(["List ID", "List", "Public", "Position", "Name", "Year", "Note", ...TITLE_COLUMNS]);
  for (const list of await ownLists(db, userId)) {
    let position = 0;
    const rows = await db
      .select({ note: listItems.note, ...TITLE })
      .from(listItems)
      .innerJoin(titles, eq(titles.id, listItems.titleId))
      .where(eq(listItems.listId, list.id))
      .orderBy(asc(listItems.position), asc(listItems.id));
    for (const r of rows) yield csvLine([list.id, list.name, list.public ? "yes" : "no", ++position, r.name, r.year, r.note, ...titleCells(r)]);
  }
}

/** Letterboxd's importer format: a row per film viewing (rating and review on the first), then rated or reviewed films never logged. */
async function* letterboxdCsv(db: Database, userId: number): Lines {
  yield csvLine(["Title", "Year", "tmdbID", "imdbID", "Rating10", "WatchedDate", "Rewatch", "Review"]);
  const [rated, reviewed] = await Promise.all([
    db
      .select({ titleId: ratings.titleId, rating: ratings.rating })
      .from(ratings)
      .where(and(eq(ratings.userId, userId), sql`${ratings.episodeId} IS NULL`)),
    db
      .select({ titleId: reviews.titleId, body: reviews.body })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.episodeId, 0), ne(reviews.status, "hidden"))),
  ]);
  const rating = new Map(rated.map((r) => [r.titleId, r.rating]));
  const review = new Map(reviewed.map((r) => [r.titleId, r.body]));
  const done = new Set<number>();
  for await (const r of historyRows(db, userId)) {
    if (r.type !== "movie") continue;
    const first = !done.has(r.titleId);
    done.add(r.titleId);
    yield csvLine([r.name, r.year, r.tmdbId, r.imdbId, rating.get(r.titleId), r.watchedOn, first ? "" : "true", first ? review.get(r.titleId) : ""]);
  }
  const rest = [...new Set([...rating.keys(), ...review.keys()])].filter((id) => !done.has(id));
  for (let i = 0; i < rest.length; i += 90) {
    const rows = await db
      .select(TITLE)
      .from(titles)
      .where(
        and(
          sql`${titles.id} IN (${sql.join(
            rest.slice(i, i + 90).map((id) => sql`${id}`),
            sql`, `,
          )})`,
          eq(titles.type, "movie"),
        ),
      );
    for (const r of rows) yield csvLine([r.name, r.year, r.tmdbId, r.imdbId, rating.get(r.titleId), "", "", review.get(r.titleId)]);
  }
}

export function exportLines(db: Database, userId: number, kind: ExportKind): Lines {
  switch (kind) {
    case "ratings":
      return ratingsCsv(db, userId);
    case "diary":
    case "history":
      return diaryCsv(db, userId);
    case "watchlist":
      return watchlistCsv(db, userId);
    case "reviews":
      return reviewsCsv(db, userId);
    case "comments":
      return commentsCsv(db, userId);
    case "letterboxd":
      return letterboxdCsv(db, userId);
    case "lists":
      return listsCsv(db, userId);
  }
}

const encoder = new TextEncoder();

/** A CSV as a stream of its lines (read page by page while the response is sent). */
export function exportStream(db: Database, userId: number, kind: ExportKind): ReadableStream<Uint8Array> {
  const lines = exportLines(db, userId, kind);
  return new ReadableStream({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

/** The whole CSV as text (tests, small files). */
export async function exportCsv(db: Database, userId: number, kind: ExportKind): Promise<string> {
  let out = "";
  for await (const line of exportLines(db, userId, kind)) out += line;
  return out;
}

/** Everything as a ZIP in Letterboxd's layout, deflated as it streams. */
export function exportZipStream(db: Database, userId: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) controller.error(error);
        else {
          controller.enqueue(chunk);
          if (final) controller.close();
        }
      });
      const file = async (name: string, lines: Lines) => {
        const entry = new ZipDeflate(name, { level: 6 });
        zip.add(entry);
        let buffer = "";
        for await (const line of lines) {
          buffer += line;
          if (buffer.length > 64 * 1024) {
            entry.push(encoder.encode(buffer));
            buffer = "";
          }
        }
        entry.push(encoder.encode(buffer), true);
      };
      try {
        await file("ratings.csv", ratingsCsv(db, userId));
        await file("diary.csv", diaryCsv(db, userId));
        await file("watchlist.csv", watchlistCsv(db, userId));
        await file("reviews.csv", reviewsCsv(db, userId));
        await file("comments.csv", commentsCsv(db, userId));
        await file("letterboxd.csv", letterboxdCsv(db, userId));
        await file("follows.csv", followsCsv(db, userId));
        const used = new Set<string>();
        for (const list of await ownLists(db, userId)) {
          const base =
            list.name
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, "-")
              .replace(/^-|-$/g, "")
              .slice(0, 60) || "list";
          const name = used.has(base) ? `${base}-${list.id}` : base;
          used.add(name);
          await file(`lists/${name}.csv`, listCsv(db, list));
        }
        zip.end();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

export function csvResponse(body: string | ReadableStream<Uint8Array>, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export function zipResponse(body: ReadableStream<Uint8Array>, fileName: string) {
  return new Response(body, {
    headers: { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "private, no-store" },
  });
}
