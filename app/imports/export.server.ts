import { asc, eq } from "drizzle-orm";
import { episodes, titles } from "~/catalogue/schema";
import type { Database } from "~/db/client.server";
import { ratings, watchHistory, watchlistItems } from "~/library/schema";
import { listItems, lists } from "~/lists/schema";
import { toCsv } from "./csv";

import type { ExportKind } from "./export-kinds";

export { EXPORT_KINDS, type ExportKind } from "./export-kinds";

/**
 * A member's library as CSV (decision 027): one ordered, indexed read per
 * file (the member's rows by user id). Titles are named by our id, name and
 * year, so another site (or our import) can match them back.
 */
export async function exportCsv(db: Database, userId: number, kind: ExportKind): Promise<string> {
  if (kind === "ratings") {
    const rows = await db
      .select({ titleId: ratings.titleId, name: titles.name, year: titles.year, type: titles.type, season: episodes.seasonNumber, episode: episodes.episodeNumber, rating: ratings.rating, updatedAt: ratings.updatedAt })
      .from(ratings)
      .innerJoin(titles, eq(titles.id, ratings.titleId))
      .leftJoin(episodes, eq(episodes.id, ratings.episodeId))
      .where(eq(ratings.userId, userId))
      .orderBy(asc(ratings.id));
    return toCsv(
      ["Title ID", "Name", "Year", "Type", "Season", "Episode", "Rating", "Rated At"],
      rows.map((r) => [r.titleId, r.name, r.year, r.type, r.season, r.episode, r.rating, r.updatedAt.toISOString().slice(0, 10)]),
    );
  }
  if (kind === "watchlist") {
    const rows = await db
      .select({ titleId: watchlistItems.titleId, name: titles.name, year: titles.year, type: titles.type, createdAt: watchlistItems.createdAt })
      .from(watchlistItems)
      .innerJoin(titles, eq(titles.id, watchlistItems.titleId))
      .where(eq(watchlistItems.userId, userId))
      .orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.titleId));
    return toCsv(["Title ID", "Name", "Year", "Type", "Added At"], rows.map((r) => [r.titleId, r.name, r.year, r.type, r.createdAt.toISOString().slice(0, 10)]));
  }
  if (kind === "history") {
    const rows = await db
      .select({ titleId: watchHistory.titleId, name: titles.name, year: titles.year, type: titles.type, season: episodes.seasonNumber, episode: episodes.episodeNumber, watchedOn: watchHistory.watchedOn })
      .from(watchHistory)
      .innerJoin(titles, eq(titles.id, watchHistory.titleId))
      .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(eq(watchHistory.userId, userId))
      .orderBy(asc(watchHistory.watchedOn), asc(watchHistory.id));
    return toCsv(["Title ID", "Name", "Year", "Type", "Season", "Episode", "Watched On"], rows.map((r) => [r.titleId, r.name, r.year, r.type, r.season, r.episode, r.watchedOn]));
  }
  const rows = await db
    .select({ listId: lists.id, listName: lists.name, isPublic: lists.public, position: listItems.position, titleId: titles.id, name: titles.name, year: titles.year, note: listItems.note })
    .from(lists)
    .innerJoin(listItems, eq(listItems.listId, lists.id))
    .innerJoin(titles, eq(titles.id, listItems.titleId))
    .where(eq(lists.userId, userId))
    .orderBy(asc(lists.id), asc(listItems.position), asc(listItems.id));
  // Positions renumbered 1..n per list (stored positions may have gaps).
  let last = -1;
  let position = 0;
  return toCsv(
    ["List ID", "List", "Public", "Position", "Title ID", "Name", "Year", "Note"],
    rows.map((r) => {
      position = r.listId === last ? position + 1 : 1;
      last = r.listId;
      return [r.listId, r.listName, r.isPublic ? "yes" : "no", position, r.titleId, r.name, r.year, r.note];
    }),
  );
}

export function csvResponse(csv: string, fileName: string) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
