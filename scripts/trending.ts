/**
 * Recalculates the catalogue's trending scores now (the Cron Trigger does
 * the same every 30 minutes in production):
 *
 *   npm run trending                        local D1 under .wrangler/state
 *   npm run trending -- --persist-to DIR    local D1 under DIR
 *   DATABASE_URL=libsql://… npm run trending
 */
import { parseArgs } from "node:util";
import { recalculateTrending } from "../app/catalogue/trending.server";
import { openLibsql, openLocalD1 } from "./lib/local-d1";

const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
const { db, client } = process.env.DATABASE_URL ? openLibsql(process.env.DATABASE_URL, process.env.DATABASE_AUTH_TOKEN) : openLocalD1(values["persist-to"]);
try {
  const result = await recalculateTrending(db);
  console.log(`Trending recalculated in ${result.ms} ms: ${result.scored} titles trending, ${result.pruned} old view/play rows pruned.`);
} finally {
  client.close();
}
