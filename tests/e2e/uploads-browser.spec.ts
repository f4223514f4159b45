import { expect, test, type Page } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, signInContext, type SignedInUser } from "./fixtures/signed-in-user";

/**
 * The Uppy-based uploader in Chromium, on the local-only /_dev/uploads page:
 * a 120 MB multipart upload and a tus upload with progress, cancel, the
 * inactivity timeout, client-side restrictions, and the no-JavaScript form.
 */
const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let user: SignedInUser;
let dir: string;

test.beforeEach(async ({ context, baseURL }) => {
  user = await createSignedInUser("browser-uploader");
  await signInContext(context, baseURL!, user);
  dir = mkdtempSync(join(tmpdir(), "uploads-e2e-"));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file on disk (Playwright passes large files by path, not through the protocol). */
function fileOf(name: string, size: number) {
  const bytes = randomBytes(size);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

async function openUploader(page: Page, query = "") {
  await page.goto(`/_dev/uploads${query}`);
  // Hydrated: the rich uploader replaced the no-JS form.
  await expect(page.getByRole("button", { name: "Choose files" })).toBeVisible();
}

async function chooseFiles(page: Page, paths: string[]) {
  await page.locator('input[type="file"]').setInputFiles(paths);
}

function uploadRow(page: Page, name: string) {
  return page.getByTestId("upload-item").filter({ hasText: name });
}

async function progressLog(page: Page, name: string) {
  return page.evaluate((n) => (window.__uploadLog ?? []).filter((e) => e.name === n), name);
}

test("Uppy completes a 120 MB multipart upload in parallel parts, with progress, and the bytes match", async ({ page }) => {
  test.setTimeout(180_000);
  const { path, bytes } = fileOf("feature.mp4", 120 * MiB);
  const parts: string[] = [];
  const signs: number[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/v1/s3/multipart/part") parts.push(url.searchParams.get("partNumber")!);
    if (url.pathname === "/api/v1/s3/multipart/batch-sign-part-urls") signs.push((request.postDataJSON() as { partNumbers: number[] }).partNumbers.length);
  });
  await openUploader(page, "?strategy=multipart");
  await chooseFiles(page, [path]);
  await expect(uploadRow(page, "feature.mp4").getByTestId("upload-status")).toHaveText("Uploaded", { timeout: 150_000 });

  const log = await progressLog(page, "feature.mp4");
  const percentages = log.filter((e) => e.status === "inProgress").map((e) => e.percentage);
  expect(new Set(percentages.filter((p) => p > 0 && p < 100)).size).toBeGreaterThanOrEqual(3);
  expect(percentages).toEqual([...percentages].sort((a, b) => a - b));
  expect(parts.sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
  expect(Math.max(...signs)).toBeLessThanOrEqual(10);

  const link = page.getByTestId("uploaded-entries").getByRole("link", { name: "feature.mp4" });
  const response = await page.request.get((await link.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(sha256(await response.body())).toBe(sha256(bytes));
});

test("Uppy completes a tus upload in chunks, PATCH sent as POST with the override header, with progress", async ({ page }) => {
  test.setTimeout(90_000);
  const { path, bytes } = fileOf("trailer.webm", 12 * MiB + 123);
  const overrides: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/tus/upload/") && request.method() === "POST") {
      overrides.push(request.headers()["x-http-method-override"] ?? "");
    }
  });
  await openUploader(page); // 12 MB with chunking on: tus by default
  await chooseFiles(page, [path]);
  await expect(uploadRow(page, "trailer.webm").getByTestId("upload-status")).toHaveText("Uploaded", { timeout: 60_000 });
  expect(overrides.length).toBe(3); // three 5 MiB chunks
  expect(new Set(overrides)).toEqual(new Set(["PATCH"]));
  const percentages = (await progressLog(page, "trailer.webm")).filter((e) => e.status === "inProgress").map((e) => e.percentage);
  expect(new Set(percentages.filter((p) => p > 0 && p < 100)).size).toBeGreaterThanOrEqual(2);

  const href = await page.getByTestId("uploaded-entries").getByRole("link", { name: "trailer.webm" }).getAttribute("href");
  expect(sha256(await (await page.request.get(href!)).body())).toBe(sha256(bytes));
});

test("small files go in one request, several at once; presigned direct uploads work too", async ({ page }) => {
  const a = fileOf("a.txt", 1000);
  const b = fileOf("b.pdf", 2000);
  await openUploader(page);
  await chooseFiles(page, [a.path, b.path]);
  await expect(uploadRow(page, "a.txt").getByTestId("upload-status")).toHaveText("Uploaded");
  await expect(uploadRow(page, "b.pdf").getByTestId("upload-status")).toHaveText("Uploaded");

  const c = fileOf("c.png", 3 * MiB);
  await openUploader(page, "?strategy=presigned");
  await chooseFiles(page, [c.path]);
  await expect(uploadRow(page, "c.png").getByTestId("upload-status")).toHaveText("Uploaded");
  await page.getByRole("button", { name: "Clear inactive" }).click();
  await expect(page.getByTestId("upload-item")).toHaveCount(0);
});

test("refuses a blocked type in the browser before sending anything", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/v1\/(file-entries|tus|s3)\//.test(`${new URL(request.url()).pathname}/`)) requests.push(request.url());
  });
  const { path } = fileOf("x.jpg.html", 100);
  await openUploader(page);
  await chooseFiles(page, [path]);
  await expect(uploadRow(page, "x.jpg.html").getByRole("alert")).toHaveText(/This file type is not allowed/);
  expect(requests).toEqual([]);
});

