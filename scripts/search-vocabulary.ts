/**
 * Builds the typo index of forgiving search (decision 032) on a local state
 * whose names went in without it (a scale state made before migration 0055,
 * then migrated):
 *
 *   npx wrangler d1 migrations apply DB --local --persist-to DIR
 *   npx tsx scripts/search-vocabulary.ts --persist-to DIR
 *
 * A deployed database needs nothing: the migration queues its vocabulary and
 * the scheduled jobs index it.
 */
import { parseArgs } from "node:util";
import Libsql from "libsql";
import { localD1File } from "./lib/local-d1";
import { buildSearchVocabulary } from "./seed/catalogue/search-vocabulary";

const { values } = parseArgs({ options: { "persist-to": { type: "string", default: ".wrangler/state" } } });
const db = new Libsql(localD1File(values["persist-to"]!));
try {
  const started = performance.now();
  const built = buildSearchVocabulary(db);
  console.log(`${built.terms} words, ${built.rows} index rows in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  db.close();
}
