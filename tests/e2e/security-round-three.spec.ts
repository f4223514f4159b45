import { expect, test } from "@playwright/test";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser } from "./fixtures/signed-in-user";
import { api } from "./social/helpers";

/**
 * Security round three through the real Worker (decision 021): what a
 * guest's HTTP request may learn (a private profile's name), what the
 * API answers where the document says (JSON everywhere under /api/v1,
 * CORS for token clients), and mailed links that never follow the Host
 * header. The workerd tests in the domain folders prove the rest.
 */

test("a private profile answers 403 before the slug redirect: no Location, no name in the page or its head", async ({ request }) => {
  const owner = await createSignedInUser("private-name");
  const secret = `Hidden Harbour ${Math.random().toString(36).slice(2, 7)}`;
  await queryE2e("UPDATE users SET display_name = ? WHERE id = ?", [secret, owner.userId]);
  await queryE2e("INSERT INTO library_profiles (user_id, private) VALUES (?, 1) ON CONFLICT (user_id) DO UPDATE SET private = 1", [owner.userId]);
  const slug = secret.toLowerCase().replace(/\s+/g, "-");
  const other = await createSignedInUser("private-visitor");
  for (const path of [`/user/${owner.userId}/x`, `/user/${owner.userId}/${slug}`]) {
    // A guest's 403 page load goes to sign in (spec: page load 403 as guest); never to the private slug.
    const guest = await request.get(path, { maxRedirects: 0 });
    expect([302, 403]).toContain(guest.status());
    if (path.endsWith("/x")) expect(guest.headers().location ?? "").not.toContain(slug.slice(0, 12));
    expect(await guest.text()).not.toContain(secret);
    // Another member: 403, no redirect, no name anywhere in the page or its head.
    const member = await request.get(path, { maxRedirects: 0, headers: { Cookie: other.cookieHeader } });
    expect(member.status()).toBe(403);
    expect(member.headers().location).toBeUndefined();
    const html = await member.text();
    expect(html).not.toContain(secret);
    // (The requested path itself is echoed in the page's forms; only a slug it did not contain would be a leak.)
    if (path.endsWith("/x")) expect(html).not.toContain(slug);
  }
  // The owner still gets the redirect to their own slug.
  const own = await request.get(`/user/${owner.userId}/x`, { maxRedirects: 0, headers: { Cookie: owner.cookieHeader } });
  expect(own.status()).toBe(301);
  expect(own.headers().location).toContain(`/user/${owner.userId}/${slug}`);
});

test("every unknown /api/v1 path answers a JSON 404 with a message, whatever the verb", async ({ request }) => {
  for (const [method, path] of [
    ["GET", "/api/v1/no-such-thing"],
    ["POST", "/api/v1/no/such/thing"],
    ["DELETE", "/api/v1/titles/1/nope"],
    ["PUT", "/api/v1/x"],
    ["PATCH", "/api/v1/users/me/nope"],
  ] as const) {
    const response = await request.fetch(path, { method, data: method === "GET" ? undefined : {}, headers: { Accept: "application/json" } });
    expect(response.status(), `${method} ${path}`).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toEqual({ message: expect.any(String) });
  }
});

test("api/v1 speaks snake_case: POST /ratings reports errors on title_id, list items take title_id (titleId still accepted this release)", async ({ request }) => {
  const user = await createSignedInUser("snake");
  const rated = await api(request, user, "POST", "/ratings", { title_id: 987654321, rating: 7 });
  expect(rated.status).toBe(404);
  expect(Object.keys(rated.body.errors)).toEqual(["title_id"]);
  const list = await api(request, user, "POST", "/lists", { name: "Snake case" });
  expect(list.status).toBe(201);
  const listId = list.body.list.id as number;
  const [title] = await queryE2e<{ id: number }>("SELECT id FROM titles ORDER BY id LIMIT 1");
  const [second] = await queryE2e<{ id: number }>("SELECT id FROM titles ORDER BY id LIMIT 1 OFFSET 1");
  expect((await api(request, user, "POST", `/lists/${listId}/items`, { title_id: title!.id })).status).toBe(201);
  expect((await api(request, user, "POST", `/lists/${listId}/items`, { titleId: second!.id })).status).toBe(201);
  const missing = await api(request, user, "POST", `/lists/${listId}/items`, { note: "no title" });
  expect(missing.status).toBe(422);
  expect(Object.keys(missing.body.errors)).toEqual(["title_id"]);
});
