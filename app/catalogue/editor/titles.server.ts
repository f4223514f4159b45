import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { changedFields, newRowId, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { NewTitleInput, TitleFactsInput } from "../schema";
import { genres, images, keywords, seasons, titleGenres, titleKeywords, titles, videos, type TitleType } from "../tables";
import { buildMatchExpression } from "../search-query";
import { slugify } from "../../http/slug";
import { adoptFiles, checkImageAddress, mediaOf, removeOrphanedMedia } from "./media-files.server";

/**
 * Titles in the admin area: the list, creation, the facts editor (with
 * genres and keywords) and deletion. Every write is one D1 batch that also
 * carries the caller's change record (the audit log), if any.
 */

export const TITLE_SORTS = ["popularity", "name", "release_date", "created_at", "updated_at", "rating"] as const;
export type TitleSort = (typeof TITLE_SORTS)[number];

export interface TitleListQuery {
  q: string;
  type: TitleType | null;
  genreId: number | null;
  sort: TitleSort;
  dir: "asc" | "desc";
  offset: number;
  limit: number;
}

const SORT_COLUMNS = {
  popularity: titles.popularity,
  name: titles.name,
  release_date: titles.releaseDate,
  created_at: titles.createdAt,
  updated_at: titles.updatedAt,
  rating: titles.externalRating,
} as const;

/**
 * One page of titles with the total. Search goes through the titles' FTS
 * index (same word rules as the public search), the other filters and
 * sorts through the browse indexes.
 */
export async function listTitlesForAdmin(db: Database, query: TitleListQuery) {
  const where: SQL[] = [];
  if (query.type) where.push(eq(titles.type, query.type));
  if (query.genreId) where.push(sql`EXISTS (SELECT 1 FROM title_genres g WHERE g.title_id = ${titles.id} AND g.genre_id = ${query.genreId})`);
  if (query.q) {
    const numeric = /^\d{1,12}$/.test(query.q) ? Number(query.q) : null;
    const match = buildMatchExpression(query.q);
    const byText = match ? sql`${titles.searchKey} IN (SELECT rowid FROM titles_fts WHERE titles_fts MATCH ${match})` : sql`0`;
    where.push(numeric !== null ? sql`(${titles.id} = ${numeric} OR ${byText})` : byText);
  }
  const condition = where.length ? and(...where) : undefined;
  const column = SORT_COLUMNS[query.sort];
  const [rows, count] = await db.batch([
    db
      .select({
        id: titles.id,
        type: titles.type,
        name: titles.name,
        slug: titles.slug,
        year: titles.year,
        poster: titles.poster,
        popularity: titles.popularity,
        externalRating: titles.externalRating,
        seasonCount: titles.seasonCount,
        views: titles.views,
        updatedAt: titles.updatedAt,
      })
      .from(titles)
      .where(condition)
      .orderBy(query.dir === "asc" ? sql`${column} ASC NULLS LAST` : sql`${column} DESC NULLS LAST`, desc(titles.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)` }).from(titles).where(condition),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/** A title with everything its facts form shows. */
export async function loadTitleForEditor(db: Database, id: number) {
  const [found, genreRows, keywordRows, counts] = await db.batch([
    db.select().from(titles).where(eq(titles.id, id)).limit(1),
    db.select({ id: titleGenres.genreId }).from(titleGenres).where(eq(titleGenres.titleId, id)),
    db.select({ name: keywords.name }).from(titleKeywords).innerJoin(keywords, eq(keywords.id, titleKeywords.keywordId)).where(eq(titleKeywords.titleId, id)).orderBy(asc(keywords.name)),
    db
      .select({
        credits: sql<number>`(SELECT count(*) FROM credits WHERE title_id = ${id})`,
        videos: sql<number>`(SELECT count(*) FROM videos WHERE title_id = ${id})`,
        images: sql<number>`(SELECT count(*) FROM images WHERE title_id = ${id})`,
      })
      .from(sql`(SELECT 1)`),
  ]);
  const title = found[0];
  if (!title) return null;
  return {
    title,
    genreIds: genreRows.map((g) => g.id),
    keywords: keywordRows.map((k) => k.name),
    counts: { credits: Number(counts[0]?.credits ?? 0), videos: Number(counts[0]?.videos ?? 0), images: Number(counts[0]?.images ?? 0) },
  };
}

/** Every genre, for the genre checkboxes and filters. */
export function allGenres(db: Database) {
  return db.select({ id: genres.id, name: genres.name }).from(genres).orderBy(asc(genres.name));
}

function yearOf(date: string | null | undefined) {
  return date ? Number(date.slice(0, 4)) : null;
}

/**
 * Creates a title with its first facts; the editor fills in the rest.
 */
export async function createTitle(db: Database, input: NewTitleInput, record?: ChangeRecorder) {
  const values = {
    type: input.type,
    name: input.name,
    slug: slugify(input.name),
    releaseDate: input.releaseDate ?? null,
    year: yearOf(input.releaseDate),
    plot: input.plot ?? null,
  };
  const statements: Statement[] = [db.insert(titles).values(values).returning({ id: titles.id })];
  if (record) statements.push(record({ subjectId: newRowId, label: input.name, before: null, after: values }));
  const [inserted] = (await runBatch(db, statements)) as [{ id: number }[]];
  return { id: inserted[0].id };
}

export type SaveResult = { ok: true } | { ok: false; notFound?: true; errors?: Record<string, string[]> };

/**
 * Saves a title's facts, genres and keywords in one batch. Uploaded poster
 * and backdrop files are checked (real public images) and adopted. Fields
 * the demo seed generated stop counting as generated once an editor
 * changed them.
 */
export async function updateTitle(deps: { db: Database; bucket: R2Bucket }, id: number, input: TitleFactsInput, record?: ChangeRecorder): Promise<SaveResult> {
  const { db } = deps;
  const current = await loadTitleForEditor(db, id);
  if (!current) return { ok: false, notFound: true };
  const errors: Record<string, string[]> = {};
  for (const field of ["poster", "backdrop"] as const) {
    const address = input[field];
    if (address && address !== current.title[field]) {
      const check = await checkImageAddress(db, deps.bucket, address);
      if (!check.ok) errors[field] = [check.message];
    }
  }
  const knownGenres = input.genres.length ? await db.select({ id: genres.id }).from(genres).where(inArray(genres.id, input.genres)) : [];
  if (knownGenres.length !== new Set(input.genres).size) errors.genres = ["Choose genres from the list."];
  if (Object.keys(errors).length) return { ok: false, errors };

  const next = {
    type: input.type,
    name: input.name,
    slug: slugify(input.name),
    originalName: input.originalName ?? null,
    tagline: input.tagline ?? null,
    plot: input.plot ?? null,
    releaseDate: input.releaseDate ?? null,
    year: yearOf(input.releaseDate),
    endYear: input.type === "series" ? (input.endYear ?? null) : null,
    runtime: input.runtime ?? null,
    certification: input.certification ?? null,
    language: input.language ?? null,
    countries: input.countries,
    budget: input.budget ?? null,
    revenue: input.revenue ?? null,
    popularity: input.popularity ?? current.title.popularity,
    externalRating: input.externalRating ?? null,
    poster: input.poster ?? null,
    backdrop: input.backdrop ?? null,
  };
  const diff = changedFields(
    { ...current.title, genres: current.genreIds.slice().sort((a, b) => a - b), keywords: current.keywords },
    { ...next, genres: [...new Set(input.genres)].sort((a, b) => a - b), keywords: input.keywords },
  );
  if (!diff.changed) return { ok: true };

  const generatedFields = current.title.generatedFields.filter((field) => !(field in diff.after));
  const statements: Statement[] = [
    db
      .update(titles)
      .set({ ...next, generatedFields, updatedAt: new Date() })
      .where(eq(titles.id, id)),
    db.delete(titleGenres).where(eq(titleGenres.titleId, id)),
  ];
  if (input.genres.length) statements.push(db.insert(titleGenres).values([...new Set(input.genres)].map((genreId) => ({ titleId: id, genreId }))));
  statements.push(db.delete(titleKeywords).where(eq(titleKeywords.titleId, id)));
  if (input.keywords.length) {
    const words = input.keywords.map((name) => ({ name, slug: slugify(name) }));
    statements.push(db.insert(keywords).values(words).onConflictDoNothing());
    statements.push(
      db.insert(titleKeywords).select(
        db
          .select({ titleId: sql<number>`${id}`.as("title_id"), keywordId: keywords.id })
          .from(keywords)
          .where(inArray(keywords.slug, [...new Set(words.map((w) => w.slug))])),
      ),
    );
  }
  statements.push(...adoptFiles(db, [next.poster, next.backdrop]));
  if (record) statements.push(record({ subjectId: id, label: next.name, before: diff.before, after: diff.after }));
  await runBatch(db, statements);
  // A replaced uploaded poster or backdrop is no longer used by this title.
  const replaced = mediaOf([current.title.poster, current.title.backdrop].filter((old) => old !== next.poster && old !== next.backdrop));
  await removeOrphanedMedia(deps, replaced);
  return { ok: true };
}

/**
 * Deletes titles with everything that belongs to them: credits, seasons,
 * episodes, videos, images, genre and keyword links and view records go with
 * the row (foreign keys cascade); their uploaded files go afterwards when
 * nothing else uses them.
 */
export async function deleteTitles(deps: { db: Database; bucket: R2Bucket }, ids: number[], record?: ChangeRecorder) {
  const { db } = deps;
  if (ids.length === 0) return { deleted: [] as number[] };
  const [rows, videoRows, imageRows, seasonRows] = await db.batch([
    db.select({ id: titles.id, name: titles.name, type: titles.type, year: titles.year, poster: titles.poster, backdrop: titles.backdrop }).from(titles).where(inArray(titles.id, ids)),
    db.select({ src: videos.src, thumbnail: videos.thumbnail }).from(videos).where(inArray(videos.titleId, ids)),
    db.select({ url: images.url }).from(images).where(inArray(images.titleId, ids)),
    db.select({ poster: seasons.poster }).from(seasons).where(inArray(seasons.titleId, ids)),
  ]);
  if (rows.length === 0) return { deleted: [] as number[] };
  const found = rows.map((r) => r.id);
  const statements: Statement[] = [db.delete(titles).where(inArray(titles.id, found))];
  if (record) {
    for (const row of rows) {
      statements.push(record({ subjectId: row.id, label: row.name, before: { name: row.name, type: row.type, year: row.year }, after: null }));
    }
  }
  await runBatch(db, statements);
  await removeOrphanedMedia(
    deps,
    mediaOf([...rows.flatMap((r) => [r.poster, r.backdrop]), ...videoRows.flatMap((v) => [v.src, v.thumbnail]), ...imageRows.map((i) => i.url), ...seasonRows.map((s) => s.poster)]),
  );
  return { deleted: found };
}

/** Gallery images of a title. */
export function listTitleImages(db: Database, titleId: number) {
  return db
    .select({ id: images.id, type: images.type, url: images.url, width: images.width, height: images.height })
    .from(images)
    .where(eq(images.titleId, titleId))
    .orderBy(asc(images.type), asc(images.position), asc(images.id));
}

/** Adds a gallery image (uploaded files are checked and adopted; their size is read from the file). */
export async function addTitleImage(
  deps: { db: Database; bucket: R2Bucket },
  titleId: number,
  input: { type: "poster" | "backdrop" | "still" | "profile"; url: string },
  record?: ChangeRecorder,
): Promise<SaveResult> {
  const { db } = deps;
  const [title] = await db.select({ id: titles.id, name: titles.name }).from(titles).where(eq(titles.id, titleId));
  if (!title) return { ok: false, notFound: true };
  const check = await checkImageAddress(db, deps.bucket, input.url);
  if (!check.ok) return { ok: false, errors: { url: [check.message] } };
  const size =
    check.width && check.height ? { width: check.width, height: check.height } : input.type === "backdrop" || input.type === "still" ? { width: 1280, height: 720 } : { width: 500, height: 750 };
  const statements: Statement[] = [
    db.insert(images).values({
      titleId,
      type: input.type,
      url: input.url,
      ...size,
      position: sql`(SELECT coalesce(max(position), -1) + 1 FROM images WHERE title_id = ${titleId} AND type = ${input.type})`,
    }),
    ...adoptFiles(db, [input.url]),
  ];
  if (record) statements.push(record({ subjectId: titleId, label: title.name, before: null, after: { image: input.url, type: input.type } }));
  await runBatch(db, statements);
  return { ok: true };
}

export async function deleteTitleImage(deps: { db: Database; bucket: R2Bucket }, titleId: number, imageId: number, record?: ChangeRecorder) {
  const { db } = deps;
  const [row] = await db
    .select({ url: images.url, type: images.type, name: titles.name })
    .from(images)
    .innerJoin(titles, eq(titles.id, images.titleId))
    .where(and(eq(images.id, imageId), eq(images.titleId, titleId)));
  if (!row) return false;
  const statements: Statement[] = [db.delete(images).where(eq(images.id, imageId))];
  if (record) statements.push(record({ subjectId: titleId, label: row.name, before: { image: row.url, type: row.type }, after: null }));
  await runBatch(db, statements);
  await removeOrphanedMedia(deps, mediaOf([row.url]));
  return true;
}

/** Sets (or, with null, removes) a title's poster or backdrop; an uploaded file is checked and adopted. */
export async function setTitleArtwork(deps: { db: Database; bucket: R2Bucket }, titleId: number, field: "poster" | "backdrop", address: string | null, record?: ChangeRecorder): Promise<SaveResult> {
  const { db } = deps;
  const [title] = await db
    .select({ id: titles.id, name: titles.name, poster: titles.poster, backdrop: titles.backdrop, generatedFields: titles.generatedFields })
    .from(titles)
    .where(eq(titles.id, titleId));
  if (!title) return { ok: false, notFound: true };
  const previous = title[field];
  if (previous === address) return { ok: true };
  if (address) {
    const check = await checkImageAddress(db, deps.bucket, address);
    if (!check.ok) return { ok: false, errors: { url: [check.message] } };
  }
  const statements: Statement[] = [
    db
      .update(titles)
      .set({ [field]: address, generatedFields: title.generatedFields.filter((f) => f !== field), updatedAt: new Date() })
      .where(eq(titles.id, titleId)),
    ...adoptFiles(db, [address]),
  ];
  if (record) statements.push(record({ subjectId: titleId, label: title.name, before: { [field]: previous }, after: { [field]: address } }));
  await runBatch(db, statements);
  if (previous) await removeOrphanedMedia(deps, mediaOf([previous]));
  return { ok: true };
}
