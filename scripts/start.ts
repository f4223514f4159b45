/**
 * npm start: build, migrate and seed the local database, then serve the
 * built Worker on http://localhost:8787 (or $PORT) with local D1 and R2
 * (.wrangler/state). No Cloudflare account and no network needed.
 *
 * The terminal gets a few lines and then one line per request; the build's,
 * the migrations' and wrangler's whole output goes to .wrangler/start.log.
 * A build made from the same inputs is served again without building.
 */
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { createInterface } from "node:readline";
import { DEMO_ACCOUNTS } from "./seed/demo-accounts";
import { buildIsCurrent, recordBuildInputs } from "./lib/build-fingerprint";
import { buildApp, migrateAndSeed, serveBuiltWorker } from "./lib/local-server";
import { terminalLine } from "./lib/start-output";

const persistTo = ".wrangler/state";
const port = Number(process.env.PORT ?? 8787);
const logPath = ".wrangler/start.log";
const started = Date.now();

mkdirSync(".wrangler", { recursive: true });
const logFd = openSync(logPath, "w");
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function step(label: string, work: () => Promise<void>) {
  const stepStarted = Date.now();
  process.stdout.write(`  ${label}…`);
  try {
    await work();
  } catch (error) {
    process.stdout.write(" failed.\n");
    console.error(`\n${(error as Error).message}\nThe whole output is in ${logPath}.`);
    process.exit(1);
  }
  process.stdout.write(` done (${seconds(stepStarted)})\n`);
}

console.log(`Starting Reelbase (build, migration and server output: ${logPath})`);
if (buildIsCurrent()) {
  console.log("  Build: up to date, not rebuilt.");
} else {
  await step("Building the app", async () => {
    await buildApp({ output: logFd });
    recordBuildInputs();
  });
}
await step("Migrating and seeding the local database", () => migrateAndSeed({ persistTo, output: logFd, log: (line) => writeSync(logFd, `${line}\n`) }));

let worker: Awaited<ReturnType<typeof serveBuiltWorker>> | undefined;
await step("Starting the Worker", async () => {
  // Mailed links use the address served here, never the Host header of a request (decision 021).
  worker = await serveBuiltWorker({ persistTo, port, stdio: "pipe", vars: { APP_URL: process.env.APP_URL ?? `http://localhost:${port}` } });
});
const running = worker!;

// The readiness probe's requests came before the banner, though their log lines may arrive after it:
// the terminal shows the requests made after the banner.
let bannerAt = Number.POSITIVE_INFINITY;
const beforeBanner = (line: string) => {
  if (!line.includes('"msg":"request"')) return false;
  const time = Date.parse(/"time":"([^"]+)"/.exec(line)?.[1] ?? "");
  return !(time >= bannerAt);
};
for (const stream of [running.process?.stdout, running.process?.stderr]) {
  if (!stream) continue;
  createInterface({ input: stream }).on("line", (line) => {
    writeSync(logFd, `${line}\n`);
    const shown = beforeBanner(line) ? null : terminalLine(line);
    if (shown) console.log(shown);
  });
}

const lines = [
  "",
  `  The site is running at ${running.url}`,
  "",
  ...(DEMO_ACCOUNTS.length ? ["  Demo accounts:", ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(6)} ${a.email}  /  ${a.password}`), ""] : []),
  `  Local mailbox: ${running.url}/dev/mailbox`,
  `  Ready in ${seconds(started)}. Press Ctrl+C to stop.`,
  "",
];
bannerAt = Date.now();
console.log(lines.join("\n"));

running.process?.on("exit", (code) => {
  console.error(`The Worker stopped (exit ${code}); see ${logPath}.`);
  process.exit(code ?? 1);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    running.process?.removeAllListeners("exit");
    await running.stop();
    closeSync(logFd);
    process.exit(0);
  });
}
