/**
 * The server the end-to-end tests run against: the built Worker (built once
 * unless E2E_SKIP_BUILD=1), on a fresh local D1/R2 under .wrangler/e2e-state,
 * migrated and seeded exactly as `npm start` does.
 */
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildApp, migrateAndSeed, serveBuiltWorker } from "./lib/local-server";
import { accountWorkerVars } from "../tests/e2e/account/worker-vars";
import { authWorkerVars } from "../tests/e2e/auth/worker-vars";
import { tmdbWorkerVars } from "../tests/e2e/tmdb/worker-vars";

const { values } = parseArgs({ options: { port: { type: "string", default: "8788" } } });
const persistTo = process.env.E2E_STATE ?? ".wrangler/e2e-state";

if (process.env.E2E_SKIP_BUILD !== "1") await buildApp();
rmSync(persistTo, { recursive: true, force: true });
await migrateAndSeed({ persistTo, log: () => {} });
const worker = await serveBuiltWorker({
  persistTo,
  port: Number(values.port),
  vars: { LOG_LEVEL: "warn", E2E: "1", ...authWorkerVars(Number(values.port)), ...accountWorkerVars(Number(values.port)), ...tmdbWorkerVars(Number(values.port)) },
  localTraces: false,
});
console.log(`e2e server on ${worker.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await worker.stop();
    process.exit(0);
  });
}
