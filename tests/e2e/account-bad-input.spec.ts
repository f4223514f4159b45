import { expect, test, type APIRequestContext } from "@playwright/test";
import { SAMPLE_PNG, SVG_WITH_SCRIPT } from "../support/test-images";
import { queryE2e } from "./fixtures/e2e-db";
import { addOtherSession, createAccountUser, expectToast, openSettings, uniqueIp, userRow } from "./account/fixtures";

/**
 * Bad input on the account-settings page: a 2 MB + 1 byte image,
 * a text file renamed .png, an SVG with script, an unknown time zone or
 * language, a 10,000-character token name, another user's session id. Each
 * gets a clear message and changes nothing, with JavaScript, without it, and
 * posted by hand.
 */
test.beforeEach(async ({ context }) => {
  test.setTimeout(60_000);
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

const tooBig = () => {
  const bytes = Buffer.alloc(2 * 1024 * 1024 + 1);
  Buffer.from(SAMPLE_PNG).copy(bytes);
  return bytes;
};
const textAsPng = Buffer.from("This is a text file pretending to be a PNG.\n");
const svg = Buffer.from(SVG_WITH_SCRIPT);

const badImages = [
  { what: "an image of 2 MB + 1 byte", file: { name: "big.png", mimeType: "image/png", buffer: tooBig() }, message: "Please select an image. It may not be larger than 2 MB." },
  { what: "a text file renamed .png", file: { name: "photo.png", mimeType: "image/png", buffer: textAsPng }, message: "Please select an image. Only PNG, JPEG, GIF and WebP images are accepted." },
  { what: "an SVG with script", file: { name: "logo.svg", mimeType: "image/svg+xml", buffer: svg }, message: "Please select an image. SVG images are not accepted." },
  { what: "an SVG with script renamed .png", file: { name: "logo.png", mimeType: "image/png", buffer: svg }, message: "Please select an image. SVG images are not accepted." },
];

async function avatarFiles(userId: number) {
  return queryE2e("SELECT id FROM file_entries WHERE owner_id = ?", [userId]);
}

test.describe("profile image", () => {
  test("with JavaScript: refused in the browser with the message as a toast", async ({ page, context, baseURL }) => {
    const user = await createAccountUser(context, baseURL!);
    await openSettings(page);
    for (const { file, message } of badImages) {
      await page.getByTestId("avatar-file").setInputFiles(file);
      await expectToast(page, message);
    }
    await expect(page.getByTestId("avatar-initials")).toBeVisible();
    expect((await userRow(user.userId))?.avatar).toBeNull();
    expect(await avatarFiles(user.userId)).toHaveLength(0);
  });

  test("posted by hand: 422 with the 'file' field error, nothing stored", async ({ page, context, baseURL }) => {
    const user = await createAccountUser(context, baseURL!);
    for (const { file, message } of badImages) {
      const response = await page.request.post("/account-settings/avatar", { multipart: { intent: "upload-avatar", file } });
      expect(response.status(), file.name).toBe(422);
      expect(await response.json()).toEqual({ message, errors: { file: [message] } });
    }
    // Not a file at all, and a body far over the limit.
    const noFile = await page.request.post("/account-settings/avatar", { multipart: { intent: "upload-avatar", file: "just text" } });
    expect(noFile.status()).toBe(422);
    // Refused by its Content-Length before it is read: a 413, or a reset if the client is still sending when it comes.
    const huge = await page.request
      .post("/account-settings/avatar", {
        multipart: { intent: "upload-avatar", file: { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(9 * 1024 * 1024) } },
      })
      .then(
        (response) => response.status(),
        (error: Error) => (/ECONNRESET|EPIPE|socket hang up/.test(error.message) ? "reset" : error.message),
      );
    expect([413, "reset"]).toContain(huge);
    expect((await userRow(user.userId))?.avatar).toBeNull();
    expect(await avatarFiles(user.userId)).toHaveLength(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("back to the page with the message as a toast", async ({ page, context, baseURL }) => {
      const user = await createAccountUser(context, baseURL!);
      await openSettings(page, { js: false });
      for (const { file, message } of badImages.slice(0, 3)) {
        await page.getByTestId("avatar-file").setInputFiles(file);
        await page.getByTestId("avatar-editor").getByRole("button", { name: "Upload image" }).click();
        await expect(page).toHaveURL(/\/account-settings#account-details$/);
        await expectToast(page, message);
      }
      expect((await userRow(user.userId))?.avatar).toBeNull();
      expect(await avatarFiles(user.userId)).toHaveLength(0);
    });
  });

  test("a real avatar is never served as active content", async ({ page, context, baseURL }) => {
    await createAccountUser(context, baseURL!);
    const response = await page.request.post("/account-settings/avatar", { multipart: { intent: "upload-avatar", file: { name: "me.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) } } });
    expect(response.status()).toBe(200);
    const { avatar } = await response.json();
    const served = await page.request.get(avatar);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  });
});

async function postSettings(request: APIRequestContext, form: Record<string, string>) {
  return request.post("/account-settings", { form });
}

test("an unknown time zone, language or country: field errors, nothing changed", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  const response = await postSettings(page.request, { intent: "update-location", language: "tlh", country: "XX", timezone: "Mars/Olympus_Mons" });
  expect(response.status()).toBe(422);
  const html = await response.text();
  for (const message of ["This language is not available.", "Select a country from the list.", "Select a time zone from the list."]) expect(html).toContain(message);
  const long = await postSettings(page.request, { intent: "update-location", language: "en", timezone: "x".repeat(5000) });
  expect(long.status()).toBe(400);
  expect(await userRow(user.userId)).toMatchObject({ language: null, country: null, timezone: null });

  // The footer's language picker refuses an unknown language too.
  const picker = await page.request.post("/resources/locale", { form: { language: "tlh" } });
  expect(picker.status()).toBe(422);
  expect((await userRow(user.userId))?.language).toBeNull();
});

test.describe("a 10,000-character token name", () => {
  test("with JavaScript: the dialog says so and sends nothing", async ({ page, context, baseURL }) => {
    const user = await createAccountUser(context, baseURL!);
    await openSettings(page);
    await page.getByTestId("create-token-button").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Token name").fill("n".repeat(10_000));
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByText("Must be at most 100 characters.")).toBeVisible();
    expect(await queryE2e("SELECT id FROM access_tokens WHERE user_id = ?", [user.userId])).toHaveLength(0);
  });

  test("posted by hand: 400 with the message, no token", async ({ page, context, baseURL }) => {
    const user = await createAccountUser(context, baseURL!);
    const response = await postSettings(page.request, { intent: "create-token", token_name: "n".repeat(10_000) });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Must be at most 100 characters.");
    expect(html).not.toMatch(/rbt_[A-Za-z0-9_-]{43}/);
    const empty = await postSettings(page.request, { intent: "create-token", token_name: "   " });
    expect(empty.status()).toBe(400);
    expect(await queryE2e("SELECT id FROM access_tokens WHERE user_id = ?", [user.userId])).toHaveLength(0);
  });
});

test("another user's session id or token id: not found, nothing ended", async ({ page, context, baseURL, browser }) => {
  const victimContext = await browser.newContext();
  const victim = await createAccountUser(victimContext, baseURL!, { prefix: "victim" });
  const victimSession = await addOtherSession(victim.userId);
  await queryE2e("INSERT INTO access_tokens (user_id, name, token_hash, prefix) VALUES (?, 'Victim token', ?, 'rbt_Vict')", [victim.userId, `victim-${victim.userId}`]);
  const [victimToken] = await queryE2e<{ id: number }>("SELECT id FROM access_tokens WHERE user_id = ?", [victim.userId]);
  await victimContext.close();

  await createAccountUser(context, baseURL!, { prefix: "attacker" });
  const response = await postSettings(page.request, { intent: "logout-session", session_id: victimSession.shortId });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("This session does not exist.");
  const malformed = await postSettings(page.request, { intent: "logout-session", session_id: "'; DROP TABLE sessions; --" });
  expect(malformed.status()).toBe(404);
  expect(await queryE2e("SELECT id FROM sessions WHERE id = ?", [victimSession.id])).toHaveLength(1);

  const token = await postSettings(page.request, { intent: "delete-token", token_id: String(victimToken.id) });
  expect(token.status()).toBe(404);
  expect(await queryE2e("SELECT id FROM access_tokens WHERE id = ?", [victimToken.id])).toHaveLength(1);
});

test("unknown intents and tampered forms never 500", async ({ page, context, baseURL }) => {
  await createAccountUser(context, baseURL!);
  const forms: Record<string, string>[] = [{ intent: "no-such-thing" }, { intent: "disconnect-social", service: "myspace" }, { intent: "delete-token", token_id: "-1" }, { intent: "delete-account" }];
  for (const form of forms) {
    const response = await postSettings(page.request, form);
    expect(response.status(), JSON.stringify(form)).toBeGreaterThanOrEqual(400);
    expect(response.status(), JSON.stringify(form)).toBeLessThan(500);
  }
});
