import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listAuditLog } from "~/admin/audit.server";
import { loadDashboard } from "~/admin/dashboard.server";
import { listUsersForAdmin, USER_SORTS } from "~/auth/user-admin.server";
import { listSubscriptionsForAdmin, SUBSCRIPTION_SORTS } from "~/billing/subscription-admin.server";
import { listPeopleForAdmin, PERSON_SORTS } from "~/catalogue/editor/people.server";
import { listTitlesForAdmin, TITLE_SORTS } from "~/catalogue/editor/titles.server";
import { listVideosForAdmin, VIDEO_SORTS } from "~/catalogue/editor/videos.server";
import { openD1, type Database } from "~/db/client.server";
import { listPagesForAdmin, PAGE_SORTS } from "~/pages/page-admin.server";
import { listWorkspacesForAdmin, WORKSPACE_SORTS } from "~/workspaces/workspace-admin.server";

/**
 * Every query the admin lists run, for every sort (both directions) and
 * every filter, is planned by SQLite on the real schema (all migrations):
 * no big table is read by a full scan, and no page is sorted in a temporary
 * B-tree (which would read and sort the whole table for 25 rows). The SQL is
 * captured at the D1 boundary, so the test checks what the code really sends.
 */

/** Tables that grow with the catalogue or the audience; small ones (genres, pages, roles) may be scanned. */
const BIG_TABLES = ["titles", "people", "users", "videos", "subscriptions", "audit_log", "workspaces", "credits", "video_plays"];

interface Captured {
  sql: string;
  params: unknown[];
}

