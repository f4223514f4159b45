import { DomainError } from "~/http/domain-error";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { episodes, titles } from "~/catalogue/tables";
import { LIBRARY_PAGE_SIZE, MARK_SERIES_MAX_EPISODES } from "~/constants";
import type { Database } from "~/db/client.server";
import { refreshProfileCounts, refreshSeriesProgress } from "../counts/counts.server";
import { today } from "./rules";
import { seriesProgress, watchHistory } from "./tables";
import { resolveTarget, type TargetInput } from "./targets.server";

export type WatchScope = "item" | "season" | "series";

/**
 * Marks a movie or an episode watched (each call is one more viewing:
 * rewatches count), or every episode of a season or a series not yet
 * watched (aired by that day). The rows, the series' progress and the
 * profile's count are one batch.
 */
export async function markWatched(db: Database, userId: number, input: TargetInput & { scope?: WatchScope; watchedOn?: string }) {
  const watchedOn = input.watchedOn ?? today();
  const scope = input.scope ?? "item";
  const target = await resolveTarget(db, scope === "item" ? input : { titleId: input.titleId });
  const isSeries = target.titleType === "series";
  if (scope !== "item" && !isSeries) throw new DomainError(422, "Only a series has seasons and episodes.", { field: "scope" });
  if (scope === "item" && isSeries && !target.episodeId) throw new DomainError(422, "Choose an episode, a season or the whole series.", { field: "scope" });
  if (scope === "season" && input.season == null) throw new DomainError(422, "Choose a season.", { field: "season" });

  let insert;
  if (scope === "item") {
    insert = db.insert(watchHistory).values({ userId, titleId: target.titleId, episodeId: target.episodeId, watchedOn });
  } else {
    const seasonFilter = scope === "season" ? sql`AND e.season_number = ${input.season}` : sql`AND e.season_number > 0`;
    // Columns in the schema's order (id, user_id, title_id, episode_id, watched_on, watched_at, created_at, import_id,
    // rewatch: null, derived from earlier viewings, decision 034).
    insert = db.insert(watchHistory).select(sql`
      SELECT NULL, ${userId}, e.title_id, e.id, ${watchedOn}, NULL, unixepoch(), NULL, NULL FROM episodes e
      WHERE e.title_id = ${target.titleId} ${seasonFilter} AND (e.air_date IS NULL OR e.air_date <= ${watchedOn})
        AND NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${userId} AND h.title_id = e.title_id AND h.episode_id = e.id)
      ORDER BY e.season_number, e.episode_number LIMIT ${MARK_SERIES_MAX_EPISODES}`);
  }
  await db.batch([insert, ...(isSeries ? [refreshSeriesProgress(db, userId, target.titleId)] : []), refreshProfileCounts(db, userId)]);
  return { ...target, watchedOn, scope };
}

/** Deletes one viewing of the member's (someone else's id is "not found"). */
export async function removeHistoryEntry(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ titleId: watchHistory.titleId, episodeId: watchHistory.episodeId })
    .from(watchHistory)
    .where(and(eq(watchHistory.id, id), eq(watchHistory.userId, userId)))
    .limit(1);
  if (!row) throw new DomainError(404, "This viewing is not in your history.", { field: "id" });
  await db.batch([
    db.delete(watchHistory).where(and(eq(watchHistory.id, id), eq(watchHistory.userId, userId))),
    ...(row.episodeId ? [refreshSeriesProgress(db, userId, row.titleId)] : []),
    refreshProfileCounts(db, userId),
  ]);
  return row;
}

/** /history: viewings, newest day first. */
export async function listHistory(db: Database, userId: number, { page = 1, perPage = LIBRARY_PAGE_SIZE } = {}) {
  const rows = await db
    .select({
      id: watchHistory.id,
      watchedOn: watchHistory.watchedOn,
      titleId: titles.id,
      name: titles.name,
      slug: titles.slug,
      type: titles.type,
      year: titles.year,
      poster: titles.poster,
      episodeId: watchHistory.episodeId,
      seasonNumber: episodes.seasonNumber,
      episodeNumber: episodes.episodeNumber,
      episodeName: episodes.name,
    })
    .from(watchHistory)
    .innerJoin(titles, eq(titles.id, watchHistory.titleId))
    .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
    .where(eq(watchHistory.userId, userId))
    .orderBy(desc(watchHistory.watchedOn), desc(watchHistory.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
  return { items: rows.slice(0, perPage), hasMore: rows.length > perPage, page };
}

/** The first episode (by season and number, specials left out) the member has not watched. */
export function nextEpisodeStatement(db: Database, userId: number, titleId: number) {
  return db
    .select({ seasonNumber: episodes.seasonNumber, episodeNumber: episodes.episodeNumber, name: episodes.name })
    .from(episodes)
    .where(
      and(
        eq(episodes.titleId, titleId),
        gt(episodes.seasonNumber, 0),
        sql`NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${userId} AND h.title_id = ${episodes.titleId} AND h.episode_id = ${episodes.id})`,
      ),
    )
    .orderBy(asc(episodes.seasonNumber), asc(episodes.episodeNumber))
    .limit(1);
}

/**
 * /progress: series the member has started and not finished, most recently
 * watched first, with "4 of 10 episodes" (stored counts) and the next episode
 * (a correlated lookup per row of the page, on the episodes' unique index).
 */
export async function listProgress(db: Database, userId: number, { page = 1, perPage = LIBRARY_PAGE_SIZE } = {}) {
  const rows = await db
    .select({
      titleId: titles.id,
      name: titles.name,
      slug: titles.slug,
      year: titles.year,
      poster: titles.poster,
      watchedEpisodes: seriesProgress.watchedEpisodes,
      episodeCount: titles.episodeCount,
      lastWatchedOn: seriesProgress.lastWatchedOn,
      next: sql<string | null>`(SELECT json_array(e.season_number, e.episode_number, e.name) FROM episodes e
        WHERE e.title_id = ${seriesProgress.titleId} AND e.season_number > 0
          AND NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${userId} AND h.title_id = e.title_id AND h.episode_id = e.id)
        ORDER BY e.season_number, e.episode_number LIMIT 1)`,
    })
    .from(seriesProgress)
    .innerJoin(titles, eq(titles.id, seriesProgress.titleId))
    // Unfinished: fewer watched than the series has (a series without a stored episode count stays listed).
    .where(and(eq(seriesProgress.userId, userId), gt(seriesProgress.watchedEpisodes, 0), sql`(${titles.episodeCount} IS NULL OR ${seriesProgress.watchedEpisodes} < ${titles.episodeCount})`))
    .orderBy(desc(seriesProgress.lastWatchedOn))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
  const items = rows.slice(0, perPage).map(({ next, ...row }) => {
    const parsed = next ? (JSON.parse(next) as [number, number, string]) : null;
    return { ...row, next: parsed ? { seasonNumber: parsed[0], episodeNumber: parsed[1], name: parsed[2] } : null };
  });
  return { items, hasMore: rows.length > perPage, page };
}
