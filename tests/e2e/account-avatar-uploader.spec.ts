import { expect, test, type Page, type Route } from "@playwright/test";
import { contains, jpegWithMetadata, SAMPLE_PNG, SECRET_TEXT } from "../support/test-images";
import { queryE2e } from "./fixtures/e2e-db";
import { createAccountUser, expectToast, openSettings, uniqueIp, userRow } from "./account/fixtures";

/**
 * The profile image with JavaScript goes through the site's uploader (issue
 * 8, "used by the avatar upload"): the queue's row shows the upload's
 * progress and result, cancel and retry work, and the avatar route attaches
 * the uploaded file entry: the new image shows on the page and in the
 * navbar, and the previous one's entry and object are gone.
 */
test.beforeEach(async ({ context }) => {
  test.setTimeout(90_000);
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

/** The upload API's endpoints (direct, tus, S3-style), not the rest of api/v1 (notification polling). */
const UPLOAD_API = /\/api\/v1\/(file-entries|tus\/|s3\/)/;

/** Holds the uploader's requests to the upload API until `release` is called, so the in-progress state can be seen. */
async function holdUploads(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route(UPLOAD_API, async (route) => {
    if (open) return route.continue();
    held.push(route);
  });
  return {
    waitForRequest: () => expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0),
    release: async () => {
      open = true;
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
    hold: () => {
      open = false;
    },
    drop: async () => {
      for (const route of held.splice(0)) await route.abort().catch(() => undefined);
    },
  };
}

const avatarEntries = (userId: number) =>
  queryE2e<{ id: number; file_name: string; disk: string; mime: string; metadata: string }>("SELECT id, file_name, disk, mime, metadata FROM file_entries WHERE owner_id = ? ORDER BY id", [userId]);

test("with JavaScript: the uploader shows progress and result, the avatar is attached and shown in the navbar; the old one is deleted", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!, { prefix: "avatar-uploader" });
  await openSettings(page);
  await expect(page.getByTestId("avatar-initials")).toBeVisible();
  const uploads = await holdUploads(page);

  await page.getByTestId("avatar-file").setInputFiles({ name: "holiday photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegWithMetadata()) });
  await uploads.waitForRequest();
  const row = page.getByTestId("avatar-uploads").getByTestId("upload-item");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-status", /pending|inProgress/);
  await expect(row.getByRole("progressbar")).toBeVisible();
  await expect(row.getByRole("button", { name: /Cancel upload of/ })).toBeVisible();

  await uploads.release();
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expect(row.getByTestId("upload-status")).toHaveText("Uploaded");
  await expectToast(page, "Uploaded avatar");
  const image = page.getByTestId("avatar-image");
  await expect(image).toHaveAttribute("src", /^\/files\/[a-f0-9]{32}$/);
  const url = (await image.getAttribute("src"))!;
  await expect(page.getByTestId("user-menu").first().locator(`img[src="${url}"]`)).toBeVisible();
  expect((await userRow(user.userId))?.avatar).toBe(url);
  const [first] = await avatarEntries(user.userId);
  expect(first).toMatchObject({ file_name: url.slice("/files/".length), disk: "public", mime: "image/jpeg" });
  expect(JSON.parse(first.metadata)).toMatchObject({ purpose: "avatar", width: 24, height: 16 });
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  expect(contains(new Uint8Array(await served.body()), SECRET_TEXT)).toBe(false);

  // A second image replaces it: the first entry and its object are gone.
  await page.getByTestId("avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) });
  await expectToast(page, "Uploaded avatar");
  await expect(image).not.toHaveAttribute("src", url);
  const second = (await image.getAttribute("src"))!;
  await expect(page.getByTestId("user-menu").first().locator(`img[src="${second}"]`)).toBeVisible();
  const entries = await avatarEntries(user.userId);
  expect(entries.map((e) => e.file_name)).toEqual([second.slice("/files/".length)]);
  expect((await page.request.get(url)).status()).toBe(404);
});

test("with JavaScript: a cancelled upload changes nothing and can be retried", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!, { prefix: "avatar-uploader" });
  await openSettings(page);
  const uploads = await holdUploads(page);

  await page.getByTestId("avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) });
  await uploads.waitForRequest();
  const row = page.getByTestId("avatar-uploads").getByTestId("upload-item");
  await row.getByRole("button", { name: /Cancel upload of/ }).click();
  await expect(row).toHaveAttribute("data-status", "aborted");
  await expect(row.getByTestId("upload-status")).toHaveText("Upload cancelled");
  await uploads.drop();
  // A user's cancel is no error: no toast, no avatar, no file entry.
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await expect(page.getByTestId("avatar-initials")).toBeVisible();
  expect((await userRow(user.userId))?.avatar).toBeNull();
  expect(await avatarEntries(user.userId)).toHaveLength(0);

  await uploads.release();
  await row.getByRole("button", { name: /Retry upload of/ }).click();
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expectToast(page, "Uploaded avatar");
  await expect(page.getByTestId("avatar-image")).toHaveAttribute("src", /^\/files\/[a-f0-9]{32}$/);
  expect(await avatarEntries(user.userId)).toHaveLength(1);
});

test("posted by hand: attach-avatar refuses an unknown entry id and bad input with the 'file' error", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!, { prefix: "avatar-uploader" });
  for (const entryId of ["987654321", "not a number", "-1", ""]) {
    const response = await page.request.post("/account-settings/avatar", { form: { intent: "attach-avatar", entryId } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ errors: { file: ["This file could not be found."] } });
  }
  expect((await userRow(user.userId))?.avatar).toBeNull();
});

test("with JavaScript but no files.create: the image is posted directly and still becomes the avatar", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!, { prefix: "avatar-uploader" });
  // No role at all: signed in, but not allowed to upload files.
  await queryE2e("DELETE FROM user_roles WHERE user_id = ?", [user.userId]);
  // Without api.access there is no "Create token" button to wait for: the hydrated file input has no name.
  await page.goto("/account-settings");
  await expect(page.locator('[data-testid="avatar-file"]:not([name])')).toBeAttached();
  const uploaderRequests: string[] = [];
  page.on("request", (request) => {
    if (UPLOAD_API.test(request.url())) uploaderRequests.push(request.url());
  });
  await page.getByTestId("avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) });
  await expectToast(page, "Uploaded avatar");
  await expect(page.getByTestId("avatar-image")).toHaveAttribute("src", /^\/files\/[a-f0-9]{32}$/);
  await expect(page.getByTestId("avatar-uploads")).toHaveCount(0);
  expect(uploaderRequests).toEqual([]);
});
