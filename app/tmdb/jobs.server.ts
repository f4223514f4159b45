import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { TMDB_DISCOVER_MAX_PAGES, TMDB_JOB_STALL_S } from "~/constants";
import type { ChangeRecorder } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/log/log.server";
import { loadSettings } from "~/settings/settings.server";
import { TmdbError, type DiscoverParams, type TmdbClient } from "./client.server";
import { importDiscoverPage } from "./discover.server";
import type { ImportOptions } from "./import.server";
import { tmdbImportJobs } from "./tables";
import { openTmdbMatch } from "./search-fallback.server";
import { tmdbServices } from "./tmdb.server";

/**
 * Bulk imports from TMDB's discover as background jobs (decision 019): the
 * job row in D1 is the whole state; each queue message asks for one page.
 * A page is imported only when it is the job's next one (a duplicate or late
 * message is acknowledged and dropped), and the row's progress moves in a
 * conditional update, so two deliveries of a message cannot count twice. The
 * cron re-sends the next page of a job that made no progress for
 * TMDB_JOB_STALL_S (the message was lost in a restart): resumable. A
 * cancelled job's messages are dropped.
 */

export type TmdbJobMessage = { kind: "tmdb-discover-page"; jobId: number; page: number };
/** A search page's TMDB match a visitor asked to open (decision 021): imported here, never while a request waits. */
export type TmdbOpenMessage = { kind: "tmdb-open"; type: "movie" | "tv"; id: number };

/** Sends a match's import to the TMDB queue; false when the binding is missing. */
export async function queueMatchImport(env: Env, type: "movie" | "tv", id: number) {
  const queue = queueOf(env as TmdbEnv);
  if (!queue) return false;
  await queue.send({ kind: "tmdb-open", type, id } satisfies TmdbOpenMessage);
  return true;
}

function isOpenMessage(body: unknown): body is TmdbOpenMessage {
  const m = body as Record<string, unknown> | null;
  return !!m && m.kind === "tmdb-open" && (m.type === "movie" || m.type === "tv") && Number.isSafeInteger(m.id) && (m.id as number) > 0;
}
type TmdbEnv = Env & { TMDB_QUEUE?: Queue };

export interface NewDiscoverJob {
  mediaType: "movie" | "tv";
  params: DiscoverParams;
  maxPages: number;
  userId: number | null;
}

function queueOf(env: TmdbEnv) {
  return env.TMDB_QUEUE && typeof env.TMDB_QUEUE.send === "function" ? env.TMDB_QUEUE : null;
}

