import { and, inArray, lt, sql } from "drizzle-orm";
import { IMPORT_JOB_STALL_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { log } from "~/log/log.server";
import { runImportChunk, type ImportChunkMessage, type ImportQueue, type ImportStore } from "./import.server";
import { importJobs } from "./tables";

type ImportEnv = Env & { IMPORTS_QUEUE?: Queue; FILES: R2Bucket };

/** The imports queue, or null when the Worker has none (then the page runs the import in its own request). */
export function importQueueOf(env: ImportEnv): ImportQueue | null {
  const queue = env.IMPORTS_QUEUE;
  return queue && typeof queue.send === "function" ? (queue as unknown as ImportQueue) : null;
}

export function importStoreOf(env: ImportEnv): ImportStore {
  return env.FILES;
}

function isChunkMessage(body: unknown): body is ImportChunkMessage {
  const m = body as Record<string, unknown> | null;
  return !!m && m.kind === "library-import-chunk" && Number.isSafeInteger(m.jobId) && Number.isSafeInteger(m.chunk) && (m.chunk as number) >= 0;
}

/** One chunk per message; the next chunk is a new message (each its own Worker invocation and limits). */
export async function consumeImportBatch(batch: MessageBatch<unknown>, env: ImportEnv, db: Database) {
  const queue = importQueueOf(env);
  for (const message of batch.messages) {
    if (!isChunkMessage(message.body)) {
      message.ack();
      continue;
    }
    try {
      const next = await runImportChunk(db, importStoreOf(env), message.body);
      if (next && queue) await queue.send(next);
      message.ack();
    } catch (error) {
      log("error", "import chunk failed, retried", { jobId: message.body.jobId, chunk: message.body.chunk, error: String(error) });
      message.retry({ delaySeconds: 30 });
    }
  }
}

/** Cron: a queued or running import whose last progress is older than IMPORT_JOB_STALL_S gets its next chunk sent again (resume). */
export async function resumeStalledImports(db: Database, env: ImportEnv) {
  const queue = importQueueOf(env);
  if (!queue) return 0;
  const stalled = await db
    .select({ id: importJobs.id, nextChunk: importJobs.nextChunk })
    .from(importJobs)
    .where(and(inArray(importJobs.status, ["queued", "running"]), lt(importJobs.updatedAt, sql`unixepoch() - ${IMPORT_JOB_STALL_S}`)))
    .limit(50);
  for (const job of stalled) await queue.send({ kind: "library-import-chunk", jobId: job.id, chunk: job.nextChunk });
  return stalled.length;
}
