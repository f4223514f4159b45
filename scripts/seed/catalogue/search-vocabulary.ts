import type Libsql from "libsql";
import { termRows } from "../../../app/catalogue/search-index.server";
import { nameWords } from "../../../app/catalogue/search-text";

type Db = InstanceType<typeof Libsql>;

/**
 * The typo index (search_terms, decision 032) for a database filled by a bulk
 * load with its triggers off (scripts/seed-scale.ts) or migrated from before
 * the index existed: every word of every title, alias and person name, each
 * with its deletion variants, then an empty queue. One pass over the names;
 * the vocabulary, not the catalogue, decides the size of the result.
 */
export function buildSearchVocabulary(db: Db): { terms: number; rows: number } {
  const terms = new Set<string>();
  for (const query of [
    "SELECT name FROM titles",
    "SELECT original_name AS name FROM titles WHERE original_name IS NOT NULL",
    "SELECT name FROM title_aliases",
    "SELECT name FROM people",
  ]) {
    for (const row of db.prepare(query).iterate() as Iterable<{ name: string }>) for (const word of nameWords(row.name)) terms.add(word);
  }
  const rows = termRows(terms);
  const insert = db.prepare("INSERT OR IGNORE INTO search_terms (variant, term) VALUES (?, ?)");
  db.exec("BEGIN");
  try {
    for (const [variant, term] of rows) insert.run(variant, term);
    db.exec("DELETE FROM search_vocabulary_queue");
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return { terms: terms.size, rows: rows.length };
}
