import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openD1 } from "./client.server";

/**
 * What the local runtime (workerd under wrangler / vitest) offers of the D1
 * Sessions API, which docs/decisions/002-data-layer.md relies on.
 */
describe("D1 sessions in the local runtime", () => {
  it("has withSession and hands out a bookmark after a query", async () => {
    expect(typeof env.DB.withSession).toBe("function");
    const session = env.DB.withSession("first-unconstrained");
    await session.prepare("SELECT 1").first();
    const bookmark = session.getBookmark();
    expect(typeof bookmark).toBe("string");
    expect(bookmark!.length).toBeGreaterThan(0);
  });

  it("accepts a bookmark from an earlier session and moves it forward on writes", async () => {
    const first = openD1(env.DB, null);
    await first.db.run(sql`CREATE TABLE IF NOT EXISTS session_probe (n INTEGER)`);
    await first.db.run(sql`INSERT INTO session_probe (n) VALUES (1)`);
    const afterWrite = first.getBookmark();
    expect(afterWrite).toMatch(/^[\w.:-]{1,200}$/);

    const second = openD1(env.DB, afterWrite);
    const row = await second.db.get<{ c: number }>(sql`SELECT count(*) AS c FROM session_probe`);
    expect(row?.c).toBeGreaterThanOrEqual(1);
    await second.db.run(sql`INSERT INTO session_probe (n) VALUES (2)`);
    const later = second.getBookmark();
    expect(later).not.toBeNull();
    // Bookmarks are ordered strings: a later write gives a bookmark that sorts after.
    expect(later! >= afterWrite!).toBe(true);
  });
});
