import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { checkQuota, hasPermission, type Viewer } from "~/request/viewer";
import { episodes, titles } from "~/catalogue/tables";
import { titleAliases } from "~/catalogue/search.tables";
import { slugify } from "~/http/slug";
import { renderBody } from "~/community/body.server";
import { recountReviews } from "~/community/reviews.server";
import { reviews } from "~/community/tables";
import { IMPORT_CHUNK_ROWS, IMPORT_PARAMS_PER_STATEMENT, IMPORT_STATEMENTS_PER_BATCH, REVIEW_HEADLINE_MAX_LENGTH } from "~/constants";
import type { Database } from "~/db/client.server";
import { refreshProfileCounts, refreshSeriesProgress } from "~/counts/counts.server";
import { ratings, watchHistory, watchlistItems } from "~/library/tables";
import { ownedListCount } from "~/lists/lists.server";
import { listItems, lists } from "~/lists/tables";
import { memberName } from "~/auth/public-name";
import { users } from "~/auth/users.tables";
import { refreshSocialCounts } from "~/social/follows.server";
import { follows } from "~/social/tables";
import { entryKey, ImportFileError, type ImportData, type ImportEntry } from "./formats";
import { entryKeys, resolveByName, type Candidate } from "./match";
import { importJobs, type ImportJobRow } from "./tables";

/**
 * Imports as jobs (decision 027): `prepareImport` reads and matches a file and
 * stores the plan (R2) with a job row in `review`; the member settles the
 * ambiguous and unmatched titles (`saveChoices`); `startImport` cuts the rows
 * into chunks (R2) and queues the job; `runImportChunk` writes one chunk in one
 * db.batch (a D1 transaction) together with the job's progress, so a restart
 * resumes at the next chunk and a chunk sent twice adds nothing. Every row
 * carries the job's id (`import_id`): `undoImport` deletes exactly those.
 * Existing rows always win (a rating, a review, a watchlist entry, a viewing of
 * that title on that day, a list item): importing the same file again adds
 * nothing, and an undo never touches what the member had before.
 */

export interface MatchGroup {
  /** entryKey of the rows (one title of the file). */
  key: string;
  name: string;
  originalName: string | null;
  year: number | null;
  type: "movie" | "series" | null;
  file: string;
  line: number;
  rows: number;
  status: "matched" | "ambiguous" | "unmatched";
  titleId: number | null;
  candidates: Candidate[];
  /** The member's choice on the review screen: a title id, or "skip". */
  choice?: number | "skip";
}

export interface ImportPlan {
  version: 1;
  data: ImportData;
  groups: MatchGroup[];
  /** The file's follows whose member exists here under the same name (prepareImport). */
  follows?: { userId: number; at: number | null }[];
}

export interface ImportSummary {
  read: { ratings: number; watched: number; watchlist: number; reviews: number; lists: number; listItems: number; follows?: number };
  groups: { matched: number; ambiguous: number; unmatched: number };
  added?: { ratings: number; watched: number; watchlist: number; reviews: number; lists: number; listItems: number; follows?: number };
  /** Follows in the file whose member is not on this site (no such id with that name). */
  followsUnknown?: number;
  skipped?: number;
  /** Reviews not imported because neither the review nor the file rates the title (a review here carries a score). */
  unratedReviews?: number;
}

export interface ImportStore {
  get(key: string): Promise<{ text(): Promise<string> } | null>;
  put(key: string, value: string): Promise<unknown>;
  delete(keys: string | string[]): Promise<unknown>;
}

export interface ImportQueue {
  send(message: ImportChunkMessage): Promise<unknown>;
}

export type ImportChunkMessage = { kind: "library-import-chunk"; jobId: number; chunk: number };

const planKey = (job: Pick<ImportJobRow, "userId" | "id">) => `imports/${job.userId}/${job.id}/plan.json`;
const chunkKey = (job: Pick<ImportJobRow, "userId" | "id">, n: number) => `imports/${job.userId}/${job.id}/chunk-${n}.json`;

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows per multi-row statement when each row binds `perRow` values (D1: 100 bound parameters a statement). */
const rowsPer = (perRow: number, fixed = 0) => Math.floor((IMPORT_PARAMS_PER_STATEMENT - fixed) / perRow);

function allEntries(data: ImportData): ImportEntry[] {
  return [...data.ratings, ...data.watchlist, ...data.watched, ...data.reviews, ...data.lists.flatMap((l) => l.items)];
}

const CANDIDATE = {
  id: titles.id,
  name: titles.name,
  year: titles.year,
  type: titles.type,
  popularity: titles.popularity,
  slug: titles.slug,
  originalName: titles.originalName,
  imdbId: titles.imdbId,
  tmdbId: titles.tmdbId,
};
type Found = Candidate & { slug: string; originalName: string | null; imdbId: string | null; tmdbId: number | null };

