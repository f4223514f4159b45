import { createClient, type InValue } from "@libsql/client";
import type { APIRequestContext } from "@playwright/test";
import { localD1File } from "../../../scripts/lib/local-d1";

/** The e2e server's database (its local D1 file), for settings and checks on stored rows. */
const STATE = process.env.E2E_STATE ?? ".wrangler/e2e-state";

export async function queryDb<T = Record<string, unknown>>(sql: string, args: InValue[] = []): Promise<T[]> {
  const db = createClient({ url: `file:${localD1File(STATE)}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    return (await db.execute({ sql, args })).rows as unknown as T[];
  } finally {
    db.close();
  }
}

/** Stores settings and drops the server's 15-second settings cache (local e2e Worker only). */
export async function setSetting(request: APIRequestContext, key: string, value: unknown) {
  await queryDb(
    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    [key, JSON.stringify(value)],
  );
  const response = await request.post("/resources/e2e/flush-caches");
  if (!response.ok()) throw new Error(`flush-caches answered ${response.status()}`);
}
