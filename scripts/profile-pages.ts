/**
 * A V8 CPU profile of the Worker isolate while it answers pages, through
 * workerd's inspector (decisions 018 and 026 measured this way by hand).
 *
 *   npx wrangler dev --config build/server/wrangler.json --port 8841 --inspector-port 8842 \
 *     --persist-to .wrangler/bench-state --env-file .dev.vars
 *   npx tsx scripts/profile-pages.ts --base http://127.0.0.1:8841 --inspector 8842 \
 *     --paths /titles/1/a,/titles/2/b [--cookie "session=…"] [--count 150] [--top 40]
 *
 * Each path is asked for `count` times in turn, one request at a time, with a
 * run-unique query parameter (so no page cache answers). Prints the functions
 * by inclusive and by self time in the isolate (ms over the run and per request).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import WebSocket from "ws";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:8841" },
    inspector: { type: "string", default: "8842" },
    paths: { type: "string" },
    cookie: { type: "string" },
    count: { type: "string", default: "150" },
    top: { type: "string", default: "40" },
    interval: { type: "string", default: "100" },
    /** Also write the raw profile here (for scripts/profile-breakdown.ts, decision 045). */
    out: { type: "string" },
  },
});
if (!values.paths) throw new Error("--paths a,b,c");
const paths = values.paths.split(",");
const count = Number(values.count);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const targets = (await (await fetch(`http://127.0.0.1:${values.inspector}/json`)).json()) as { webSocketDebuggerUrl: string }[];
// The `ws` package: Node's own WebSocket is refused by wrangler's inspector proxy.
const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  ws.once("open", resolve);
  ws.once("error", reject);
});
let nextId = 1;
const pending = new Map<number, (value: unknown) => void>();
ws.on("message", (data) => {
  const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
  if (message.id !== undefined) pending.get(message.id)?.(message.result);
});
function send(method: string, params: Record<string, unknown> = {}) {
  const id = nextId++;
  ws.send(JSON.stringify({ id, method, params }));
  return new Promise<unknown>((resolve) => pending.set(id, resolve));
}

const headers: Record<string, string> = values.cookie ? { Cookie: values.cookie } : {};
const run = Date.now().toString(36);
// Warm up.
for (const path of paths) await (await fetch(`${values.base}${path}${path.includes("?") ? "&" : "?"}w=${run}`, { headers })).arrayBuffer();

await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: Number(values.interval) });
await send("Profiler.start");
let requests = 0;
for (let i = 0; i < count; i++) {
  for (const path of paths) {
    const response = await fetch(`${values.base}${path}${path.includes("?") ? "&" : "?"}p=${run}-${i}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) console.error(`${path}: ${response.status}`);
    requests++;
  }
}
const { profile } = (await send("Profiler.stop")) as { profile: Profile };
ws.close();
if (values.out) writeFileSync(values.out, JSON.stringify({ ...profile, requests }));

// Self time per node, then inclusive time per function (counted once per stack).
const self = new Map<number, number>();
profile.samples.forEach((nodeId, i) => self.set(nodeId, (self.get(nodeId) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (n: Node) => `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber + 1}`;
const inclusive = new Map<string, number>();
const selfByLabel = new Map<string, number>();
let busy = 0;
for (const [nodeId, ms] of self) {
  const node = byId.get(nodeId)!;
  const name = node.callFrame.functionName;
  if (name === "(idle)" || name === "(program)") continue;
  busy += ms;
  selfByLabel.set(label(node), (selfByLabel.get(label(node)) ?? 0) + ms);
  const seen = new Set<string>();
  for (let id: number | undefined = nodeId; id !== undefined; id = parent.get(id)) {
    const l = label(byId.get(id)!);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + ms);
  }
}
const top = Number(values.top);
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [l, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(ms / requests).toFixed(2).padStart(7)} ms/req ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${l}`);
  }
};
console.log(`${requests} requests; isolate busy ${(busy / requests).toFixed(2)} ms/request (sampled, wall time while on CPU)`);
print("Inclusive", inclusive);
print("Self", selfByLabel);