/**
 * Matches every distinct title of a file: ids first (ours, IMDb's `tt`,
 * TMDB's with the type), then the folded name and original name (the slug
 * index; lower(original_name)), then the folded alternative titles
 * (title_aliases.name_key) for a row its own names leave unmatched. One statement per 90 keys of each kind, all in
 * one batch: no N+1.
 */
export async function matchGroups(db: Database, data: ImportData): Promise<MatchGroup[]> {
  const groups = new Map<string, MatchGroup & { entry: ImportEntry }>();
  for (const e of allEntries(data)) {
    const key = entryKey(e);
    const g = groups.get(key);
    if (g) g.rows += 1;
    else
      groups.set(key, {
        key,
        name: e.name,
        originalName: e.originalName,
        year: e.year,
        type: e.type,
        file: e.file,
        line: e.line,
        rows: 1,
        status: "unmatched",
        titleId: null,
        candidates: [],
        entry: e,
      });
  }
  const list = [...groups.values()];
  const siteIds = [...new Set(list.flatMap((g) => (g.entry.siteId ? [g.entry.siteId] : [])))];
  const imdbIds = [...new Set(list.flatMap((g) => (g.entry.imdbId ? [g.entry.imdbId] : [])))];
  const tmdbMovies = [...new Set(list.flatMap((g) => (g.entry.tmdbId && g.entry.type !== "series" ? [g.entry.tmdbId] : [])))];
  const tmdbSeries = [...new Set(list.flatMap((g) => (g.entry.tmdbId && g.entry.type === "series" ? [g.entry.tmdbId] : [])))];
  const slugs = [...new Set(list.flatMap((g) => entryKeys(g)))];
  const lowered = [...new Set(list.flatMap((g) => [g.name, g.originalName ?? ""].filter(Boolean).map((n) => n.toLowerCase())))];
  const q = (where: SQL) => db.select(CANDIDATE).from(titles).where(where);
  const statements = [
    ...chunk(siteIds, 90).map((ids) => q(inArray(titles.id, ids))),
    ...chunk(imdbIds, 90).map((ids) => q(and(sql`${titles.imdbId} IS NOT NULL`, inArray(titles.imdbId, ids))!)),
    ...chunk(tmdbMovies, 90).map((ids) => q(and(eq(titles.type, "movie"), inArray(titles.tmdbId, ids))!)),
    ...chunk(tmdbSeries, 90).map((ids) => q(and(eq(titles.type, "series"), inArray(titles.tmdbId, ids))!)),
    ...chunk(slugs, 90).map((keys) => q(inArray(titles.slug, keys))),
    ...chunk(lowered, 90).map((names) => q(and(sql`${titles.originalName} IS NOT NULL`, inArray(sql`lower(${titles.originalName})`, names))!)),
  ];
  // Alternative titles (title_aliases, by their folded name): tried after the ids and the title's own names.
  const aliasStatements = chunk(slugs, 90).map((keys) =>
    db
      .select({ ...CANDIDATE, aliasKey: titleAliases.nameKey })
      .from(titleAliases)
      .innerJoin(titles, eq(titles.id, titleAliases.titleId))
      .where(and(sql`${titleAliases.nameKey} IS NOT NULL`, inArray(titleAliases.nameKey, keys))),
  );
  const all = [...statements, ...aliasStatements];
  const answers = all.length ? ((await db.batch(all as unknown as [BatchItem<"sqlite">])) as unknown as Found[][]) : [];
  const results = answers.slice(0, statements.length);
  const byAlias = new Map<string, Map<number, Found>>();
  for (const rows of answers.slice(statements.length) as (Found & { aliasKey: string })[][]) {
    for (const { aliasKey, ...row } of rows) byAlias.set(aliasKey, (byAlias.get(aliasKey) ?? new Map<number, Found>()).set(row.id, row));
  }
  const byId = new Map<number, Found>();
  const byImdb = new Map<string, Found>();
  const byTmdb = new Map<string, Found>();
  const byKey = new Map<string, Map<number, Found>>();
  const add = (key: string, row: Found) => {
    if (!key) return;
    const m = byKey.get(key) ?? new Map<number, Found>();
    m.set(row.id, row);
    byKey.set(key, m);
  };
  for (const rows of results) {
    for (const row of rows) {
      byId.set(row.id, row);
      if (row.imdbId) byImdb.set(row.imdbId, row);
      if (row.tmdbId) byTmdb.set(`${row.type}:${row.tmdbId}`, row);
      add(row.slug, row);
      if (row.originalName) add(slugify(row.originalName, ""), row);
    }
  }
  const plain = (row: Found): Candidate => ({ id: row.id, name: row.name, year: row.year, type: row.type, popularity: row.popularity });
  for (const g of list) {
    const e = g.entry;
    const keys = entryKeys(g);
    // Our own id counts only when the name agrees (an export from another Reelbase has other ids).
    const own = e.siteId ? byId.get(e.siteId) : undefined;
    const byIds =
      (own && keys.some((k) => k === own.slug || (own.originalName && k === slugify(own.originalName, ""))) ? own : undefined) ??
      (e.imdbId ? byImdb.get(e.imdbId) : undefined) ??
      (e.tmdbId ? byTmdb.get(`${e.type === "series" ? "series" : "movie"}:${e.tmdbId}`) : undefined);
    if (byIds) {
      Object.assign(g, { status: "matched", titleId: byIds.id, candidates: [plain(byIds)] });
      continue;
    }
    const pool = new Map<number, Found>();
    for (const k of keys) for (const [id, row] of byKey.get(k) ?? []) pool.set(id, row);
    let r = resolveByName(e, [...pool.values()].map(plain));
    if (r.kind === "unmatched") {
      // Not by its own names: by an alternative title ("Seven" for "Se7en"), the same rules of year and type.
      const aliased = new Map<number, Found>();
      for (const k of keys) for (const [id, row] of byAlias.get(k) ?? []) aliased.set(id, row);
      const byAliasName = resolveByName(e, [...aliased.values()].map(plain));
      r = byAliasName.kind === "unmatched" ? { kind: "unmatched", candidates: [...r.candidates, ...byAliasName.candidates.filter((c) => !pool.has(c.id))] } : byAliasName;
    }
    if (r.kind === "matched") Object.assign(g, { status: "matched", titleId: r.title.id, candidates: [r.title] });
    else Object.assign(g, { status: r.kind, titleId: null, candidates: r.candidates.slice(0, 8) });
  }
  return list.map(({ entry: _entry, ...g }) => g);
}

