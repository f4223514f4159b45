import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { createAdmin } from "./admin/fixtures";
import { createApiClient } from "./fixtures/api-client";
import { queryE2e } from "./fixtures/e2e-db";
import type { SignedInUser } from "./fixtures/signed-in-user";
import { uniqueName } from "./fixtures/test-data";

/**
 * Decision 021's bad-input rule for the write routes of the following, diary, import-review,
 * channels-admin and CORS work, intent by intent and with REAL ids: write-routes-bad-input.spec.ts
 * posts to every action with the id 1 and generic bodies, which mostly stop at the first lookup;
 * here each intent gets malformed values, wrong types, huge values, missing fields and other
 * members' ids on rows that exist. No answer may be a 5xx, and the rows the route could touch
 * must be unchanged (compared before and after; only this test's own rows, so parallel specs do
 * not disturb it).
 */

// Hundreds of requests each on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

const HUGE = "9".repeat(40);
const MB = "x".repeat(1024 * 1024 - 400);
/** Values for an id or number field: missing, empty, text, negative, zero, fractional, huge, NUL, 1 MB. */
const BAD_NUMBERS = [undefined, "", "abc", "-1", "0", "1.5", "1e999", HUGE, "%00", "\u0000", MB];

async function post(path: string, who: SignedInUser, fields: Record<string, string | undefined>, accept: "json" | "html" = "html") {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: who.cookieHeader,
      Origin: E2E_BASE_URL,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(accept === "json" ? { Accept: "application/json" } : {}),
    },
    body: body.toString(),
  });
  await response.arrayBuffer().catch(() => null);
  return response.status;
}

/** Sends every payload; answers the 5xx ones as "status path fields". */
async function sendAll(path: string, who: SignedInUser, payloads: Record<string, string | undefined>[]) {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const fields of payloads) {
    for (const accept of ["html", "json"] as const) {
      const status = await post(path, who, fields, accept);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) failures.push(`${status} ${path} ${JSON.stringify(fields).slice(0, 160)}`);
      if (process.env.BAD_INPUT_VERBOSE) console.log(status, path, accept, JSON.stringify(fields).slice(0, 160));
    }
  }
  console.log(`${path}: ${payloads.length * 2} requests, ${[...statuses].map(([status, n]) => `${status}×${n}`).join(" ")}`);
  return { failures, statuses };
}

const rows = (sql: string, args: (string | number)[]) => queryE2e(sql, args).then((r) => JSON.stringify(r));

test("follow, request and block intents with bad member ids: no 5xx, no follow, block or count changed", async () => {
  const [actor, target] = await Promise.all([createApiClient(), createApiClient()]);
  const snapshot = () =>
    Promise.all([
      rows("SELECT * FROM follows WHERE follower_id IN (?, ?) OR followee_id IN (?, ?) ORDER BY rowid", [actor.userId, target.userId, actor.userId, target.userId]),
      rows("SELECT * FROM user_blocks WHERE blocker_id IN (?, ?) OR blocked_id IN (?, ?) ORDER BY rowid", [actor.userId, target.userId, actor.userId, target.userId]),
      rows("SELECT * FROM member_social WHERE user_id IN (?, ?) ORDER BY user_id", [actor.userId, target.userId]),
      rows("SELECT id FROM notifications WHERE user_id IN (?, ?) ORDER BY id", [actor.userId, target.userId]),
    ]);
  const before = await snapshot();
  const payloads: Record<string, string | undefined>[] = [];
  for (const intent of ["follow", "unfollow", "accept", "decline", "remove", "block", "unblock", "nope", "", undefined, MB]) {
    for (const userId of [...BAD_NUMBERS, String(actor.userId), "999999999"]) payloads.push({ intent, userId });
    // The real member, where the intent has nothing to undo (no follow, request or block exists).
    if (intent && ["unfollow", "accept", "decline", "remove", "unblock"].includes(intent)) payloads.push({ intent, userId: String(target.userId) });
  }
  payloads.push({ intent: "block", userId: `${target.userId},${target.userId}` }, { intent: "follow", userId: `${target.userId}abc` }, { intent: "follow", userId: ` ${target.userId}e3` });
  const { failures, statuses } = await sendAll("/social/follow", actor, payloads);
  expect(failures).toEqual([]);
  // The requests reach the validation (field errors), not only a guard in front of it.
  expect(statuses.get(422)).toBeGreaterThan(100);
  expect(await snapshot()).toEqual(before);
});

