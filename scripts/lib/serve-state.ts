/**
 * Serves the built Worker on one persisted state in its own process (for
 * scripts/bench/scale.ts, which serves several states at once: wrangler's
 * startWorker does not start a second Worker in the same process). Prints
 * "READY <url of the Worker's own socket>" and serves until it is stopped.
 *
 *   tsx scripts/lib/serve-state.ts <persist-to> <port>
 */
import { serveBuiltWorkerDirect } from "./local-server";

const [persistTo, port] = process.argv.slice(2);
if (!persistTo || !(Number(port) > 0)) {
  console.error("usage: tsx scripts/lib/serve-state.ts <persist-to> <port>");
  process.exit(2);
}
const worker = await serveBuiltWorkerDirect({ persistTo, port: Number(port), vars: { LOG_LEVEL: "warn", ...JSON.parse(process.env.SERVE_STATE_VARS || "{}") } });
console.log(`READY ${worker.url}`);
const stop = async () => {
  await worker.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
