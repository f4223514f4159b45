import { cpSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { localD1File } from "../../scripts/lib/local-d1";
import { serveBuiltWorker, type RunningWorker } from "../../scripts/lib/local-server";
import { createApiClient, type ApiClient } from "./fixtures/api-client";
import { E2E_STATE } from "./fixtures/e2e-db";
import { signInContext } from "./fixtures/signed-in-user";

/**
 * The debug error viewer (spec sections 2, 3 and 8): on a local Worker a
 * failed page load or API call opens the full-screen "An error occured"
 * dialog with the stack mapped to our sources, vendor frames grouped, the code
 * around the failing line and, for admins, "Download log". A production
 * Worker never shows it: the generic page and the request id only.
 */

async function waitForHydration(page: Page) {
  await expect(page.getByTestId("hydrated")).toBeAttached();
}

test.describe("local development", () => {
  test("a failed page load shows the dialog: frames, vendor toggle, code, no download for non-admins", async ({ page }) => {
    const response = await page.goto("/_dev/error?throw=1");
    expect(response?.status()).toBe(500);
    const dialog = page.getByTestId("error-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "An error occured" })).toBeVisible();
    await expect(page.getByTestId("error-exception")).toHaveText("ForcedError");
    await expect(page.getByTestId("error-message")).toHaveText("Forced error for the debug error viewer (page loader)");
    // The trace endpoint's request_id (decision 036), the failed response's X-Request-Id.
    await expect(dialog).toContainText(`Request id: ${response!.headers()["x-request-id"]}`);

    // Our frames first, mapped to the source files; the failing line highlighted in the code pane.
    const frames = page.getByTestId("error-frame");
    await expect(frames.first()).toContainText("loadSomethingThatBreaks");
    await expect(frames.first()).toContainText("app/observability/forced-error.server.ts:28");
    await expect(page.locator("[data-failing=true]")).toContainText("throw new ForcedError(where);");

    // Library frames are grouped and collapsed: ":count vendor frames".
    const group = page.getByTestId("vendor-group").first();
    await expect(group).toContainText(/\d+ vendor frames?/);
    const appFrameCount = await frames.count();
    await group.getByRole("button", { name: "Expand vendor frames" }).click();
    await expect(group.getByRole("button", { name: "Collapse vendor frames" })).toBeVisible();
    await expect.poll(() => frames.count()).toBeGreaterThan(appFrameCount);
    const vendorFrame = group.getByTestId("error-frame").first();
    await expect(vendorFrame).toContainText("node_modules/");
    await vendorFrame.click();
    await expect(page.getByTestId("error-code")).toContainText("node_modules/");
    await group.getByRole("button", { name: "Collapse vendor frames" }).click();
    await expect(frames).toHaveCount(appFrameCount);

    // "Download log" is for admins only.
    await expect(page.getByTestId("download-log")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("load-error")).toBeVisible();
  });

  test("a failed API call opens the dialog instead of a toast; an admin downloads the log", async ({ page, context, baseURL }) => {
    const admin = await createApiClient({ role: "admin" });
    await signInContext(context, baseURL!, admin);
    await page.goto("/_dev/error");
    await waitForHydration(page);
    await page.getByTestId("fail-api-call").click();
    const dialog = page.getByTestId("error-dialog");
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("error-message")).toHaveText("Forced error for the debug error viewer (API call)");
    await expect(page.getByTestId("error-frame").first()).toContainText("app/observability/forced-error.server.ts");

    const downloadPromise = page.waitForEvent("download");
    await page.getByTestId("download-log").click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^errors-.*\.log$/);
    const log = await readFile((await download.path())!, "utf8");
    expect(log).toContain("ForcedError: Forced error for the debug error viewer (API call)");
    expect(log).toContain("at loadSomethingThatBreaks (app/observability/forced-error.server.ts:28");
  });

  test("a failed client-side navigation shows the dialog too", async ({ page }) => {
    await page.goto("/_dev/error");
    await waitForHydration(page);
    const failed = page.waitForResponse((r) => r.url().includes("/_dev/error.data"));
    await page.getByTestId("fail-navigation").click();
    expect((await failed).status()).toBe(500);
    await expect(page.getByTestId("error-dialog")).toBeVisible();
    await expect(page.getByTestId("error-message")).toHaveText("Forced error for the debug error viewer (page loader)");
  });
});