/** A D1 binding that remembers every statement prepared through it. */
function recordingD1(binding: D1Database, log: Captured[]): D1Database {
  return {
    prepare(query: string) {
      const entry: Captured = { sql: query, params: [] };
      log.push(entry);
      const statement = binding.prepare(query);
      return new Proxy(statement, {
        get(target, prop, receiver) {
          if (prop === "bind")
            return (...params: unknown[]) => {
              entry.params = params;
              return target.bind(...params);
            };
          const value = Reflect.get(target, prop, receiver);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
    batch: (statements: D1PreparedStatement[]) => binding.batch(statements),
    exec: (query: string) => binding.exec(query),
    dump: () => binding.dump(),
  } as unknown as D1Database;
}

async function planOf({ sql, params }: Captured): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/**
 * Plan lines that read a big table in full, or sort a whole table. A bare
 * SCAN is fine when the query pages in rowid order (`ORDER BY <table>.id`
 * first, with a LIMIT): SQLite walks the table in id order and stops after
 * the page. With a filter or a search, the rows are found through an index
 * and only those are sorted (a temporary B-tree over the matches is fine).
 */
function problemsIn(sql: string, plan: string[]): string[] {
  const byRowid = /order by "(\w+)"\."id" (asc|desc)/i.exec(sql);
  const paged = /\blimit\b/i.test(sql);
  const outer = sql.replace(/\(SELECT [^()]*(\([^()]*\)[^()]*)*\)/gi, "()");
  const filtered = /\bwhere\b/i.test(outer);
  return plan.filter((line) => {
    if (/USE TEMP B-TREE FOR ORDER BY/.test(line)) return !filtered;
    const scan = /^SCAN (\w+)(?: AS \w+)?$/.exec(line.trim());
    if (!scan || !BIG_TABLES.includes(scan[1])) return false;
    return !(paged && byRowid?.[1] === scan[1]);
  });
}

/** Runs `run` against a recording database and returns each captured query with its plan problems. */
async function audit(label: string, run: (db: Database) => Promise<unknown>) {
  const log: Captured[] = [];
  const { db } = openD1(recordingD1(env.DB, log), null);
  await run(db);
  expect(log.length, `${label}: no query captured`).toBeGreaterThan(0);
  const found: { label: string; sql: string; plan: string[]; problems: string[] }[] = [];
  for (const query of log) {
    if (!/^\s*select/i.test(query.sql)) continue;
    const plan = await planOf(query);
    found.push({ label, sql: query.sql, plan, problems: problemsIn(query.sql, plan) });
  }
  return found;
}

const page = { offset: 0, limit: 25 };
const dirs = ["desc", "asc"] as const;

async function collect() {
  const results: Awaited<ReturnType<typeof audit>> = [];
  for (const dir of dirs) {
    for (const sort of TITLE_SORTS) {
      results.push(...(await audit(`titles ${sort} ${dir}`, (db) => listTitlesForAdmin(db, { q: "", type: null, genreId: null, sort, dir, ...page }))));
      results.push(...(await audit(`titles ${sort} ${dir} type`, (db) => listTitlesForAdmin(db, { q: "", type: "movie", genreId: null, sort, dir, ...page }))));
      results.push(...(await audit(`titles ${sort} ${dir} genre`, (db) => listTitlesForAdmin(db, { q: "", type: null, genreId: 1, sort, dir, ...page }))));
      results.push(...(await audit(`titles ${sort} ${dir} search`, (db) => listTitlesForAdmin(db, { q: "matrix", type: null, genreId: null, sort, dir, ...page }))));
    }
    for (const sort of PERSON_SORTS) {
      const base = { q: "", gender: null, knownFor: null, sort, dir, ...page };
      results.push(...(await audit(`people ${sort} ${dir}`, (db) => listPeopleForAdmin(db, base))));
      results.push(...(await audit(`people ${sort} ${dir} gender`, (db) => listPeopleForAdmin(db, { ...base, gender: "female" }))));
      results.push(...(await audit(`people ${sort} ${dir} department`, (db) => listPeopleForAdmin(db, { ...base, knownFor: "Directing" }))));
    }
    for (const sort of USER_SORTS) {
      const base = { q: "", roleId: null, verified: null, subscribed: null, banned: null, sort, dir, ...page };
      results.push(...(await audit(`users ${sort} ${dir}`, (db) => listUsersForAdmin(db, base))));
      results.push(...(await audit(`users ${sort} ${dir} banned`, (db) => listUsersForAdmin(db, { ...base, banned: true }))));
      results.push(...(await audit(`users ${sort} ${dir} role`, (db) => listUsersForAdmin(db, { ...base, roleId: 1 }))));
      results.push(...(await audit(`users ${sort} ${dir} unverified`, (db) => listUsersForAdmin(db, { ...base, verified: false }))));
      results.push(...(await audit(`users ${sort} ${dir} subscribed`, (db) => listUsersForAdmin(db, { ...base, subscribed: true }))));
      results.push(...(await audit(`users ${sort} ${dir} search`, (db) => listUsersForAdmin(db, { ...base, q: "ann" }))));
    }
    for (const sort of VIDEO_SORTS) {
      const base = { q: "", category: null, source: null, sort, dir, ...page } as const;
      results.push(...(await audit(`videos ${sort} ${dir}`, (db) => listVideosForAdmin(db, base))));
      results.push(...(await audit(`videos ${sort} ${dir} category`, (db) => listVideosForAdmin(db, { ...base, category: "trailer" }))));
      results.push(...(await audit(`videos ${sort} ${dir} source`, (db) => listVideosForAdmin(db, { ...base, source: "r2" }))));
    }
    for (const sort of SUBSCRIPTION_SORTS) {
      const base = { q: "", status: null, productId: null, provider: null, sort, dir, ...page } as const;
      results.push(...(await audit(`subscriptions ${sort} ${dir}`, (db) => listSubscriptionsForAdmin(db, base))));
      results.push(...(await audit(`subscriptions ${sort} ${dir} status`, (db) => listSubscriptionsForAdmin(db, { ...base, status: "past_due" }))));
      results.push(...(await audit(`subscriptions ${sort} ${dir} plan`, (db) => listSubscriptionsForAdmin(db, { ...base, productId: 1 }))));
      results.push(...(await audit(`subscriptions ${sort} ${dir} provider`, (db) => listSubscriptionsForAdmin(db, { ...base, provider: "stripe" }))));
    }
    for (const sort of PAGE_SORTS) {
      results.push(...(await audit(`pages ${sort} ${dir}`, (db) => listPagesForAdmin(db, { q: "", hidden: null, sort, dir, ...page }))));
    }
    for (const sort of WORKSPACE_SORTS.filter((s) => s !== "members")) {
      results.push(...(await audit(`workspaces ${sort} ${dir}`, (db) => listWorkspacesForAdmin(db, { q: "", sort, dir, ...page }))));
    }
  }
  results.push(...(await audit("audit log", (db) => listAuditLog(db, { action: null, subjectType: null, subjectId: null, userId: null, before: null, limit: 50 }))));
  results.push(...(await audit("audit log by action", (db) => listAuditLog(db, { action: "titles.update", subjectType: null, subjectId: null, userId: null, before: null, limit: 50 }))));
  results.push(...(await audit("audit log by user", (db) => listAuditLog(db, { action: null, subjectType: null, subjectId: null, userId: 1, before: 100, limit: 50 }))));
  results.push(...(await audit("dashboard", (db) => loadDashboard(db))));
  return results;
}

describe("admin list query plans", () => {
  it("every sort and filter of the admin lists reads through an index", async () => {
    const results = await collect();
    expect(results.length).toBeGreaterThan(60);
    const bad = results.filter((r) => r.problems.length > 0).map((r) => `${r.label}: ${r.sql.replace(/^select .*? from /is, "… from ")}\n  ${r.plan.join("\n  ")}`);
    expect(bad, bad.join("\n\n")).toEqual([]);
  });
});
