import { expect, test } from "@playwright/test";
import { SAMPLE_PNG, SVG_WITH_SCRIPT } from "../support/test-images";
import { queryE2e } from "./fixtures/e2e-db";
import { createAccountUser, PASSWORD, uniqueIp, userRow } from "./account/fixtures";

/**
 * The account calls of api/v1 with the session cookie and
 * with an API token: users/me (GET, PUT), users/me/locale, users/{id}/avatar,
 * access-tokens, and deleting your own account.
 */
test.beforeEach(async ({ context }) => {
  test.setTimeout(60_000);
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

test("tokens: created by the site, used as Bearer, cannot create tokens, deleted", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  const created = await page.request.post("/api/v1/access-tokens", { data: { tokenName: "CI", scopes: ["read", "account"] } });
  expect(created.status()).toBe(201);
  const { plainTextToken, token } = await created.json();
  expect(plainTextToken).toMatch(/^rbt_/);
  expect(token).toMatchObject({ name: "CI", last_used_at: null, expires_at: null, abilities: ["read", "account"] });
  const bearer = { Authorization: `Bearer ${plainTextToken}`, Cookie: "" };

  const me = await page.request.get("/api/v1/users/me", { headers: bearer });
  expect(me.status()).toBe(200);
  expect((await me.json()).user).toMatchObject({ id: user.userId, tokens: [expect.objectContaining({ name: "CI" })] });

  // A token cannot mint tokens (only the site itself can).
  const minted = await page.request.post("/api/v1/access-tokens", { headers: bearer, data: { tokenName: "sneaky" } });
  expect(minted.status()).toBe(403);
  const tooLong = await page.request.post("/api/v1/access-tokens", { data: { tokenName: "n".repeat(10_000) } });
  expect(tooLong.status()).toBe(422);
  expect((await tooLong.json()).errors.tokenName).toBeDefined();
  expect(await queryE2e("SELECT id FROM access_tokens WHERE user_id = ?", [user.userId])).toHaveLength(1);

  const removed = await page.request.delete(`/api/v1/access-tokens/${token.id}`, { headers: bearer });
  expect(removed.status()).toBe(200);
  expect((await page.request.get("/api/v1/users/me", { headers: bearer })).status()).toBe(401);
  expect((await page.request.delete(`/api/v1/access-tokens/${token.id}`)).status()).toBe(404);
});

test("users/me: PUT details and location, locale, avatar upload and removal", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  const put = await page.request.put("/api/v1/users/me", { data: { first_name: "Katherine", display_name: "K. Johnson", timezone: "America/New_York", country: "US" } });
  expect(put.status()).toBe(200);
  expect((await put.json()).user).toMatchObject({ first_name: "Katherine", display_name: "K. Johnson", profile_url: `/user/${user.userId}/k-johnson`, timezone: "America/New_York", country: "US" });
  // Sent as POST with the method override header, as the spec's client does.
  const overridden = await page.request.post("/api/v1/users/me", { headers: { "X-HTTP-Method-Override": "PUT" }, data: { last_name: "Johnson" } });
  expect((await overridden.json()).user).toMatchObject({ first_name: "Katherine", last_name: "Johnson" });
  const bad = await page.request.put("/api/v1/users/me", { data: { timezone: "Mars/Base", language: "tlh" } });
  expect(bad.status()).toBe(422);
  expect(Object.keys((await bad.json()).errors).sort()).toEqual(["language", "timezone"]);
  expect(await userRow(user.userId)).toMatchObject({ timezone: "America/New_York", language: null });

  const locale = await page.request.post("/api/v1/users/me/locale", { data: { locale: "es" } });
  expect(locale.status()).toBe(200);
  const answer = await locale.json();
  expect(answer.locale).toBe("es");
  expect(answer.lines["Account settings"]).toBe("Configuración de la cuenta");
  expect((await page.request.post("/api/v1/users/me/locale", { data: { locale: "xx" } })).status()).toBe(422);

  const svg = await page.request.post(`/api/v1/users/${user.userId}/avatar`, { multipart: { file: { name: "x.png", mimeType: "image/png", buffer: Buffer.from(SVG_WITH_SCRIPT) } } });
  expect(svg.status()).toBe(422);
  // The user now reads Spanish: the message is translated.
  expect((await svg.json()).errors.file).toEqual(["Selecciona una imagen. No se aceptan imágenes SVG."]);
  const png = await page.request.post("/api/v1/users/me/avatar", { multipart: { file: { name: "me.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) } } });
  expect(png.status()).toBe(200);
  const avatar = (await png.json()).user.avatar;
  expect(avatar).toMatch(/^\/files\/[a-f0-9]{32}$/);
  expect((await page.request.post(`/api/v1/users/${user.userId + 100000}/avatar`, { multipart: { file: { name: "me.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) } } })).status()).toBe(
    403,
  );
  const removed = await page.request.delete("/api/v1/users/me/avatar");
  expect((await removed.json()).user.avatar).toBeNull();
  expect((await page.request.get(avatar)).status()).toBe(404);
});

test("DELETE users/{id}: password required, then the account is gone", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  // Without deleteCurrentUser: a validation error, nothing deleted.
  expect((await page.request.delete(`/api/v1/users/${user.userId}`)).status()).toBe(422);
  const noPassword = await page.request.delete(`/api/v1/users/${user.userId}?deleteCurrentUser=1`);
  expect(noPassword.status()).toBe(423);
  const wrong = await page.request.delete(`/api/v1/users/${user.userId}?deleteCurrentUser=1`, { data: { password: "nope" } });
  expect(wrong.status()).toBe(423);
  expect(await userRow(user.userId)).not.toBeNull();
  const deleted = await page.request.delete(`/api/v1/users/${user.userId}?deleteCurrentUser=1`, { data: { password: PASSWORD } });
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({ message: "Account deleted" });
  expect(await userRow(user.userId)).toBeNull();
  expect((await page.request.get("/api/v1/users/me")).status()).toBe(401);
});
