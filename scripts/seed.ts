/**
 * Seeds the local database (or a libSQL URL given as DATABASE_URL). Safe to
 * run again: every part adds only what is missing.
 *
 *   npm run seed                       local D1 under .wrangler/state
 *   npm run seed -- --persist-to DIR   local D1 under DIR
 *   DATABASE_URL=libsql://… DATABASE_AUTH_TOKEN=… npm run seed
 */
import { parseArgs } from "node:util";
import { DEFAULT_PERSIST_DIR, openLibsql, openLocalD1 } from "./lib/local-d1";
import { seedAll } from "./seed/index";

const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
const { db, client } = process.env.DATABASE_URL ? openLibsql(process.env.DATABASE_URL, process.env.DATABASE_AUTH_TOKEN) : openLocalD1(values["persist-to"]);
try {
  // Local R2 (the sample video) lives beside local D1; a remote libSQL has none.
  const persistTo = process.env.DATABASE_URL ? undefined : (values["persist-to"] ?? DEFAULT_PERSIST_DIR);
  await seedAll(db, { log: (line) => console.log(line), persistTo });
} finally {
  client.close();
}