/** Reads the file's rows against the catalogue and keeps the plan for the review screen. Nothing of the library is written. */
export async function prepareImport(db: Database, store: ImportStore, viewer: Viewer, fileName: string, data: ImportData): Promise<number> {
  const userId = viewer.userId;
  if (userId === null) throw new ImportFileError("You need to sign in first.");
  if (data.ratings.length && !hasPermission(viewer, "ratings.create")) throw new ImportFileError("Your account may not rate titles, so this file's ratings cannot be imported.");
  const groups = await matchGroups(db, data);
  const follows = await matchFollows(db, userId, data);
  const summary: ImportSummary = {
    read: {
      ratings: data.ratings.length,
      watched: data.watched.length,
      watchlist: data.watchlist.length,
      reviews: data.reviews.length,
      lists: data.lists.length,
      listItems: data.lists.reduce((n, l) => n + l.items.length, 0),
      follows: data.follows?.length ?? 0,
    },
    groups: countGroups(groups),
    followsUnknown: (data.follows?.length ?? 0) - follows.length,
  };
  const [job] = await db
    .insert(importJobs)
    .values({ userId, source: data.source, fileName: fileName.slice(0, 200), summary: summary as unknown as Record<string, unknown> })
    .returning();
  await store.put(planKey(job!), JSON.stringify({ version: 1, data, groups, follows } satisfies ImportPlan));
  return job!.id;
}

/**
 * The file's follows that name a member of this site: the id, and the public
 * name the export showed (an export from another site has other ids). Oneself
 * and banned members are left out. One statement per 90 ids.
 */
async function matchFollows(db: Database, userId: number, data: ImportData) {
  const wanted = data.follows ?? [];
  const ids = [...new Set(wanted.map((f) => f.memberId))].filter((id) => id !== userId);
  const found = new Map<number, string>();
  for (const part of chunk(ids, 90)) {
    const rows = await db
      .select({ id: users.id, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(inArray(users.id, part), isNull(users.bannedAt)));
    for (const row of rows) found.set(row.id, memberName(row));
  }
  const out: { userId: number; at: number | null }[] = [];
  const seen = new Set<number>();
  for (const f of wanted) {
    if (found.get(f.memberId) !== f.name || seen.has(f.memberId)) continue;
    seen.add(f.memberId);
    out.push({ userId: f.memberId, at: seconds(f.followedAt) });
  }
  return out;
}

function countGroups(groups: MatchGroup[]) {
  const n = { matched: 0, ambiguous: 0, unmatched: 0 };
  for (const g of groups) {
    if (g.choice === "skip" || typeof g.choice === "number") n.matched += 1;
    else n[g.status] += 1;
  }
  return n;
}

export async function findJob(db: Database, userId: number, jobId: number) {
  const [job] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.userId, userId)))
    .limit(1);
  return job ?? null;
}

