/**
 * npm test: the whole suite, stopping at the first failing stage.
 *   0. lint: format, linter, unused code, layers and folder cycles (scripts/lint.ts, decision 044)
 *   1. type check (wrangler types, react-router typegen, tsc)
 *   2. the OpenAPI document linted by Spectral and Redocly (scripts/lint-openapi.ts)
 *   3. unit tests in Node and data tests inside workerd (vitest)
 *   4. end-to-end tests in Debian's Chromium against the built Worker (Playwright)
 */
import { existsSync } from "node:fs";
import { bin, quietEnv, run } from "./lib/run";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install it with "sudo apt-get install -y chromium fonts-liberation" (or set CHROMIUM_PATH).`);
  process.exit(1);
}

const stages: [string, string, string[]][] = [
  ["Lint", "npm", ["run", "--silent", "lint"]],
  ["Type check", "npm", ["run", "--silent", "typecheck"]],
  // The generated OpenAPI document: Spectral (spectral:oas) and Redocly (recommended), 0 errors and 0 warnings (decision 036).
  ["OpenAPI lint", bin("tsx"), ["scripts/lint-openapi.ts"]],
  ["Unit and workerd tests", bin("vitest"), ["run"]],
  ["End-to-end tests", bin("playwright"), ["test"]],
];

for (const [name, command, args] of stages) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await run(command, args, { env: quietEnv });
  } catch {
    console.error(`\n✗ ${name} failed.`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
