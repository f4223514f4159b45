import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8788);
export const E2E_BASE_URL = `http://localhost:${PORT}`;

/**
 * End-to-end tests drive Debian's Chromium against the built Worker, served
 * by wrangler on its own port with its own fresh local D1/R2
 * (.wrangler/e2e-state), so `npm start` can keep running beside it.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two test workers on the 2-core CI machine: with workerd and Chromium
  // sharing the cores, a third only makes every test slower (locally
  // Playwright's default, half the cores).
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 2 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Whole flows (register, verify, pay, sign out and in again) take 10-20 s on
  // a busy 2-core machine; the budget is for the slowest honest run, not the
  // typical one (a passing test never waits for it).
  timeout: 60_000,
  // Server round trips (a form post, a checkout being created) under load.
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    // The JavaScript budget counts pages as seeded (the landing page's plans,
    // trending titles, menus): it runs first, before other specs add plans or
    // change settings on the shared server (`--no-deps` skips it when running
    // one spec by hand). The visual snapshots compare the seeded first screens for the same reason.
    { name: "as-seeded", testMatch: /(public-page-javascript|visual)\.spec\.ts$/, use: { ...devices["Desktop Chrome"] } },
    // The bad-input suite compares every table before and after: it runs alone, between the two (decision 021).
    { name: "bad-input", testMatch: /write-routes-bad-input\.spec\.ts$/, dependencies: ["as-seeded"] },
    {
      name: "chromium",
      testIgnore: [/public-page-javascript\.spec\.ts$/, /visual\.spec\.ts$/, /write-routes-bad-input\.spec\.ts$/, /tmdb-unreachable\.spec\.ts$/],
      dependencies: ["bad-input"],
      use: { ...devices["Desktop Chrome"] },
    },
    // A TMDB that hangs or refuses listens on the fake TMDB server's port, which tmdb-import.spec.ts holds
    // while it runs: after everything else.
    { name: "tmdb-outage", testMatch: /tmdb-unreachable\.spec\.ts$/, dependencies: ["chromium"], use: { ...devices["Desktop Chrome"] } },
  ],
  webServer: {
    command: `tsx scripts/e2e-server.ts --port ${PORT}`,
    url: `${E2E_BASE_URL}/robots.txt`,
    reuseExistingServer: !process.env.CI,
    // Build, migrate and seed a fresh state before the first test (about 90 s on a busy machine).
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    // Without this Playwright SIGKILLs the server script, its detached wrangler
    // lives on holding the stderr pipe, and the run never ends. SIGTERM lets
    // scripts/e2e-server.ts stop wrangler first.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