export function recentJobs(db: Database, userId: number, limit = 10) {
  return db.select().from(importJobs).where(eq(importJobs.userId, userId)).orderBy(sql`${importJobs.id} DESC`).limit(limit);
}

export async function readPlan(store: ImportStore, job: ImportJobRow): Promise<ImportPlan> {
  const object = await store.get(planKey(job));
  if (!object) throw new ImportFileError("This import's file is no longer kept: upload it again.");
  return JSON.parse(await object.text()) as ImportPlan;
}

/**
 * The member's choices for ambiguous and unmatched titles: a title id (any
 * title of the catalogue, checked to exist) or "skip". Kept in the plan.
 */
export async function saveChoices(db: Database, store: ImportStore, job: ImportJobRow, choices: Record<string, number | "skip">) {
  if (job.status !== "review") throw new ImportFileError("This import has already started.");
  const plan = await readPlan(store, job);
  const ids = [...new Set(Object.values(choices).filter((c): c is number => typeof c === "number"))];
  const known = new Set<number>();
  for (const part of chunk(ids, 90)) for (const row of await db.select({ id: titles.id }).from(titles).where(inArray(titles.id, part))) known.add(row.id);
  for (const g of plan.groups) {
    const choice = choices[g.key];
    if (choice === undefined) continue;
    if (choice === "skip") g.choice = "skip";
    else if (known.has(choice)) g.choice = choice;
    else throw new ImportFileError("A chosen title does not exist.");
  }
  await store.put(planKey(job), JSON.stringify(plan));
  const summary = { ...(job.summary as unknown as ImportSummary), groups: countGroups(plan.groups) };
  await db
    .update(importJobs)
    .set({ summary: summary as unknown as Record<string, unknown>, updatedAt: new Date() })
    .where(eq(importJobs.id, job.id));
  return plan;
}

// --- Writing ---------------------------------------------------------------------------------

/** One row to write, compact (the chunks are JSON in R2). */
type Op =
  | { k: "r"; t: number; s: number | null; e: number | null; v: number; at: number | null }
  | { k: "w"; t: number; s: number | null; e: number | null; d: string; at: string | null }
  | { k: "l"; t: number; at: number | null }
  | { k: "v"; t: number; h: string; b: string; sp: boolean; sc: number; at: number | null; pub: boolean }
  | { k: "L"; n: string; desc: string; pub: boolean; at: number | null }
  | { k: "i"; n: string; t: number; p: number; note: string }
  | { k: "f"; u: number; at: number | null };

const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso.length === 10 ? `${iso}T12:00:00Z` : iso) / 1000) : null);

function headlineOf(body: string) {
  const first = body.trim().split(/\n|(?<=[.!?])\s/)[0] ?? "";
  return (first.length > REVIEW_HEADLINE_MAX_LENGTH ? `${first.slice(0, REVIEW_HEADLINE_MAX_LENGTH - 1)}…` : first) || "Review";
}

/** The plan's rows as writes, every choice applied; unresolved and skipped titles are left out. */
export function planOps(plan: ImportPlan, reviewsPrivate: boolean) {
  const target = new Map<string, number>();
  for (const g of plan.groups) {
    const id = g.choice === "skip" ? null : typeof g.choice === "number" ? g.choice : g.status === "matched" ? g.titleId : null;
    if (id !== null) target.set(g.key, id);
  }
  const { data } = plan;
  const ops: Op[] = [];
  let skipped = 0;
  const title = (e: ImportEntry) => {
    const t = target.get(entryKey(e));
    if (t === undefined) skipped += 1;
    return t;
  };
  const rated = new Map<number, number>();
  const ratedEpisodes = new Set<string>();
  for (const r of data.ratings) {
    const t = title(r);
    if (t === undefined) continue;
    if (r.season !== null) {
      // An episode's rating (our exports, Trakt): the episode by its numbers.
      const key = `${t}|${r.season}|${r.episode}`;
      if (!ratedEpisodes.has(key)) ops.push({ k: "r", t, s: r.season, e: r.episode, v: r.rating, at: seconds(r.ratedAt) });
      ratedEpisodes.add(key);
      continue;
    }
    if (!rated.has(t)) ops.push({ k: "r", t, s: null, e: null, v: r.rating, at: seconds(r.ratedAt) });
    rated.set(t, r.rating);
  }
  for (const w of data.watched) {
    const t = title(w);
    if (t !== undefined) ops.push({ k: "w", t, s: w.season, e: w.episode, d: w.watchedOn, at: w.watchedAt });
  }
  const listed = new Set<number>();
  for (const w of data.watchlist) {
    const t = title(w);
    if (t !== undefined && !listed.has(t)) {
      listed.add(t);
      ops.push({ k: "l", t, at: seconds(w.addedAt) });
    }
  }
  let unratedReviews = 0;
  const reviewed = new Set<number>();
  for (const r of data.reviews) {
    const t = title(r);
    if (t === undefined || reviewed.has(t) || r.season !== null) continue;
    const score = r.rating ?? rated.get(t);
    if (score === undefined) {
      unratedReviews += 1;
      continue;
    }
    reviewed.add(t);
    // Our own export says whether it was published; other services' reviews follow the member's setting.
    const pub = r.published ?? !reviewsPrivate;
    ops.push({ k: "v", t, h: r.headline || headlineOf(r.body), b: r.body, sp: r.spoiler, sc: score, at: seconds(r.reviewedAt), pub });
  }
  for (const l of data.lists) {
    ops.push({ k: "L", n: l.name, desc: l.description, pub: l.public, at: seconds(l.createdAt) });
    const seen = new Set<number>();
    let position = 0;
    for (const item of l.items) {
      const t = title(item);
      if (t === undefined || seen.has(t)) continue;
      seen.add(t);
      position += 1;
      ops.push({ k: "i", n: l.name, t, p: position, note: item.note });
    }
  }
  for (const f of plan.follows ?? []) ops.push({ k: "f", u: f.userId, at: f.at });
  return { ops, skipped, unratedReviews, listNames: [...new Set(data.lists.map((l) => l.name))] };
}

