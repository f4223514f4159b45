import { between, sql } from "drizzle-orm";
import type { Statement } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import { searchTerms, searchVocabularyQueue } from "./search.tables";
import { deletionVariants, indexedDeletes, nameWords } from "./search-text";

/**
 * The typo index's upkeep (decision 032). Triggers put every written name
 * into search_vocabulary_queue; `indexQueuedNames` cuts the names into
 * words and stores each word's deletion variants in search_terms. The search
 * calls it when its first statement sees queued names (so a name is
 * searchable with typos from the first search after its write), the
 * scheduled jobs call it, and so do the seeds after a bulk load.
 * (Query builders, not db.run(sql): drizzle's D1 batch cannot bind raw SQL.)
 */

/** Names read from the queue per call; a search indexes at most this many before answering. */
export const SEARCH_QUEUE_BATCH = 200;
/** Rows per INSERT: the rows travel as one JSON parameter (D1 allows 100 bound parameters). */
const ROWS_PER_STATEMENT = 2000;

/** The (variant, term) rows of the typo index for `terms`. */
export function termRows(terms: Iterable<string>): [string, string][] {
  const rows: [string, string][] = [];
  for (const term of terms) for (const variant of deletionVariants(term, indexedDeletes([...term].length))) rows.push([variant, term]);
  return rows;
}

/** The distinct vocabulary words of some names. */
export function vocabularyOf(names: Iterable<string>): Set<string> {
  const terms = new Set<string>();
  for (const name of names) for (const word of nameWords(name)) terms.add(word);
  return terms;
}

/** Statements that add `terms` to the typo index (already indexed words are left as they are). */
export function insertTermStatements(db: Database, terms: Iterable<string>): Statement[] {
  const rows = termRows(terms);
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT));
    statements.push(db.insert(searchTerms).select(sql`SELECT json_extract(value, '$[0]') AS variant, json_extract(value, '$[1]') AS term FROM json_each(${chunk}) WHERE true`).onConflictDoNothing());
  }
  return statements;
}

/**
 * Indexes the queued names `queued` (the oldest rows of the queue, read by the
 * caller) and removes them from the queue, in one batch. Another request indexing the same names at the
 * same time is harmless (INSERT OR IGNORE; deleting a deleted row).
 */
export async function indexQueued(db: Database, queued: readonly { id: number; name: string }[]) {
  if (queued.length === 0) return;
  // The caller read the queue's oldest rows (ids only grow, D1 writes one at a time), so every
  // row up to the largest id read was read: a range on the key removes them.
  const ids = queued.map((q) => q.id);
  const remove = db.delete(searchVocabularyQueue).where(between(searchVocabularyQueue.id, Math.min(...ids), Math.max(...ids)));
  const inserts = insertTermStatements(db, vocabularyOf(queued.map((q) => q.name)));
  await db.batch([remove, ...inserts]);
}

/** Reads and indexes up to `max` queued names, SEARCH_QUEUE_BATCH at a time; returns how many. */
export async function indexQueuedNames(db: Database, max = 10_000): Promise<number> {
  let done = 0;
  while (done < max) {
    const queued = await db.all<{ id: number; name: string }>(sql`SELECT id, name FROM search_vocabulary_queue WHERE id > 0 ORDER BY id LIMIT ${Math.min(SEARCH_QUEUE_BATCH * 10, max - done)}`);
    if (queued.length === 0) break;
    await indexQueued(db, queued);
    done += queued.length;
  }
  return done;
}
