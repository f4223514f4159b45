import type Libsql from "libsql";
import { termRows, vocabularyOf } from "../../../app/catalogue/search-index.server";

type Db = InstanceType<typeof Libsql>;

/** The FTS indexes over every name the typo index covers (titles' name and original name, aliases, people). */
const NAME_INDEXES = ["titles_fts", "title_aliases_fts", "people_fts"] as const;

/**
 * The typo index (search_terms, decision 032) for a database filled by a bulk
 * load with its triggers off (scripts/seed-scale.ts) or migrated from before
 * the index existed: every word of every title, alias and person name, each
 * with its deletion variants, then an empty queue.
 *
 * The words are read from the FTS indexes' own vocabularies (fts5vocab, as
 * migration 0055 does), not from the names: the FTS tokenizer and nameWords
 * fold alike (decision 032), so the set is the same (checked on the 10k and
 * 100k scale states: 4,063 and 4,076 words either way), and reading a few
 * thousand terms in SQLite takes seconds where tokenising 4 million names
 * in JavaScript took minutes at 1M titles. The FTS indexes must be current:
 * the scale seed rebuilds them just before.
 */
export function buildSearchVocabulary(db: Db): { terms: number; rows: number } {
  const vocabularies = NAME_INDEXES.map((index) => `temp.${index}_vocabulary`);
  NAME_INDEXES.forEach((index, i) => db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${vocabularies[i]} USING fts5vocab(main, ${index}, 'row')`));
  let terms: Set<string>;
  try {
    const union = vocabularies.map((table) => `SELECT term FROM ${table}`).join(" UNION ");
    terms = vocabularyOf((db.prepare(union).raw().all() as [string][]).map(([term]) => term));
  } finally {
    for (const table of vocabularies) db.exec(`DROP TABLE IF EXISTS ${table}`);
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