/** Cuts the plan into chunks (R2) and queues the first; the lists quota is checked first. */
export async function startImport(db: Database, store: ImportStore, queue: ImportQueue | null, viewer: Viewer, job: ImportJobRow, { reviewsPrivate }: { reviewsPrivate: boolean }) {
  if (job.status !== "review") throw new ImportFileError("This import has already started.");
  const plan = await readPlan(store, job);
  const { ops, skipped, unratedReviews, listNames } = planOps(plan, reviewsPrivate);
  if (listNames.length) {
    const existing = await db
      .select({ name: lists.name })
      .from(lists)
      .where(and(eq(lists.userId, job.userId), inArray(lists.name, listNames.slice(0, 90))));
    const fresh = listNames.filter((n) => !existing.some((e) => e.name === n)).length;
    if (fresh) {
      const owned = await ownedListCount(db, job.userId);
      const quota = checkQuota(viewer, "lists.create", "count", owned + fresh - 1);
      if (quota.noPermission) throw new ImportFileError("Your account may not create lists, so this file's lists cannot be imported.");
      if (quota.overQuota) throw new ImportFileError(`The file has ${fresh} new lists and your plan has room for fewer: delete some lists or upgrade, then import again.`);
    }
  }
  const chunks = chunk(ops, IMPORT_CHUNK_ROWS);
  for (const [n, part] of chunks.entries()) await store.put(chunkKey(job, n), JSON.stringify(part));
  const summary = { ...(job.summary as unknown as ImportSummary), skipped, unratedReviews };
  const [started] = await db
    .update(importJobs)
    .set({
      status: "queued",
      totalRows: ops.length,
      chunkCount: chunks.length,
      nextChunk: 0,
      doneRows: 0,
      reviewsPrivate,
      summary: summary as unknown as Record<string, unknown>,
      updatedAt: new Date(),
    })
    .where(and(eq(importJobs.id, job.id), eq(importJobs.status, "review")))
    .returning();
  if (!started) throw new ImportFileError("This import has already started.");
  if (chunks.length === 0) {
    await db.update(importJobs).set({ status: "done", updatedAt: new Date() }).where(eq(importJobs.id, job.id));
    return;
  }
  if (queue) await queue.send({ kind: "library-import-chunk", jobId: job.id, chunk: 0 });
}

/** Writes one chunk and the job's progress in one transaction; returns the next message (null: finished or stale). */
export async function runImportChunk(db: Database, store: ImportStore, message: ImportChunkMessage): Promise<ImportChunkMessage | null> {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, message.jobId)).limit(1);
  if (!job || (job.status !== "queued" && job.status !== "running") || job.nextChunk !== message.chunk) return null;
  const object = await store.get(chunkKey(job, message.chunk));
  if (!object) {
    await db.update(importJobs).set({ status: "failed", error: "The import's data is missing.", updatedAt: new Date() }).where(eq(importJobs.id, job.id));
    return null;
  }
  const ops = JSON.parse(await object.text()) as Op[];
  const statements = chunkStatements(db, job, ops);
  const last = message.chunk + 1 >= job.chunkCount;
  statements.push(
    db
      .update(importJobs)
      .set({ doneRows: sql`${importJobs.doneRows} + ${ops.length}`, nextChunk: message.chunk + 1, status: last ? "done" : "running", updatedAt: new Date() })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.nextChunk, message.chunk))),
  );
  // One transaction per chunk (IMPORT_CHUNK_ROWS keeps it far under D1's limits).
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (last) await finishJob(db, store, job);
  return last ? null : { kind: "library-import-chunk", jobId: job.id, chunk: message.chunk + 1 };
}

