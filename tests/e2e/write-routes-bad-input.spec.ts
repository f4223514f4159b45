import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { NON_FORM_BODY_PATHS } from "../../app/http/security";
import { createAdmin } from "./admin/fixtures";
import { queryE2e } from "./fixtures/e2e-db";
import { E2E_BASE_URL } from "../../playwright.config";

/**
 * Decision 021, "What it must show": every route in app/routes.ts that accepts a
 * write (its module exports an `action`) gets, as a guest and as a signed-in
 * admin: missing fields, wrong types, a 1 MB string, NUL and lone
 * surrogates, JSON to a form route, a form to a JSON route, no body and a
 * wrong `intent`. No answer may be a 5xx, and no table may change (every
 * row of every table is compared before and after). The list comes from the
 * route config itself, so routes merged later are covered without editing
 * this file. Plain HTTP (fetch), a few requests at a time, no browser.
 */

interface WriteRoute {
  path: string;
  file: string;
  /** Form actions (everything but the JSON API and the account JSON endpoints). */
  json: boolean;
}

/** Concrete values for path parameters: enough to reach each action. */
const PARAM_VALUES: Record<string, string> = {
  service: "google",
  group: "general",
  language: "en",
  slug: "x",
  token: "not-a-token",
  operation: "create",
  uploadId: "not-an-upload",
  names: "countries",
  idOrSlug: "x",
  file: "x.xml",
  kind: "poster",
  task: "flush-caches",
};

function concretePath(path: string) {
  return path
    .split("/")
    .filter((segment) => !(segment.startsWith(":") && segment.endsWith("?")))
    .map((segment) => {
      if (segment === "*") return "x";
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1);
      return PARAM_VALUES[name] ?? "1";
    })
    .join("/");
}

/** Every route whose module exports an action, with its full URL path (index routes post to `?index`). */
function writeRoutes(entries: RouteConfigEntry[], parent = ""): WriteRoute[] {
  const out: WriteRoute[] = [];
  for (const entry of entries) {
    const full = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    if (entry.children) out.push(...writeRoutes(entry.children, full));
    if (!entry.path && !entry.index) continue;
    const source = readFileSync(`app/${entry.file}`, "utf8");
    if (!/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source)) continue;
    const path = concretePath(full || "/") + (entry.index ? "?index" : "");
    const url = path.startsWith("/") ? path : `/${path}`;
    // JSON routes are the ones the Worker lets through without a form (app/http/security.ts).
    out.push({ path: url, file: entry.file, json: NON_FORM_BODY_PATHS.some((re) => re.test(url.split("?")[0]!)) });
  }
  return out;
}

/** Routes left out, and why. */
const SKIPPED: Record<string, string> = {
  // The e2e-only helpers run the SQL and set-ups this suite itself uses.
  "routes/resources/e2e-sql.ts": "the test's own database access",
  "routes/resources/e2e-signed-in-user.ts": "creates users by design (e2e only)",
  "routes/resources/e2e-api-client.ts": "creates tokens by design (e2e only)",
  "routes/resources/e2e-caches.ts": "changes settings by design (e2e only)",
};

/**
 * Tables a refused request still writes, by design, and why: the limiter's
 * counters, failed-attempt counts, the security log's record of failed
 * password confirmations, the admin's session `last_active_at`.
 * Every other table must be unchanged, the error log included.
 */
const BOOKKEEPING_TABLES = new Set(["rate_limit_buckets", "failed_attempts", "security_log", "sessions"]);

/**
 * Actions for which a bodiless POST is a complete, valid request (they take
 * no input): signing out, and the two-factor endpoints (enable, QR code,
 * new recovery codes). They are sent every payload as a guest (refused
 * without changing anything) but not as the signed-in admin, where they would
 * do what they are for.
 */
const NO_INPUT_ACTIONS = new Set(["routes/auth/logout.ts", "routes/api/auth/two-factor.ts"]);

async function snapshot(): Promise<Record<string, string>> {
  const tables = await queryE2e<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE '%_fts%' ORDER BY name",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const rows = await queryE2e(`SELECT * FROM "${name}" ORDER BY rowid`).catch(() => queryE2e(`SELECT * FROM "${name}"`));
    out[name] = createHash("sha256").update(JSON.stringify(rows)).digest("hex");
  }
  return out;
}

const MB_STRING = "x".repeat(1024 * 1024 - 200);
const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

