import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { changedFields, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { VideoInput } from "../schema";
import { episodes, titles, videos, VIDEO_CATEGORIES, VIDEO_SOURCES, type VideoCategory, type VideoSource } from "../tables";
import { adoptFiles, checkImageAddress, checkVideoFile, mediaOf, removeOrphanedMedia } from "./media-files.server";
import type { SaveResult } from "./titles.server";

export function isVideoCategory(value: string): value is VideoCategory {
  return (VIDEO_CATEGORIES as readonly string[]).includes(value);
}
export function isVideoSource(value: string): value is VideoSource {
  return (VIDEO_SOURCES as readonly string[]).includes(value);
}

export const VIDEO_SORTS = ["created_at", "name", "plays"] as const;

/** Every video of the catalogue (the admin videos list), newest first by default. */
export async function listVideosForAdmin(
  db: Database,
  query: { q: string; category: VideoCategory | null; source: VideoSource | null; sort: (typeof VIDEO_SORTS)[number]; dir: "asc" | "desc"; offset: number; limit: number },
) {
  const where: SQL[] = [];
  if (query.category) where.push(eq(videos.category, query.category));
  if (query.source) where.push(eq(videos.source, query.source));
  if (query.q) where.push(sql`(${videos.name} LIKE ${`%${query.q.replace(/[%_\\]/g, "\\$&")}%`} ESCAPE '\\' OR ${titles.name} LIKE ${`${query.q.replace(/[%_\\]/g, "\\$&")}%`} ESCAPE '\\')`);
  const condition = where.length ? and(...where) : undefined;
  const column = { created_at: videos.id, name: videos.name, plays: videos.plays }[query.sort];
  const [rows, count] = await db.batch([
    db
      .select({
        id: videos.id,
        name: videos.name,
        category: videos.category,
        source: videos.source,
        src: videos.src,
        plays: videos.plays,
        duration: videos.duration,
        titleId: videos.titleId,
        // D1 batch rows are keyed by column name: the title's name needs its own.
        titleName: sql<string>`${titles.name}`.as("title_name"),
        episodeId: videos.episodeId,
        createdAt: videos.createdAt,
      })
      .from(videos)
      .innerJoin(titles, eq(titles.id, videos.titleId))
      .where(condition)
      .orderBy(query.dir === "asc" ? asc(column) : desc(column), desc(videos.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)` }).from(videos).innerJoin(titles, eq(titles.id, videos.titleId)).where(condition),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export function listTitleVideos(db: Database, titleId: number) {
  return db
    .select({
      id: videos.id,
      name: videos.name,
      category: videos.category,
      source: videos.source,
      src: videos.src,
      mime: videos.mime,
      quality: videos.quality,
      language: videos.language,
      duration: videos.duration,
      thumbnail: videos.thumbnail,
      position: videos.position,
      plays: videos.plays,
      episodeId: videos.episodeId,
    })
    .from(videos)
    .where(eq(videos.titleId, titleId))
    .orderBy(asc(videos.position), asc(videos.id));
}

/**
 * Creates (videoId null) or updates a video of a title. An uploaded file
 * must be a public video file entry (and is adopted); YouTube, Vimeo and
 * external addresses are checked by form.
 */
export async function saveVideo(deps: { db: Database; bucket: R2Bucket }, titleId: number, videoId: number | null, input: VideoInput, record?: ChangeRecorder): Promise<SaveResult> {
  const { db } = deps;
  const [[title], current, episode] = await db.batch([
    db.select({ id: titles.id, name: titles.name }).from(titles).where(eq(titles.id, titleId)),
    db
      .select()
      .from(videos)
      .where(and(eq(videos.id, videoId ?? 0), eq(videos.titleId, titleId))),
    db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.id, input.episodeId ?? 0), eq(episodes.titleId, titleId))),
  ]);
  if (!title || (videoId && current.length === 0)) return { ok: false, notFound: true };
  const previous = current[0];
  const errors: Record<string, string[]> = {};
  if (input.episodeId && episode.length === 0) errors.episodeId = ["Choose an episode of this series."];
  let mime: string | null = previous?.src === input.src ? previous.mime : null;
  if (input.source === "r2" && input.src !== previous?.src) {
    const check = await checkVideoFile(db, input.src);
    if (!check.ok) errors.src = [check.message];
    else mime = check.mime || mime;
  }
  if (input.thumbnail && input.thumbnail !== previous?.thumbnail) {
    const check = await checkImageAddress(db, deps.bucket, input.thumbnail);
    if (!check.ok) errors.thumbnail = [check.message];
  }
  if (Object.keys(errors).length) return { ok: false, errors };

  const values = {
    name: input.name,
    category: input.category,
    source: input.source,
    src: input.src,
    mime: input.source === "youtube" || input.source === "vimeo" ? null : mime,
    quality: input.quality ?? null,
    language: input.language ?? null,
    duration: input.duration ?? null,
    thumbnail: input.thumbnail ?? null,
    episodeId: input.episodeId ?? null,
  };
  const statements: Statement[] = [];
  if (previous) {
    const diff = changedFields(previous, values);
    if (!diff.changed) return { ok: true };
    statements.push(
      db
        .update(videos)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(videos.id, previous.id)),
    );
    if (record) statements.push(record({ subjectId: titleId, label: `${title.name} · ${values.name}`, before: diff.before, after: diff.after }));
  } else {
    statements.push(
      db.insert(videos).values({
        ...values,
        titleId,
        position: sql`(SELECT coalesce(max(position), -1) + 1 FROM videos WHERE title_id = ${titleId})`,
      }),
    );
    if (record) statements.push(record({ subjectId: titleId, label: `${title.name} · ${values.name}`, before: null, after: values }));
  }
  statements.push(db.update(titles).set({ updatedAt: new Date() }).where(eq(titles.id, titleId)), ...adoptFiles(db, [values.src, values.thumbnail]));
  await runBatch(db, statements);
  if (previous) {
    const replaced = [previous.src, previous.thumbnail].filter((old) => old !== values.src && old !== values.thumbnail);
    await removeOrphanedMedia(deps, mediaOf(replaced));
  }
  return { ok: true };
}

/** Deletes videos (of any titles) with their play records and unused files. */
export async function deleteVideos(deps: { db: Database; bucket: R2Bucket }, ids: number[], record?: ChangeRecorder) {
  const { db } = deps;
  if (ids.length === 0) return { deleted: [] as number[] };
  const rows = await db
    .select({ id: videos.id, name: videos.name, titleId: videos.titleId, src: videos.src, thumbnail: videos.thumbnail, source: videos.source })
    .from(videos)
    .where(inArray(videos.id, ids));
  if (rows.length === 0) return { deleted: [] as number[] };
  const statements: Statement[] = [
    db.delete(videos).where(
      inArray(
        videos.id,
        rows.map((r) => r.id),
      ),
    ),
  ];
  if (record) for (const row of rows) statements.push(record({ subjectId: row.titleId, label: row.name, before: { video: row.name, source: row.source, src: row.src }, after: null }));
  await runBatch(db, statements);
  await removeOrphanedMedia(deps, mediaOf(rows.flatMap((r) => [r.src, r.thumbnail])));
  return { deleted: rows.map((r) => r.id) };
}
