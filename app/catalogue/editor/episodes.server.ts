import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { changedFields, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { EpisodeInput, SeasonInput } from "../schema";
import { episodes, seasons, titles, videos } from "../tables";
import { adoptFiles, checkImageAddress, mediaOf, removeOrphanedMedia } from "./media-files.server";
import type { SaveResult } from "./titles.server";

/**
 * Seasons and episodes of a series. The counts kept on titles and seasons
 * (season_count, episode_count) are recomputed in the same batch as every
 * change, so they can never drift.
 */

function recount(db: Database, titleId: number, seasonId?: number): Statement[] {
  const out: Statement[] = [
    db
      .update(titles)
      .set({
        seasonCount: sql`(SELECT count(*) FROM seasons WHERE title_id = ${titleId})`,
        episodeCount: sql`(SELECT count(*) FROM episodes WHERE title_id = ${titleId})`,
        updatedAt: new Date(),
      })
      .where(eq(titles.id, titleId)),
  ];
  if (seasonId !== undefined) {
    out.unshift(
      db
        .update(seasons)
        .set({ episodeCount: sql`(SELECT count(*) FROM episodes WHERE season_id = ${seasonId})` })
        .where(eq(seasons.id, seasonId)),
    );
  }
  return out;
}

/** What the title editor's header shows. */
export async function titleSummary(db: Database, titleId: number) {
  const [row] = await db
    .select({ id: titles.id, name: titles.name, type: titles.type, slug: titles.slug, poster: titles.poster, backdrop: titles.backdrop })
    .from(titles)
    .where(eq(titles.id, titleId));
  return row ?? null;
}

export function listSeasons(db: Database, titleId: number) {
  return db
    .select({ id: seasons.id, number: seasons.number, name: seasons.name, airDate: seasons.airDate, poster: seasons.poster, episodeCount: seasons.episodeCount })
    .from(seasons)
    .where(eq(seasons.titleId, titleId))
    .orderBy(asc(seasons.number));
}

export async function loadSeasonForEditor(db: Database, titleId: number, number: number) {
  const [season] = await db
    .select()
    .from(seasons)
    .where(and(eq(seasons.titleId, titleId), eq(seasons.number, number)));
  if (!season) return null;
  const episodeRows = await db
    .select({ id: episodes.id, episodeNumber: episodes.episodeNumber, name: episodes.name, plot: episodes.plot, airDate: episodes.airDate, runtime: episodes.runtime, still: episodes.still })
    .from(episodes)
    .where(eq(episodes.seasonId, season.id))
    .orderBy(asc(episodes.episodeNumber));
  return { season, episodes: episodeRows };
}

async function posterProblem(deps: { db: Database; bucket: R2Bucket }, field: string, address: string | undefined, previous: string | null) {
  if (!address || address === previous) return null;
  const check = await checkImageAddress(deps.db, deps.bucket, address);
  return check.ok ? null : { [field]: [check.message] };
}

/** Creates (seasonId null) or updates a season; season numbers are unique per series. */
export async function saveSeason(deps: { db: Database; bucket: R2Bucket }, titleId: number, seasonId: number | null, input: SeasonInput, record?: ChangeRecorder): Promise<SaveResult> {
  const { db } = deps;
  const title = await titleSummary(db, titleId);
  if (!title) return { ok: false, notFound: true };
  if (title.type !== "series") return { ok: false, errors: { number: ["Only series have seasons."] } };
  const [current] = seasonId
    ? await db
        .select()
        .from(seasons)
        .where(and(eq(seasons.id, seasonId), eq(seasons.titleId, titleId)))
    : [];
  if (seasonId && !current) return { ok: false, notFound: true };
  const [clash] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.titleId, titleId), eq(seasons.number, input.number)));
  if (clash && clash.id !== seasonId) return { ok: false, errors: { number: ["This series already has a season with this number."] } };
  const problem = await posterProblem(deps, "poster", input.poster, current?.poster ?? null);
  if (problem) return { ok: false, errors: problem };

  const values = {
    number: input.number,
    name: input.name || `Season ${input.number}`,
    plot: input.plot ?? null,
    airDate: input.airDate ?? null,
    poster: input.poster ?? null,
  };
  const label = `${title.name} · ${values.name}`;
  const statements: Statement[] = [];
  if (current) {
    const diff = changedFields(current, values);
    if (!diff.changed) return { ok: true };
    statements.push(
      db
        .update(seasons)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(seasons.id, current.id)),
    );
    // Episodes keep their season number beside the season id.
    if (diff.after.number !== undefined) statements.push(db.update(episodes).set({ seasonNumber: input.number }).where(eq(episodes.seasonId, current.id)));
    if (record) statements.push(record({ subjectId: titleId, label, before: diff.before, after: diff.after }));
  } else {
    statements.push(db.insert(seasons).values({ ...values, titleId }));
    if (record) statements.push(record({ subjectId: titleId, label, before: null, after: values }));
  }
  statements.push(...recount(db, titleId), ...adoptFiles(db, [values.poster]));
  await runBatch(db, statements);
  if (current?.poster && current.poster !== values.poster) await removeOrphanedMedia(deps, mediaOf([current.poster]));
  return { ok: true };
}