/**
 * A snapshot of the e2e database for the production Worker, with
 * debug.admin_traces on: two workerd processes must not write one SQLite
 * file, and a production Worker has no test routes to change settings with.
 */
async function productionState(): Promise<string> {
  const target = `${E2E_STATE}-production`;
  rmSync(target, { recursive: true, force: true });
  cpSync(E2E_STATE, target, { recursive: true });
  const database = localD1File(target);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
  // WAL mode: reading a consistent copy does not block the running Worker's writes.
  const source = createClient({ url: `file:${localD1File(E2E_STATE)}` });
  try {
    await source.execute(`VACUUM INTO '${database.replace(/'/g, "''")}'`);
  } finally {
    source.close();
  }
  const copy = createClient({ url: `file:${database}` });
  try {
    await copy.execute({
      sql: "INSERT INTO settings (key, value, updated_at) VALUES ('debug.admin_traces', 'true', unixepoch()) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      args: [],
    });
  } finally {
    copy.close();
  }
  return target;
}

test.describe("production build", () => {
  // One production Worker for these tests, on a port of its own: never split across test workers.
  test.describe.configure({ mode: "serial" });
  let worker: RunningWorker;
  let admin: ApiClient;
  const port = Number(process.env.E2E_PORT ?? 8788) + 2000;

  test.beforeAll(async () => {
    // The same build on a snapshot of the database, served as production
    // (APP_ENV=production; E2E=1 keeps /_dev/error reachable), admin traces on.
    admin = await createApiClient({ role: "admin" });
    const persistTo = await productionState();
    worker = await serveBuiltWorker({ persistTo, port, vars: { APP_ENV: "production", E2E: "1", LOG_LEVEL: "error" }, stdio: "ignore" });
  });
  test.afterAll(async () => {
    await worker?.stop();
    rmSync(`${E2E_STATE}-production`, { recursive: true, force: true });
  });

  test("no dialog and no trace for others: the generic page with the request id", async ({ page }) => {
    const response = await page.goto(`${worker.url}/_dev/error?throw=1`);
    expect(response?.status()).toBe(500);
    const requestId = response!.headers()["x-request-id"];
    expect(response!.headers()["set-cookie"] ?? "").not.toContain("debug-error");
    await expect(page.getByTestId("load-error")).toBeVisible();
    await expect(page.getByTestId("load-error")).toContainText(requestId);
    await expect(page.getByText("There was an issue loading this page")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("error-dialog")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText("ForcedError");

    const api = await fetch(`${worker.url}/_dev/error.json`);
    expect(api.status).toBe(500);
    const body = (await api.json()) as Record<string, unknown>;
    // request_id, snake_case like the rest of api/v1 (decision 036); requestId, the older name, for one release more.
    expect(body).toEqual({ message: "There was an issue. Please try again.", request_id: api.headers.get("X-Request-Id"), requestId: api.headers.get("X-Request-Id") });

    // The trace endpoint refuses them in production.
    const trace = await fetch(`${worker.url}/api/v1/logs/error/trace/${requestId}`);
    expect(trace.status).toBe(403);
  });

  test("an admin sees the dialog while debug.admin_traces is on", async ({ browser }) => {
    const context = await browser.newContext();
    await signInContext(context, worker.url, admin);
    const page = await context.newPage();
    try {
      await page.goto(`${worker.url}/_dev/error?throw=1`);
      await expect(page.getByTestId("error-dialog")).toBeVisible();
      await expect(page.getByTestId("error-frame").first()).toContainText("app/observability/forced-error.server.ts");
      await expect(page.getByTestId("download-log")).toBeVisible();
      const api = await page.request.get(`${worker.url}/_dev/error.json`);
      expect(((await api.json()) as { ignitionTrace?: boolean }).ignitionTrace).toBe(true);
    } finally {
      await context.close();
    }
  });
});
