import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { flushServerCaches } from "./fixtures/e2e-db";
import { createAdmin, signIn } from "./admin/fixtures";
import { fakeTmdbPort } from "./tmdb/worker-vars";

/**
 * TMDB unreachable (decision 042), with TMDB replaced at the HTTP boundary:
 * on the port the e2e Worker's TMDB_API_URL points at, a local server that
 * accepts connections and never answers, or nothing at all (refused). The
 * admin's search fails within the connect timeout and says why, the next
 * attempt answers at once, and a bulk job ends as failed with its reason
 * and no progress bar. Serial, and in its own project after the others
 * (playwright.config.ts): the port is the one tmdb-import.spec.ts's fake
 * TMDB server listens on.
 */
test.describe.configure({ mode: "serial" });

const port = fakeTmdbPort(Number(process.env.E2E_PORT ?? 8788));
let hanging: Server | null = null;
const sockets = new Set<Socket>();

async function startHanging() {
  hanging = createServer(() => {
    // Never answers.
  });
  hanging.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    hanging!.once("error", reject);
    hanging!.listen(port, "127.0.0.1", () => resolve());
  });
}

async function stopHanging() {
  for (const socket of sockets) socket.destroy();
  if (hanging) await new Promise<void>((resolve) => hanging!.close(() => resolve()));
  hanging = null;
}

test.afterEach(async ({ request }) => {
  await stopHanging();
  // The Worker remembers the outage for a while; later tests start from a TMDB it has not given up on.
  await flushServerCaches(request);
});

test("a TMDB that never answers: the search fails within the connect timeout with a clear message, and the next one answers at once", async ({ page, context, baseURL, request }) => {
  await flushServerCaches(request);
  await startHanging();
  const admin = await createAdmin("tmdb-hang");
  await signIn(context, baseURL, admin);
  await page.goto("/admin/tmdb");
  const search = page.getByTestId("tmdb-search-form");
  await search.getByLabel("Name").fill("Lantern");
  let started = Date.now();
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("tmdb-search-error")).toContainText("TMDB could not be reached (no answer within 3 s)", { timeout: 15_000 });
  const first = Date.now() - started;
  expect(first).toBeLessThan(6000);
  await expect(page.getByTestId("tmdb-unreachable")).toContainText("TMDB cannot be reached right now");

  started = Date.now();
  await page.getByTestId("tmdb-search-form").getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("tmdb-search-error")).toContainText(/asked again in \d+ s/);
  expect(Date.now() - started).toBeLessThan(2000);
});

test("a refused TMDB: a bulk import ends as failed with the reason, the pages not imported, and no progress bar", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("tmdb-refused");
  await signIn(context, baseURL, admin);
  await page.goto("/admin/tmdb");
  const form = page.getByTestId("tmdb-discover-form");
  await form.getByLabel(/^Pages/).fill("1");
  await form.getByRole("button", { name: "Start bulk import" }).click();
  const job = page.getByTestId("tmdb-jobs").locator("li").first();
  await expect(job.getByTestId("job-status")).toHaveText("Failed", { timeout: 30_000 });
  await expect(job.getByTestId("job-failure")).toContainText("1 page not imported");
  await expect(job.getByTestId("job-error")).toContainText("TMDB could not be reached");
  await expect(job.getByRole("progressbar")).toHaveCount(0);
  await expect(job.getByRole("button", { name: "Cancel" })).toHaveCount(0);
});