/** Deletes a season with its episodes (and their credits and videos, by cascade). */
export async function deleteSeason(deps: { db: Database; bucket: R2Bucket }, titleId: number, seasonId: number, record?: ChangeRecorder) {
  const { db } = deps;
  const [season] = await db
    .select()
    .from(seasons)
    .where(and(eq(seasons.id, seasonId), eq(seasons.titleId, titleId)));
  if (!season) return false;
  const [stills, videoRows] = await db.batch([
    db.select({ still: episodes.still }).from(episodes).where(eq(episodes.seasonId, seasonId)),
    db.select({ src: videos.src, thumbnail: videos.thumbnail }).from(videos).where(sql`${videos.episodeId} IN (SELECT id FROM episodes WHERE season_id = ${seasonId})`),
  ]);
  const statements: Statement[] = [db.delete(seasons).where(eq(seasons.id, seasonId)), ...recount(db, titleId)];
  if (record) statements.push(record({ subjectId: titleId, label: season.name, before: { season: season.number, name: season.name, episodes: season.episodeCount }, after: null }));
  await runBatch(db, statements);
  await removeOrphanedMedia(deps, mediaOf([season.poster, ...stills.map((s) => s.still), ...videoRows.flatMap((v) => [v.src, v.thumbnail])]));
  return true;
}

/** Creates (episodeId null) or updates an episode; episode numbers are unique per season. */
export async function saveEpisode(
  deps: { db: Database; bucket: R2Bucket },
  titleId: number,
  seasonId: number,
  episodeId: number | null,
  input: EpisodeInput,
  record?: ChangeRecorder,
): Promise<SaveResult> {
  const { db } = deps;
  const [season] = await db
    .select()
    .from(seasons)
    .where(and(eq(seasons.id, seasonId), eq(seasons.titleId, titleId)));
  if (!season) return { ok: false, notFound: true };
  const [current] = episodeId
    ? await db
        .select()
        .from(episodes)
        .where(and(eq(episodes.id, episodeId), eq(episodes.seasonId, seasonId)))
    : [];
  if (episodeId && !current) return { ok: false, notFound: true };
  const [clash] = await db
    .select({ id: episodes.id })
    .from(episodes)
    .where(and(eq(episodes.seasonId, seasonId), eq(episodes.episodeNumber, input.episodeNumber)));
  if (clash && clash.id !== episodeId) return { ok: false, errors: { episodeNumber: ["This season already has an episode with this number."] } };
  const problem = await posterProblem(deps, "still", input.still, current?.still ?? null);
  if (problem) return { ok: false, errors: problem };

  const values = {
    episodeNumber: input.episodeNumber,
    name: input.name,
    plot: input.plot ?? null,
    airDate: input.airDate ?? null,
    runtime: input.runtime ?? null,
    still: input.still ?? null,
  };
  const label = `S${season.number}E${input.episodeNumber} ${input.name}`;
  const statements: Statement[] = [];
  if (current) {
    const diff = changedFields(current, values);
    if (!diff.changed) return { ok: true };
    const generatedFields = current.generatedFields.filter((field) => !(field in diff.after));
    statements.push(
      db
        .update(episodes)
        .set({ ...values, generatedFields, updatedAt: new Date() })
        .where(eq(episodes.id, current.id)),
    );
    if (record) statements.push(record({ subjectId: titleId, label, before: diff.before, after: diff.after }));
  } else {
    statements.push(db.insert(episodes).values({ ...values, titleId, seasonId, seasonNumber: season.number }));
    if (record) statements.push(record({ subjectId: titleId, label, before: null, after: values }));
  }
  statements.push(...recount(db, titleId, seasonId), ...adoptFiles(db, [values.still]));
  await runBatch(db, statements);
  if (current?.still && current.still !== values.still) await removeOrphanedMedia(deps, mediaOf([current.still]));
  return { ok: true };
}

export async function deleteEpisode(deps: { db: Database; bucket: R2Bucket }, titleId: number, seasonId: number, episodeId: number, record?: ChangeRecorder) {
  const { db } = deps;
  const [episode] = await db
    .select()
    .from(episodes)
    .where(and(eq(episodes.id, episodeId), eq(episodes.seasonId, seasonId), eq(episodes.titleId, titleId)));
  if (!episode) return false;
  const videoRows = await db.select({ src: videos.src, thumbnail: videos.thumbnail }).from(videos).where(eq(videos.episodeId, episodeId));
  const statements: Statement[] = [db.delete(episodes).where(eq(episodes.id, episodeId)), ...recount(db, titleId, seasonId)];
  if (record) {
    statements.push(
      record({ subjectId: titleId, label: `S${episode.seasonNumber}E${episode.episodeNumber} ${episode.name}`, before: { episode: episode.episodeNumber, name: episode.name }, after: null }),
    );
  }
  await runBatch(db, statements);
  await removeOrphanedMedia(deps, mediaOf([episode.still, ...videoRows.flatMap((v) => [v.src, v.thumbnail])]));
  return true;
}

/** Episodes of a series for pickers (credits and videos can belong to one). */
export function listEpisodeChoices(db: Database, titleId: number) {
  return db
    .select({ id: episodes.id, seasonNumber: episodes.seasonNumber, episodeNumber: episodes.episodeNumber, name: episodes.name })
    .from(episodes)
    .where(eq(episodes.titleId, titleId))
    .orderBy(asc(episodes.seasonNumber), asc(episodes.episodeNumber))
    .limit(2000);
}
