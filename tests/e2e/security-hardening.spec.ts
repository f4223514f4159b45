import { expect, test } from "@playwright/test";
import { createApiClient } from "./fixtures/api-client";
import { queryE2e } from "./fixtures/e2e-db";
import { waitForMail } from "./fixtures/outbox";
import { PASSWORD, uniqueEmail, uniqueIp, usernameFor } from "./fixtures/test-data";

/**
 * Decision 021 through the real Worker entry (the workerd tests call the route
 * modules; these go through workers/app.ts): token scopes on api/v1, text
 * hygiene of stored names, 415 for non-form bodies and no error-log rows for
 * a guest's POSTs to a page without an action.
 */

test("a token's scopes decide what it may call: 403 naming the missing scope", async ({ request }) => {
  const reader = await createApiClient({ scopes: ["read"] });
  const bearer = { Authorization: `Bearer ${reader.token}` };
  expect((await request.get("/api/v1/titles", { headers: bearer })).status()).toBe(200);
  const refused = await request.post("/api/v1/workspaces", { headers: bearer, data: { name: "Scoped" } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ missing_scope: "account", message: expect.stringContaining('"account"') });
  expect(await queryE2e("SELECT id FROM workspaces WHERE owner_id = ?", [reader.userId])).toHaveLength(0);

  const writer = await createApiClient({ scopes: ["read", "account"] });
  const made = await request.post("/api/v1/workspaces", { headers: { Authorization: `Bearer ${writer.token}` }, data: { name: "Scoped" } });
  expect(made.status()).toBe(201);
  // The admin scope is for admins only; a user's admin calls are refused by scope and permission alike.
  expect((await request.get("/api/v1/logs/error", { headers: { Authorization: `Bearer ${writer.token}` } })).status()).toBe(403);
});

test("names are stored as NFC, without NUL, lone surrogates or bidi overrides", async ({ request }) => {
  const client = await createApiClient({ scopes: ["read", "account"] });
  const made = await request.post("/api/v1/workspaces", {
    headers: { Authorization: `Bearer ${client.token}`, "Content-Type": "application/json" },
    data: '{"name":"Cafe\\u0301 \\u0000Team\\ud800 \\u202Egpj.exe"}',
  });
  expect(made.status()).toBe(201);
  const [row] = await queryE2e<{ name: string; hex: string }>("SELECT name, hex(name) AS hex FROM workspaces WHERE owner_id = ?", [client.userId]);
  expect(row!.name).toBe("Café Team\uFFFD gpj.exe");
  // Valid UTF-8 all through: no ED A0 80 (a UTF-8-encoded surrogate), no 00.
  expect(row!.hex).not.toMatch(/^(..)*EDA080/);
  expect(row!.hex).not.toMatch(/^(..)*00/);
});

test("JSON to a form action is a 415 with a message; guest POSTs to a page without an action write no error-log rows", async ({ request }) => {
  const json = await request.post("/login", { headers: { "Content-Type": "application/json" }, data: { email: "a@example.test", password: "x" } });
  expect(json.status()).toBe(415);
  expect(await json.text()).toContain("This address takes a form");
  const text = await request.post("/register", { headers: { "Content-Type": "text/plain" }, data: "email=a@example.test" });
  expect(text.status()).toBe(415);

  const [before] = await queryE2e<{ n: number }>("SELECT count(*) AS n FROM error_log");
  for (let i = 0; i < 20; i++) {
    const post = await request.post("/titles", { form: { q: "x" } });
    expect(post.status()).toBe(405);
  }
  const [after] = await queryE2e<{ n: number }>("SELECT count(*) AS n FROM error_log");
  expect(after!.n).toBe(before!.n);
});

test("registering the demo user's address answers exactly like a new address, through the real Worker", async ({ request }) => {
  const fresh = uniqueEmail("enum");
  const taken = "user@demo.reelbase.test";
  const answers = [];
  for (const email of [taken, fresh]) {
    for (const [path, form] of [
      ["/register", true],
      ["/auth/register", false],
    ] as const) {
      // Each request its own username (decision 043): the fresh address's account takes the first one.
      const fields = { email, username: usernameFor(`${path}:${email}`), password: PASSWORD, password_confirmation: PASSWORD, policy_terms: "on", policy_privacy: "on" };
      const headers = { "CF-Connecting-IP": uniqueIp() };
      const response = form ? await request.post(path, { form: fields, headers, maxRedirects: 0 }) : await request.post(path, { data: fields, headers });
      const body = (await response.text()).replaceAll(email, "<email>").replaceAll(encodeURIComponent(email), "<email>");
      const names = Object.keys(response.headers())
        .filter((name) => !["date", "x-request-id", "content-security-policy", "content-length"].includes(name))
        .sort();
      // Cookie names only: D1's read-your-writes bookmark (d1-bookmark) carries a per-response position.
      const cookies = response
        .headersArray()
        .filter((h) => h.name.toLowerCase() === "set-cookie")
        .map((h) => h.value.split("=")[0])
        .sort();
      answers.push({ path, status: response.status(), location: response.headers().location?.replace(encodeURIComponent(email), "<email>") ?? null, cookies, names, body });
    }
  }
  const [takenForm, takenJson, freshForm, freshJson] = answers;
  expect(takenForm).toEqual(freshForm);
  expect(takenJson).toEqual(freshJson);
  expect(freshForm!.status).toBe(303);
  expect(freshForm!.location).toBe("/register/sent?email=<email>");
  expect(freshJson!.status).toBe(202);
  expect(freshForm!.cookies).not.toContain("session");
  expect(freshJson!.cookies).not.toContain("session");
  // What differs is in the mail: the new address gets the link, the demo user a notice.
  await waitForMail(request, fresh, /Finish creating/);
  await waitForMail(request, taken, /tried to create/);
});
