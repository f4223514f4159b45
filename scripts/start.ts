/**
 * npm start: build, migrate and seed the local database, then serve the
 * built Worker on http://localhost:8787 with local D1 and R2 (.wrangler/state).
 * No Cloudflare account and no network needed.
 */
import { DEMO_ACCOUNTS } from "./seed/demo-accounts";
import { buildApp, migrateAndSeed, serveBuiltWorker } from "./lib/local-server";

const persistTo = ".wrangler/state";
const port = Number(process.env.PORT ?? 8787);

await buildApp();
await migrateAndSeed({ persistTo });
// Mailed links use the address served here, never the Host header of a request (decision 021).
const worker = await serveBuiltWorker({ persistTo, port, vars: { APP_URL: process.env.APP_URL ?? `http://localhost:${port}` } });

const lines = [
  "",
  `  The site is running at ${worker.url}`,
  "",
  ...(DEMO_ACCOUNTS.length
    ? ["  Demo accounts:", ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(6)} ${a.email}  /  ${a.password}`), ""]
    : []),
  `  Local mailbox: ${worker.url}/dev/mailbox`,
  "  Press Ctrl+C to stop.",
  "",
];
console.log(lines.join("\n"));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await worker.stop();
    process.exit(0);
  });
}
