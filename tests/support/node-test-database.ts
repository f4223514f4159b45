import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/tables";

/**
 * A fresh SQLite database with every migration applied, for Node unit tests
 * (libSQL, like the seed scripts; the same SQL D1 runs). Close it when done.
 */
export async function openMigratedTestDatabase() {
  const file = join(tmpdir(), `billing-test-${crypto.randomUUID()}.sqlite`);
  const client = createClient({ url: `file:${file}` });
  await client.execute("PRAGMA foreign_keys = ON");
  // A throwaway database: no need to wait for the disk.
  await client.execute("PRAGMA synchronous = OFF");
  await client.execute("PRAGMA journal_mode = MEMORY");
  const dir = join(process.cwd(), "migrations");
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const statement of readFileSync(join(dir, name), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await client.execute(statement);
    }
  }
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    close() {
      client.close();
      rmSync(file, { force: true });
    },
  };
}