/** Runs every remaining chunk in this request (tests, and a Worker without the imports queue). */
export async function runImportNow(db: Database, store: ImportStore, jobId: number) {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId)).limit(1);
  let next: ImportChunkMessage | null = job ? { kind: "library-import-chunk", jobId, chunk: job.nextChunk } : null;
  while (next) next = await runImportChunk(db, store, next);
}

function chunkStatements(db: Database, job: ImportJobRow, ops: Op[]): BatchItem<"sqlite">[] {
  const userId = job.userId;
  const importId = job.id;
  const out: BatchItem<"sqlite">[] = [];
  const of = <K extends Op["k"]>(k: K) => ops.filter((o): o is Extract<Op, { k: K }> => o.k === k);
  const now = sql`unixepoch()`;
  const time = (at: number | null) => (at === null ? now : sql`${at}`);

  // insert().select(): raw multi-row SELECTs that db.batch accepts; the selected columns follow the schema's order.
  const rated = of("r");
  for (const rows of chunk(rated, rowsPer(5, 2))) {
    const values = sql.join(
      rows.map((r) => sql`(${r.t}, ${r.v}, ${time(r.at)}, ${r.s}, ${r.e})`),
      sql`, `,
    );
    out.push(
      db
        .insert(ratings)
        .select(sql`SELECT NULL, ${userId}, x.t, x.ep, x.v, x.at, x.at, ${importId} FROM (
            SELECT v.column1 AS t, v.column2 AS v, v.column3 AS at, v.column4 AS s,
              CASE WHEN v.column4 IS NULL THEN NULL ELSE (SELECT e.id FROM episodes e WHERE e.title_id = v.column1 AND e.season_number = v.column4 AND e.episode_number = v.column5) END AS ep
            FROM (VALUES ${values}) v) x
          WHERE x.s IS NULL OR x.ep IS NOT NULL`)
        .onConflictDoNothing(),
    );
  }
  for (const rows of chunk(of("l"), rowsPer(2, 2))) {
    const values = sql.join(
      rows.map((r) => sql`(${r.t}, ${time(r.at)})`),
      sql`, `,
    );
    out.push(db.insert(watchlistItems).select(sql`SELECT ${userId}, v.column1, v.column2, ${importId} FROM (VALUES ${values}) v WHERE true`).onConflictDoNothing());
  }
  const viewings = of("w");
  for (const rows of chunk(viewings, rowsPer(5, 4))) {
    const values = sql.join(
      rows.map((r) => sql`(${r.t}, ${r.s}, ${r.e}, ${r.d}, ${r.at})`),
      sql`, `,
    );
    // An episode by its numbers; a viewing of that title (episode) on that day already logged is not logged again.
    out.push(
      db.insert(watchHistory).select(sql`SELECT NULL, ${userId}, x.t, x.ep, x.d, x.at, unixepoch(), ${importId}, NULL FROM (
          SELECT v.column1 AS t, v.column4 AS d, v.column5 AS at, v.column2 AS s,
            CASE WHEN v.column2 IS NULL THEN NULL ELSE (SELECT e.id FROM episodes e WHERE e.title_id = v.column1 AND e.season_number = v.column2 AND e.episode_number = v.column3) END AS ep
          FROM (VALUES ${values}) v) x
        WHERE (x.s IS NULL OR x.ep IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${userId} AND h.title_id = x.t AND h.episode_id IS x.ep AND h.watched_on = x.d)`),
    );
  }
  const reviewed = of("v");
  for (const r of reviewed) {
    out.push(
      db
        .insert(reviews)
        .values({
          userId,
          titleId: r.t,
          episodeId: 0,
          score: r.sc,
          headline: r.h,
          body: r.b,
          bodyHtml: renderBody(r.b),
          spoiler: r.sp,
          status: r.pub ? "published" : "draft",
          createdAt: sql`${time(r.at)}` as unknown as Date,
          updatedAt: sql`${time(r.at)}` as unknown as Date,
          importId,
        })
        .onConflictDoNothing(),
    );
  }
  for (const l of of("L")) {
    out.push(
      db.insert(lists).select(sql`SELECT NULL, ${userId}, 0, ${l.n}, ${slugify(l.n, "list")}, ${l.desc}, ${l.pub ? 1 : 0}, 0, 0, ${time(l.at)}, ${time(l.at)}, ${importId}
        WHERE NOT EXISTS (SELECT 1 FROM lists WHERE user_id = ${userId} AND name = ${l.n})`),
    );
  }
  const items = of("i");
  const byList = new Map<string, typeof items>();
  for (const i of items) byList.set(i.n, [...(byList.get(i.n) ?? []), i]);
  for (const [listName, rows] of byList) {
    const listId = sql`(SELECT id FROM lists WHERE user_id = ${userId} AND name = ${listName} ORDER BY id LIMIT 1)`;
    for (const part of chunk(rows, rowsPer(3, 4))) {
      const values = sql.join(
        part.map((r) => sql`(${r.t}, ${r.p}, ${r.note})`),
        sql`, `,
      );
      out.push(
        db.insert(listItems).select(sql`SELECT NULL, ${listId}, v.column1, v.column2, v.column3, ${userId}, unixepoch(), ${importId} FROM (VALUES ${values}) v WHERE true`).onConflictDoNothing(),
      );
    }
    out.push(
      db
        .update(lists)
        .set({ itemsCount: sql`(SELECT count(*) FROM list_items WHERE list_id = ${lists.id})` })
        .where(eq(lists.id, listId)),
    );
  }
  // Follows: an active follow again, a request to a private profile (its owner approves again); never
  // across a block either way. Imported follows send no "new follower" notice: they restore, not announce.
  const followed = of("f");
  for (const rows of chunk(followed, rowsPer(2, 6))) {
    const values = sql.join(
      rows.map((r) => sql`(${r.u}, ${time(r.at)})`),
      sql`, `,
    );
    out.push(
      db
        .insert(follows)
        .select(sql`SELECT ${userId}, v.column1, CASE WHEN coalesce((SELECT p.private FROM library_profiles p WHERE p.user_id = v.column1), 0) THEN 'pending' ELSE 'active' END, v.column2, ${importId}
          FROM (VALUES ${values}) v
          WHERE v.column1 <> ${userId}
            AND EXISTS (SELECT 1 FROM users u WHERE u.id = v.column1 AND u.banned_at IS NULL)
            AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = ${userId} AND b.blocked_id = v.column1) OR (b.blocker_id = v.column1 AND b.blocked_id = ${userId}))`)
        .onConflictDoNothing(),
    );
  }
  if (followed.length) out.push(refreshSocialCounts(db, userId));
  for (const f of followed) out.push(refreshSocialCounts(db, f.u));
  // The stored counts, from the rows, in the same transaction (decision 023).
  for (const ids of chunk([...new Set(rated.filter((r) => r.s === null).map((r) => r.t))], 90)) out.push(refreshTitleRatings(db, ids));
  for (const ids of chunk([...new Set(rated.filter((r) => r.s !== null).map((r) => r.t))], 90)) out.push(refreshEpisodeRatings(db, ids));
  for (const t of new Set(reviewed.filter((r) => r.pub).map((r) => r.t))) out.push(recountReviews(db, t, 0));
  for (const t of new Set(viewings.filter((v) => v.s !== null).map((v) => v.t))) out.push(refreshSeriesProgress(db, userId, t));
  out.push(refreshProfileCounts(db, userId));
  return out;
}

