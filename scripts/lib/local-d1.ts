import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import * as schema from "../../app/db/tables";
import type { Database } from "../../app/db/client.server";

/** Where wrangler keeps local D1 and R2 for `npm start` and `npm run dev`. */
export const DEFAULT_PERSIST_DIR = ".wrangler/state";

/**
 * The SQLite file behind the local D1 binding. Wrangler creates it when the
 * migrations are first applied; Node scripts then open it with libSQL.
 */
export function localD1File(persistDir = DEFAULT_PERSIST_DIR): string {
  const dir = resolve(persistDir, "v3/d1/miniflare-D1DatabaseObject");
  if (!existsSync(dir)) throw new Error(`No local D1 database under ${dir}. Run the migrations first (npm run db:migrate).`);
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Expected one D1 database file in ${dir}, found ${files.length}.`);
  return join(dir, files[0]);
}

/** A drizzle database on a libSQL URL: a local file, or a libSQL/Turso server. */
export function openLibsql(url: string, authToken?: string) {
  const client = createClient({ url, authToken });
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, client };
}

export function openLocalD1(persistDir = DEFAULT_PERSIST_DIR) {
  return openLibsql(`file:${localD1File(persistDir)}`);
}