export async function createDiscoverJob(db: Database, env: TmdbEnv, job: NewDiscoverJob, record?: ChangeRecorder) {
  const queue = queueOf(env);
  if (!queue) throw new Error("The TMDB_QUEUE binding is missing (wrangler.toml).");
  const params = Object.fromEntries(Object.entries(job.params).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string | number>;
  const [row] = await db
    .insert(tmdbImportJobs)
    .values({ mediaType: job.mediaType, params, maxPages: Math.min(job.maxPages, TMDB_DISCOVER_MAX_PAGES), createdBy: job.userId })
    .returning({ id: tmdbImportJobs.id });
  if (record) await db.batch([record({ subjectId: row.id, label: `discover ${job.mediaType}`, before: null, after: { ...params, maxPages: job.maxPages } })]);
  await queue.send({ kind: "tmdb-discover-page", jobId: row.id, page: 1 } satisfies TmdbJobMessage);
  return row.id;
}

export async function cancelJob(db: Database, id: number, record?: ChangeRecorder) {
  const statements = [
    db
      .update(tmdbImportJobs)
      .set({ status: "cancelled", updatedAt: sql`(unixepoch())` })
      .where(and(eq(tmdbImportJobs.id, id), inArray(tmdbImportJobs.status, ["queued", "running"])))
      .returning({ id: tmdbImportJobs.id }),
  ] as const;
  const [changed] = await db.batch(statements);
  if (changed.length && record) await db.batch([record({ subjectId: id, label: "discover job", before: null, after: { status: "cancelled" } })]);
  return changed.length > 0;
}

export function listJobs(db: Database, limit = 10) {
  return db.select().from(tmdbImportJobs).orderBy(desc(tmdbImportJobs.id)).limit(limit);
}

function isJobMessage(body: unknown): body is TmdbJobMessage {
  const m = body as Record<string, unknown> | null;
  return !!m && m.kind === "tmdb-discover-page" && Number.isSafeInteger(m.jobId) && Number.isSafeInteger(m.page) && (m.page as number) > 0;
}

/** Imports one page of a job; returns the next message to send (null: the job is finished, cancelled or the message was stale). */
export async function runJobPage(db: Database, message: TmdbJobMessage, tmdb: { client: TmdbClient; options: ImportOptions } | null): Promise<TmdbJobMessage | null> {
  const [job] = await db.select().from(tmdbImportJobs).where(eq(tmdbImportJobs.id, message.jobId)).limit(1);
  if (!job || job.status === "cancelled" || job.status === "done" || job.status === "failed") return null;
  if (job.pagesDone !== message.page - 1) return null;
  if (!tmdb) {
    await db.update(tmdbImportJobs).set({ status: "failed", lastError: "TMDB_API_KEY is not set.", updatedAt: sql`(unixepoch())` }).where(eq(tmdbImportJobs.id, job.id));
    return null;
  }
  await db
    .update(tmdbImportJobs)
    .set({ status: "running", updatedAt: sql`(unixepoch())` })
    .where(and(eq(tmdbImportJobs.id, job.id), eq(tmdbImportJobs.status, "queued")));
  const result = await importDiscoverPage(db, tmdb.client, tmdb.options, job.mediaType, job.params as DiscoverParams, message.page);
  const totalPages = Math.min(job.maxPages, result.totalPages);
  const finished = message.page >= totalPages;
  const updated = await db
    .update(tmdbImportJobs)
    .set({
      pagesDone: message.page,
      totalPages,
      totalItems: sql`${tmdbImportJobs.totalItems} + ${result.items}`,
      imported: sql`${tmdbImportJobs.imported} + ${result.imported}`,
      failed: sql`${tmdbImportJobs.failed} + ${result.failures.length}`,
      lastError: result.failures.length ? result.failures.at(-1)!.message.slice(0, 500) : job.lastError,
      // A job cancelled while this page ran stays cancelled.
      status: sql`CASE WHEN ${tmdbImportJobs.status} = 'cancelled' THEN 'cancelled' ELSE ${finished ? "done" : "running"} END`,
      updatedAt: sql`(unixepoch())`,
    })
    .where(and(eq(tmdbImportJobs.id, job.id), eq(tmdbImportJobs.pagesDone, message.page - 1)))
    .returning({ status: tmdbImportJobs.status });
  if (!updated.length || finished || updated[0].status === "cancelled") return null;
  return { kind: "tmdb-discover-page", jobId: job.id, page: message.page + 1 };
}

/** The queue consumer (app/scheduled/queues.server.ts). */
export async function consumeTmdbBatch(batch: MessageBatch<unknown>, env: TmdbEnv, db: Database) {
  for (const message of batch.messages) {
    if (isOpenMessage(message.body)) {
      const { type, id } = message.body;
      try {
        const tmdb = tmdbServices(env, await loadSettings(db));
        if (tmdb) await openTmdbMatch(db, tmdb, type, id);
        message.ack();
      } catch (error) {
        log("warn", "tmdb match import failed; retried", { type, id, ...errorFields(error) });
        message.retry({ delaySeconds: 30 });
      }
      continue;
    }
    if (!isJobMessage(message.body)) {
      log("warn", "tmdb queue: unreadable message dropped", { id: message.id });
      message.ack();
      continue;
    }
    try {
      const next = await runJobPage(db, message.body, tmdbServices(env, await loadSettings(db)));
      if (next) await queueOf(env)?.send(next);
      message.ack();
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      // TMDB unreachable or refusing the key: asking again in 30 s would leave the job "Importing" with nothing
      // behind it, so it ends as failed with the reason, for the admin to see and start again (decision 042).
      if (error instanceof TmdbError && (error.kind === "network" || error.kind === "unauthorized")) {
        log("warn", "tmdb discover page failed; job ended", { jobId: message.body.jobId, page: message.body.page, ...errorFields(error) });
        await db
          .update(tmdbImportJobs)
          .set({ status: "failed", lastError, updatedAt: sql`(unixepoch())` })
          .where(and(eq(tmdbImportJobs.id, message.body.jobId), inArray(tmdbImportJobs.status, ["queued", "running"])));
        message.ack();
        continue;
      }
      log("warn", "tmdb discover page failed; retried", { jobId: message.body.jobId, page: message.body.page, ...errorFields(error) });
      await db.update(tmdbImportJobs).set({ lastError, updatedAt: sql`(unixepoch())` }).where(eq(tmdbImportJobs.id, message.body.jobId));
      message.retry({ delaySeconds: 30 });
    }
  }
}

/** Cron: jobs without progress for TMDB_JOB_STALL_S get their next page sent again (a restart lost the message). */
export async function resumeStalledJobs(db: Database, env: TmdbEnv) {
  const queue = queueOf(env);
  if (!queue) return 0;
  const stalled = await db
    .select({ id: tmdbImportJobs.id, pagesDone: tmdbImportJobs.pagesDone })
    .from(tmdbImportJobs)
    .where(and(inArray(tmdbImportJobs.status, ["queued", "running"]), lt(tmdbImportJobs.updatedAt, new Date(Date.now() - TMDB_JOB_STALL_S * 1000))));
  for (const job of stalled) {
    await db.update(tmdbImportJobs).set({ updatedAt: sql`(unixepoch())` }).where(eq(tmdbImportJobs.id, job.id));
    await queue.send({ kind: "tmdb-discover-page", jobId: job.id, page: job.pagesDone + 1 } satisfies TmdbJobMessage);
  }
  return stalled.length;
}