test("cancelling an upload shows no error and discards it on the server", async ({ page }) => {
  test.setTimeout(90_000);
  const { path } = fileOf("cancel-me.bin", 120 * MiB);
  // Slow the parts down so there is time to cancel.
  await page.route("**/api/v1/s3/multipart/part**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await openUploader(page, "?strategy=multipart");
  await chooseFiles(page, [path]);
  const row = uploadRow(page, "cancel-me.bin");
  await expect(row).toHaveAttribute("data-status", "inProgress");
  await expect.poll(() => queryE2e("SELECT id FROM upload_sessions WHERE owner_id = ?", [user.userId]).then((r) => r.length)).toBe(1);
  await row.getByRole("button", { name: /Cancel upload/ }).click();
  await expect(row.getByTestId("upload-status")).toHaveText("Upload cancelled");
  await expect(row.getByRole("alert")).toHaveCount(0);
  await expect.poll(() => queryE2e("SELECT id FROM upload_sessions WHERE owner_id = ?", [user.userId]).then((r) => r.length), { timeout: 15_000 }).toBe(0);
});

test("an upload without progress for 30 seconds fails with 'Upload timed out'", async ({ page }) => {
  await page.clock.install();
  // Parts never get an answer.
  await page.route("**/api/v1/s3/multipart/part**", () => {});
  const { path } = fileOf("stuck.bin", 6 * MiB);
  await openUploader(page, "?strategy=multipart");
  await chooseFiles(page, [path]);
  const row = uploadRow(page, "stuck.bin");
  await expect(row).toHaveAttribute("data-status", "inProgress");
  await page.clock.fastForward(31_000);
  await expect(row.getByTestId("upload-status")).toHaveText("Upload timed out");
  await expect(row).toHaveAttribute("data-status", "failed");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the uploader falls back to a plain form that stores the file", async ({ page }) => {
    const { path } = fileOf("plain.txt", 500);
    await page.goto("/_dev/uploads");
    await page.getByLabel("Upload files").setInputFiles(path);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page).toHaveURL(/\/_dev\/uploads$/);
    await expect(page.getByText("Uploaded plain.txt")).toBeVisible();
    expect(await queryE2e("SELECT name FROM file_entries WHERE owner_id = ?", [user.userId])).toEqual([{ name: "plain.txt" }]);
  });
});