test("diary edits and deletes with bad ids, days and flags, and another member's entry: no 5xx, no entry changed", async () => {
  const [owner, other] = await Promise.all([createApiClient(), createApiClient()]);
  const [title] = await queryE2e<{ id: number }>("INSERT INTO titles (type, name, slug, year) VALUES ('movie', ?, ?, 1988) RETURNING id", [
    uniqueName("Diary Harbour"),
    uniqueName("diary-harbour").toLowerCase().replace(/\W+/g, "-"),
  ]);
  for (const client of [owner, other]) {
    const logged = await fetch(`${E2E_BASE_URL}/api/v1/history`, {
      method: "POST",
      headers: { Authorization: `Bearer ${client.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title_id: title!.id, watched_on: "2026-03-04" }),
    });
    expect(logged.status).toBe(201);
  }
  const [foreign] = await queryE2e<{ id: number }>("SELECT id FROM watch_history WHERE user_id = ? ORDER BY id DESC LIMIT 1", [other.userId]);
  const snapshot = () => rows("SELECT * FROM watch_history WHERE user_id IN (?, ?) ORDER BY id", [owner.userId, other.userId]);
  const before = await snapshot();
  // The canonical address (the slug is the member's username): a wrong slug only redirects, and the action is never reached.
  const canonical = await fetch(`${E2E_BASE_URL}/user/${owner.userId}/x/diary`, { redirect: "manual", headers: { Cookie: owner.cookieHeader } });
  const path = new URL(canonical.headers.get("Location") ?? `/user/${owner.userId}/x/diary`, E2E_BASE_URL).pathname;
  const payloads: Record<string, string | undefined>[] = [];
  for (const id of [...BAD_NUMBERS, String(foreign!.id)]) {
    payloads.push({ intent: "delete", id }, { intent: "edit", id, watchedOn: "2026-01-02" });
  }
  for (const watchedOn of [undefined, "", "2026-02-30", "2026-13-01", "yesterday", "0000-00-00", "99999-01-01", MB, "2026-01-02'; DROP TABLE watch_history; --"]) {
    payloads.push({ intent: "edit", id: String(foreign!.id), watchedOn, rewatch: "on" }, { intent: "edit", id: "abc", watchedOn, rewatch: "maybe" });
  }
  payloads.push({ intent: "rewrite", id: String(foreign!.id) }, { id: String(foreign!.id) }, { intent: MB });
  const { failures, statuses } = await sendAll(path, owner, payloads);
  expect(failures).toEqual([]);
  // The action is reached (field errors and 404s for the other member's entry), not a slug redirect in front of it.
  expect(statuses.get(422)).toBeGreaterThan(40);
  expect([...statuses.keys()].filter((status) => status < 400)).toEqual([]);
  expect(await snapshot()).toEqual(before);
});

test("import review with bad TMDB picks, groups and intents, and another member's import: no 5xx, no import or library row changed", async () => {
  const [owner, other] = await Promise.all([createApiClient(), createApiClient()]);
  const imports: number[] = [];
  for (const client of [owner, other]) {
    const form = new FormData();
    const csv = `Date,Name,Year,Letterboxd URI,Rating\r\n2026-01-02,${uniqueName("Unmatched Harbour")},1911,https://boxd.it/x,4\r\n`;
    form.append("file", new Blob([csv], { type: "text/csv" }), "ratings.csv");
    const imported = await fetch(`${E2E_BASE_URL}/api/v1/library/import`, { method: "POST", headers: { Authorization: `Bearer ${client.token}` }, body: form });
    expect(imported.status).toBe(200);
    imports.push(((await imported.json()) as { import_id: number }).import_id);
  }
  const [own, foreign] = imports as [number, number];
  const snapshot = () =>
    Promise.all([
      rows("SELECT * FROM import_jobs WHERE id IN (?, ?) ORDER BY id", [own, foreign]),
      rows("SELECT * FROM ratings WHERE user_id IN (?, ?) ORDER BY rowid", [owner.userId, other.userId]),
      rows("SELECT * FROM watch_history WHERE user_id IN (?, ?) ORDER BY id", [owner.userId, other.userId]),
      rows("SELECT count(*) AS n FROM tmdb_import_jobs", []),
    ]);
  const before = await snapshot();
  const payloads: Record<string, string | undefined>[] = [];
  for (const group of [...BAD_NUMBERS, "0"]) {
    for (const pick of [undefined, "", "603", "603.forged-signature", "movie:603:deadbeef", MB]) payloads.push({ intent: "tmdb", group, pick });
  }
  payloads.push({ intent: "nope" }, { intent: "" }, {}, { intent: MB });
  const ownResult = await sendAll(`/library/import/${own}`, owner, payloads);
  // Someone else's import: every intent, the state-changing ones included, is refused.
  const foreignResult = await sendAll(`/library/import/${foreign}`, owner, [
    { intent: "start" },
    { intent: "save" },
    { intent: "publish" },
    { intent: "undo" },
    { intent: "tmdb", group: "0", pick: "603" },
  ]);
  for (const id of ["abc", "-1", "0", HUGE]) ownResult.failures.push(...(await sendAll(`/library/import/${id}`, owner, [{ intent: "undo" }, { intent: "start" }])).failures);
  expect([...ownResult.failures, ...foreignResult.failures]).toEqual([]);
  expect(await snapshot()).toEqual(before);
});

test("channel editor intents with bad items, orders and rule fields: no 5xx, the channel and its items unchanged", async () => {
  const admin = await createAdmin("channel-bad-input");
  const name = uniqueName("Bad Input Channel");
  const [channel] = await queryE2e<{ id: number }>("INSERT INTO channels (name, slug) VALUES (?, ?) RETURNING id", [name, name.toLowerCase().replace(/\W+/g, "-")]);
  const titles = await queryE2e<{ id: number }>("SELECT id FROM titles ORDER BY id LIMIT 2");
  for (const [position, title] of titles.entries()) {
    await queryE2e("INSERT INTO channel_items (channel_id, position, title_id) VALUES (?, ?, ?)", [channel!.id, position + 1, title.id]);
  }
  const snapshot = () => Promise.all([rows("SELECT * FROM channels WHERE id = ?", [channel!.id]), rows("SELECT * FROM channel_items WHERE channel_id = ? ORDER BY id", [channel!.id])]);
  const before = await snapshot();
  const payloads: Record<string, string | undefined>[] = [];
  for (const itemId of [...BAD_NUMBERS, "999999999"]) {
    for (const intent of ["remove", "up", "down"]) payloads.push({ intent, itemId });
    for (const kind of ["title", "planet", "", undefined]) payloads.push({ intent: "add", kind, itemId });
  }
  for (const order of [undefined, "", "a,b", "1,,2", "-1,2", "999999999,999999998", `${HUGE},1`, MB]) payloads.push({ intent: "reorder", order });
  // The editor's own form, with rule fields out of range: a field error, nothing saved.
  for (const [field, value] of [
    ["name", ""],
    ["name", MB],
    ["perPage", "-1"],
    ["perPage", HUGE],
    ["layout", "spiral"],
    ["source", "oracle"],
    ["ruleKind", "nope"],
    ["ruleType", "cartoon"],
    ["slug", "Not A Slug!"],
  ] as const) {
    payloads.push({ intent: "save", name, slug: "", layout: "carousel", perPage: "20", source: "auto", ruleKind: "popular", ruleType: "both", [field]: value });
  }
  payloads.push({ intent: "nope" }, { intent: MB });
  const { failures, statuses } = await sendAll(`/admin/channels/${channel!.id}`, admin, payloads);
  expect(failures).toEqual([]);
  // Nothing here is a success: removing an item that is not in the channel says so (409), it is not toasted as removed (a redirect).
  expect([...statuses.keys()].filter((status) => status < 400)).toEqual([]);
  expect(await snapshot()).toEqual(before);
});

test("the CORS origins setting refuses what is not an origin: no 5xx, and no bad value is ever stored", async () => {
  const admin = await createAdmin("cors-bad-input");
  const stored = async () => (await queryE2e<{ value: string }>("SELECT value FROM settings WHERE key = 'api.cors_origins'"))[0]?.value ?? "[]";
  const bad = [
    "javascript:alert(1)",
    "http://",
    "https://app.example/path",
    "https://app.example:99999999",
    "ftp://app.example",
    "https://app.example\nhttps://evil.example/x",
    "null",
    "https://*.example",
    `https://${"a".repeat(300)}.example`,
    Array.from({ length: 60 }, (_, i) => `https://app${i}.example`).join("\n"),
    MB,
    "\u0000",
  ];
  const failures: string[] = [];
  for (const value of bad) {
    const status = await post("/admin/settings/integrations", admin, { "api.cors_origins": value });
    if (status >= 500) failures.push(`${status} ${JSON.stringify(value).slice(0, 80)}`);
    const now = await stored();
    for (const line of value.split("\n")) if (line.length > 3 && now.includes(line.slice(0, 60))) failures.push(`stored ${JSON.stringify(line).slice(0, 80)}`);
  }
  expect(failures).toEqual([]);
});