async function finishJob(db: Database, store: ImportStore, job: ImportJobRow) {
  const added = await addedBy(db, job.userId, job.id);
  const [fresh] = await db.select({ summary: importJobs.summary }).from(importJobs).where(eq(importJobs.id, job.id));
  const summary = { ...((fresh?.summary ?? {}) as unknown as ImportSummary), added };
  await db
    .update(importJobs)
    .set({ summary: summary as unknown as Record<string, unknown> })
    .where(eq(importJobs.id, job.id));
  await store.delete(Array.from({ length: job.chunkCount }, (_, n) => chunkKey(job, n)));
}

/** What one import added, counted from the rows that carry its id. */
export async function addedBy(db: Database, userId: number, importId: number) {
  const row = await db.get<ImportSummary["added"]>(sql`SELECT
    (SELECT count(*) FROM ratings WHERE user_id = ${userId} AND import_id = ${importId}) AS ratings,
    (SELECT count(*) FROM watch_history WHERE user_id = ${userId} AND import_id = ${importId}) AS watched,
    (SELECT count(*) FROM watchlist_items WHERE user_id = ${userId} AND import_id = ${importId}) AS watchlist,
    (SELECT count(*) FROM reviews WHERE user_id = ${userId} AND import_id = ${importId}) AS reviews,
    (SELECT count(*) FROM lists WHERE user_id = ${userId} AND import_id = ${importId}) AS lists,
    (SELECT count(*) FROM list_items WHERE added_by = ${userId} AND import_id = ${importId}) AS listItems,
    (SELECT count(*) FROM follows WHERE follower_id = ${userId} AND import_id = ${importId}) AS follows`);
  return row!;
}