/** The eight kinds of bad input, as [label, content type or null, body or null]. */
function payloads(route: WriteRoute): [string, string | null, string | null][] {
  return [
    ["missing fields", route.json ? JSON_TYPE : FORM, route.json ? "{}" : ""],
    route.json
      ? ["wrong types", JSON_TYPE, JSON.stringify({ id: { nested: true }, email: [1, 2], page: "minus one", name: 12345, tokenName: false, intent: 7, password: null, ids: "1,2" })]
      : [
          "wrong types",
          FORM,
          new URLSearchParams({ id: "abc", email: "@@", page: "-1e999", count: "NaN", name: "", title: "", date: "2024-13-45", redirectTo: "//evil.example", intent: "" }).toString(),
        ],
    route.json ? ["1 MB string", JSON_TYPE, JSON.stringify({ name: MB_STRING, email: MB_STRING.slice(0, 300) })] : ["1 MB string", FORM, `name=${MB_STRING}&intent=${MB_STRING.slice(0, 200)}`],
    route.json
      ? ["NUL and lone surrogates", JSON_TYPE, '{"name":"\\u0000","title":"\\u0000\\u202e","email":"\\udc00@\\ud800","tokenName":"\\u0000","intent":"\\u0000"}']
      : ["NUL and lone surrogates", FORM, "name=%00&title=%00%E2%80%AE&email=%ED%A0%80%00&intent=%00&token_name=%E2%80%AE%00"],
    route.json ? ["form to a JSON route", FORM, "email=not-an-email&password=&name=&tokenName="] : ["JSON to a form route", JSON_TYPE, '{"email":"a@example.test","intent":"create","name":"x"}'],
    ["text/plain", "text/plain", "email=a@example.test"],
    ["no body", null, null],
    ["wrong intent", route.json ? JSON_TYPE : FORM, route.json ? '{"intent":"definitely-not-an-intent"}' : "intent=definitely-not-an-intent"],
  ];
}

test("every write route survives bad input: no 5xx, no row changed", async () => {
  test.setTimeout(600_000);
  const all = writeRoutes(routes as RouteConfigEntry[]);
  const covered = all.filter((route) => !SKIPPED[route.file]);
  expect(covered.length).toBeGreaterThan(60);
  const admin = await createAdmin("bad-input");
  const identities: [string, Record<string, string>][] = [
    ["guest", {}],
    ["admin", { Cookie: admin.cookieHeader }],
  ];
  const before = await snapshot();

  const failures: string[] = [];
  let requests = 0;
  const jobs: (() => Promise<void>)[] = [];
  const jobLabels: string[] = [];
  for (const route of covered) {
    for (const [who, headers] of identities) {
      // Signing out is what a bodiless POST there means; keep the admin's session for the other routes.
      if (who === "admin" && NO_INPUT_ACTIONS.has(route.file)) continue;
      for (const [label, type, body] of payloads(route)) {
        jobLabels.push(`${who} ${route.path}`);
        jobs.push(async () => {
          const response = await fetch(`${E2E_BASE_URL}${route.path}`, {
            method: "POST",
            redirect: "manual",
            headers: { ...headers, ...(type ? { "Content-Type": type } : {}), "CF-Connecting-IP": `10.77.${requests % 250}.${(requests * 7) % 250}` },
            body: body ?? undefined,
          });
          requests += 1;
          await response.arrayBuffer().catch(() => null);
          if (response.status >= 500) failures.push(`${response.status} ${who} ${label} POST ${route.path} (${route.file})`);
          // A form action answers JSON with 415 (decision 021), never by failing inside formData().
          if (label === "JSON to a form route" && ![403, 404, 405, 415].includes(response.status) && !(response.status >= 300 && response.status < 400)) {
            failures.push(`${response.status} (expected 415) ${who} ${label} POST ${route.path}`);
          }
        });
      }
    }
  }
  if (process.env.BAD_INPUT_DIAG) {
    // Attribution: one route at a time, the tables each one changed.
    const tables = process.env.BAD_INPUT_DIAG.split(",");
    const fingerprint = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, JSON.stringify(await queryE2e(`SELECT * FROM "${t}"`))] as const)));
    let last = await fingerprint();
    const perRoute = jobs.length / covered.length;
    for (let i = 0; i < jobs.length; i++) {
      await jobs[i]!();
      if ((i + 1) % 8 === 0) {
        const now = await fingerprint();
        const diff = tables.filter((t) => now[t] !== last[t]);
        if (diff.length) console.log(`DIAG job ${i} route ${Math.floor(i / perRoute)}: ${diff.join(",")}`, jobLabels[i]);
        last = now;
      }
    }
    jobs.length = 0;
  }
  // A few at a time: the machine is shared.
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
  const after = await snapshot();
  const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);

  console.log(
    `bad-input suite: ${requests} requests to ${covered.length} write routes (of ${all.length}; skipped: ${Object.keys(SKIPPED).length} e2e-only helpers), ${identities.length} identities x ${payloads(covered[0]!).length} kinds`,
  );
  expect.soft(failures).toEqual([]);
  expect(changed).toEqual([]);
});
