import { spawn } from "node:child_process";
import { bin } from "./run";

export interface ServedState {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The built Worker on `dir` in a child process (scripts/lib/serve-state.ts;
 * wrangler's startWorker does not start a second Worker in one process), on
 * its own workerd socket like the rest of the bench. `buildDir`: another
 * build than build/ (the render floor's app, scripts/bench/render-floor.ts);
 * `vars`: Worker variables beside LOG_LEVEL=warn (an A/B of a setting, scripts/bench/render-ratio.ts).
 */
export function serveStateInChild(
  dir: string,
  port: number,
  { buildDir, timeoutMs = 240_000, vars = {} }: { buildDir?: string; timeoutMs?: number; vars?: Record<string, string> } = {},
): Promise<ServedState> {
  const env = { ...process.env, ...(buildDir ? { BUILD_DIR: buildDir } : {}), SERVE_STATE_VARS: JSON.stringify(vars) };
  const child = spawn(bin("tsx"), ["scripts/lib/serve-state.ts", dir, String(port)], { stdio: ["ignore", "pipe", "pipe"], detached: true, env });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", () => done());
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        child.kill("SIGTERM");
      }
    });
  return new Promise((done, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${dir}: the Worker did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        done({ url: ready[1], stop });
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${dir}: the Worker exited (${code}) before it served: ${output.slice(-500)}`));
    });
  });
}
