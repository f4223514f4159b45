import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { copyFileSync, existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fingerprintOf, stampMatches } from "./build-fingerprint";
import { ensureDevVars } from "./dev-vars";
import { openLocalD1 } from "./local-d1";
import { bin, quietEnv, run } from "./run";
import { seedAll } from "../seed/index";

export interface LocalOptions {
  /** Where local D1 and R2 live (wrangler --persist-to). */
  persistTo: string;
  log?: (line: string) => void;
}

/** Builds the Worker and client assets into build/ (its output to `output`, the terminal by default). */
export async function buildApp({ output = "inherit" }: { output?: StdioTarget } = {}) {
  // The Cloudflare Vite plugin copies .dev.vars (APP_KEY, APP_ENV) next to the
  // built Worker's config, so it must exist before the build on a fresh clone.
  ensureDevVars();
  await run(bin("react-router"), ["build"], { env: quietEnv, stdio: stdioOf(output) });
}

/** Where a child's output goes: the terminal, or a file descriptor opened for appending. */
export type StdioTarget = "inherit" | number;

function stdioOf(output: StdioTarget): StdioOptions {
  return output === "inherit" ? "inherit" : ["ignore", output, output];
}

/** Applies the D1 migrations to the local database, then seeds what is missing. */
export async function migrateAndSeed({ persistTo, log = console.log, output = "inherit" }: LocalOptions & { output?: StdioTarget }) {
  ensureDevVars();
  // wrangler takes seconds to find that nothing is new: ask it only when migrations/ changed since it last applied them here.
  const migrations = fingerprintOf(["migrations"]);
  const stamp = join(persistTo, ".migrations-applied");
  if (!existsSync(join(persistTo, "v3", "d1")) || !stampMatches(stamp, migrations)) {
    await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
      // CI=true: wrangler asks nothing (it would otherwise ask before applying).
      env: { ...quietEnv, CI: "true" },
      stdio: stdioOf(output),
    });
    writeFileSync(stamp, migrations);
  }
  const { db, client } = openLocalD1(persistTo);
  try {
    await seedAll(db, { log, persistTo });
  } finally {
    client.close();
  }
}

export interface RunningWorker {
  url: string;
  /** The wrangler process, when the Worker runs in a child process. */
  process: ChildProcess | null;
  stop: () => Promise<void>;
}

/**
 * Serves the built Worker with wrangler (workerd) on localhost, with local
 * D1 and R2 under `persistTo`. Resolves once it answers HTTP.
 */
export async function serveBuiltWorker({
  persistTo,
  port,
  vars = {},
  stdio = "inherit",
  localTraces = true,
}: LocalOptions & {
  port: number;
  vars?: Record<string, string>;
  stdio?: "inherit" | "ignore" | "pipe";
  /**
   * wrangler's local observability (on by default): every invocation is
   * traced and streamed to a collector Worker that stores it in SQLite in
   * the same workerd process, whatever LOG_LEVEL says. Benchmarks and the
   * end-to-end server turn it off: production has no such collector, and
   * it costs a Worker request several ms of CPU here (decision 018).
   */
  localTraces?: boolean;
}): Promise<RunningWorker> {
  const config = `${process.env.BUILD_DIR ?? "build"}/server/wrangler.json`;
  if (!existsSync(config)) throw new Error(`${config} is missing: build the app first (npm run build).`);
  // wrangler reads the local secrets beside the config it serves; keep that copy current.
  ensureDevVars();
  copyFileSync(".dev.vars", join(dirname(config), ".dev.vars"));
  const args = ["dev", "--config", config, "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistTo, "--env-file", ".dev.vars"];
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  const env = { ...quietEnv, X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? String(localTraces) };
  const child = spawn(bin("wrangler"), args, { stdio, env, detached: process.platform !== "win32" });
  const url = `http://localhost:${port}`;
  await waitForHttp(url, child);
  return {
    url,
    process: child,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          child.kill("SIGTERM");
        }
      }),
  };
}

/**
 * Serves the built Worker in this process through wrangler's `startWorker`
 * API and answers with the URL of the Worker's own workerd socket, not the
 * address of wrangler's dev proxy. The proxy is a second workerd (plus Node
 * glue) that `wrangler dev` puts in front of the Worker for live reload and
 * inspector forwarding; production has nothing like it, and on a 2-core
 * machine it takes CPU from the Worker on every request (decision 018).
 * The benchmark measures the Worker; `directUrl` is null when this wrangler
 * no longer exposes the runtime, and the bench then falls back to the proxy.
 */
export async function serveBuiltWorkerDirect({
  persistTo,
  port,
  vars = {},
}: LocalOptions & { port: number; vars?: Record<string, string> }): Promise<RunningWorker & { proxyUrl: string; direct: boolean }> {
  const config = `${process.env.BUILD_DIR ?? "build"}/server/wrangler.json`;
  if (!existsSync(config)) throw new Error(`${config} is missing: build the app first (npm run build).`);
  ensureDevVars();
  copyFileSync(".dev.vars", join(dirname(config), ".dev.vars"));
  // wrangler's local trace collector is off, as for serveBuiltWorker({ localTraces: false }).
  process.env.X_LOCAL_OBSERVABILITY = "false";
  const { unstable_startWorker } = await import("wrangler");
  const bindings = Object.fromEntries(Object.entries(vars).map(([key, value]) => [key, { type: "plain_text", value }]));
  const worker = await unstable_startWorker({
    config,
    dev: { server: { hostname: "127.0.0.1", port }, persist: persistTo, watch: false, logLevel: "warn" },
    bindings,
  } as Parameters<typeof unstable_startWorker>[0]);
  await worker.ready;
  const proxyUrl = (await worker.url).origin;
  const directUrl = await workerSocketOf(worker.raw.runtimes as unknown as { mf?: { ready: Promise<URL> } }[]);
  const url = directUrl ?? proxyUrl;
  await waitForHttp(url, null);
  return { url, proxyUrl, direct: directUrl !== null, process: null, stop: () => worker.dispose() };
}

/** The URL of the local runtime's own socket: the runtime that has a Miniflare (the others are remote or idle). */
async function workerSocketOf(runtimes: { mf?: { ready: Promise<URL> } }[], timeoutMs = 15_000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const local = runtimes.find((runtime) => runtime.mf);
    if (local?.mf) return (await local.mf.ready).origin;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

async function waitForHttp(url: string, child: ChildProcess | null, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`wrangler exited with code ${child.exitCode} before serving ${url}`);
    try {
      const response = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