/** Removes exactly the rows this import added (and the lists it created), then the stored counts. */
export async function undoImport(db: Database, job: ImportJobRow) {
  if (job.status !== "done" && job.status !== "failed") throw new ImportFileError("Only a finished import can be undone.");
  const userId = job.userId;
  const importId = job.id;
  const [ratedTitles, reviewTitles, seriesTitles, touchedLists, followed] = await db.batch([
    db
      .selectDistinct({ id: ratings.titleId })
      .from(ratings)
      .where(and(eq(ratings.userId, userId), eq(ratings.importId, importId))),
    db
      .selectDistinct({ id: reviews.titleId })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.importId, importId))),
    db
      .selectDistinct({ id: watchHistory.titleId })
      .from(watchHistory)
      .where(and(eq(watchHistory.userId, userId), eq(watchHistory.importId, importId), sql`${watchHistory.episodeId} IS NOT NULL`)),
    db
      .selectDistinct({ id: listItems.listId })
      .from(listItems)
      .where(and(eq(listItems.importId, importId), eq(listItems.addedBy, userId))),
    db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(and(eq(follows.importId, importId), eq(follows.followerId, userId))),
  ]);
  const out: BatchItem<"sqlite">[] = [
    db.delete(ratings).where(and(eq(ratings.userId, userId), eq(ratings.importId, importId))),
    db.delete(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.importId, importId))),
    db.delete(watchHistory).where(and(eq(watchHistory.userId, userId), eq(watchHistory.importId, importId))),
    db.delete(reviews).where(and(eq(reviews.userId, userId), eq(reviews.importId, importId))),
    db.delete(listItems).where(and(eq(listItems.importId, importId), eq(listItems.addedBy, userId))),
    db.delete(lists).where(and(eq(lists.userId, userId), eq(lists.importId, importId))),
    db.delete(follows).where(and(eq(follows.importId, importId), eq(follows.followerId, userId))),
  ];
  if (followed.length) out.push(refreshSocialCounts(db, userId));
  for (const f of followed) out.push(refreshSocialCounts(db, f.id));
  for (const ids of chunk(
    ratedTitles.map((r) => r.id),
    90,
  ))
    out.push(refreshTitleRatings(db, ids), refreshEpisodeRatings(db, ids));
  for (const r of reviewTitles) out.push(recountReviews(db, r.id, 0));
  for (const r of seriesTitles) out.push(refreshSeriesProgress(db, userId, r.id));
  for (const ids of chunk(
    touchedLists.map((l) => l.id),
    90,
  )) {
    out.push(
      db
        .update(lists)
        .set({ itemsCount: sql`(SELECT count(*) FROM list_items WHERE list_id = ${lists.id})` })
        .where(inArray(lists.id, ids)),
    );
  }
  out.push(refreshProfileCounts(db, userId));
  out.push(db.update(importJobs).set({ status: "undone", updatedAt: new Date() }).where(eq(importJobs.id, importId)));
  for (const part of chunk(out, IMPORT_STATEMENTS_PER_BATCH)) await db.batch(part as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** Publishes the drafts an import added (reviews kept private until the member says so). */
export async function publishImportedReviews(db: Database, job: ImportJobRow) {
  const drafts = await db
    .select({ titleId: reviews.titleId })
    .from(reviews)
    .where(and(eq(reviews.userId, job.userId), eq(reviews.importId, job.id), eq(reviews.status, "draft")));
  if (!drafts.length) return 0;
  const out: BatchItem<"sqlite">[] = [
    db
      .update(reviews)
      .set({ status: "published" })
      .where(and(eq(reviews.userId, job.userId), eq(reviews.importId, job.id), eq(reviews.status, "draft"))),
  ];
  for (const d of drafts) out.push(recountReviews(db, d.titleId, 0));
  for (const part of chunk(out, IMPORT_STATEMENTS_PER_BATCH)) await db.batch(part as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return drafts.length;
}

/** The stored average and count of every episode of these series, from the rows. */
function refreshEpisodeRatings(db: Database, titleIds: number[]) {
  return db
    .update(episodes)
    .set({
      rating: sql`(SELECT round(avg(r.rating), 4) FROM ratings r WHERE r.episode_id = ${episodes.id})`,
      voteCount: sql`(SELECT count(*) FROM ratings r WHERE r.episode_id = ${episodes.id})`,
    })
    .where(inArray(episodes.titleId, titleIds));
}

/** refreshTitleRating (app/counts/counts.server.ts) for many titles in one statement. */
function refreshTitleRatings(db: Database, titleIds: number[]) {
  return db
    .update(titles)
    .set({
      rating: sql`(SELECT round(avg(r.rating), 4) FROM ratings r WHERE r.title_id = ${titles.id} AND r.episode_id IS NULL)`,
      voteCount: sql`(SELECT count(*) FROM ratings r WHERE r.title_id = ${titles.id} AND r.episode_id IS NULL)`,
    })
    .where(inArray(titles.id, titleIds));
}
