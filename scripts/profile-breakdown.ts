/**
 * Where a Worker's CPU goes, by part of the request (decision 045): reads a profile written by
 * `scripts/profile-pages.ts --out file.json`, maps each sample's innermost frames back to their
 * sources through the build's source maps, and charges the sample to the innermost frame that
 * belongs to a part (a translation call inside a component is translation, the component's own
 * markup is React render). Milliseconds per request are sampled wall time while the isolate was
 * on CPU.
 *
 *   npx tsx scripts/profile-breakdown.ts --profile title.json --build build/server [--unmatched 15]
 *     [--functions 40] [--callers entity.js:is]
 *
 * `--functions N` also lists the N functions with the most self time (mapped to their sources);
 * `--callers name` lists the call paths (four frames up) of the samples in the frames whose
 * "source:function" ends with `name`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SourceMapConsumer } from "source-map-js";

const { values } = parseArgs({
  options: {
    profile: { type: "string" },
    build: { type: "string", default: "build/server" },
    unmatched: { type: "string", default: "0" },
    functions: { type: "string", default: "0" },
    callers: { type: "string" },
  },
});
if (!values.profile) throw new Error("--profile file.json");
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
const profile = JSON.parse(readFileSync(values.profile, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; requests: number };

/** Parts in the order a request meets them; the first rule a frame's source or name matches names its part. */
const PARTS: [string, RegExp][] = [
  ["security headers and nonces", /app\/http\/(security|csp|nonce)|workers\/security|createNonce|applySecurityHeaders/],
  ["translation", /app\/i18n\//],
  ["page cache (isolate and Cache API)", /guest-page-cache|answerGuestPage|content-version/],
  ["route matching", /route-pattern|trie-matching|matchRoutes|matchServerRoutes|rankRouteBranches|flattenRoutes|compilePath|matchPath/],
  ["serialisation of loader data (turbo-stream)", /turbo-stream|\bflatten\b|encodeViaTurboStream|\bstringify\b/],
  ["HTML stream encoding / rewriting", /stringToChunk|writeChunk|TextEncoder|HTMLRewriter|spliceDocument/],
  ["root middleware (settings, themes, viewer, session)", /app\/request\/middleware|app\/auth\/|app\/settings\/|app\/themes\/|app\/appearance\/|app\/localizations\//],
  [
    "loaders and data shaping (drizzle, D1 calls, mapping)",
    /drizzle-orm|app\/catalogue\/|app\/community\/|app\/tmdb\/|app\/library\/|app\/social\/|app\/search\/|app\/routes\/.*\.tsx?:loader|app\/site\/.*\.server|app\/seo\/|app\/ads\//,
  ],
  ["local D1 binding (same process; production's runs elsewhere)", /cloudflare-internal:d1|d1-api|toJson/],
  ["React render: shell (root, layout, navbar, footer)", /app\/root\.tsx|app\/routes\/site\/layout|app\/shell\//],
  ["React render: page components", /app\/routes\/|app\/site\/|app\/ui\/|app\/channels\/ui|app\/ads\/ad-slot/],
  ["React render (react-dom)", /react-dom/],
  ["React Router (handler, data, Scripts)", /react-router/],
  ["Worker entry, logging", /workers\/|app\/observability\//],
  ["garbage collector", /^\(garbage collector\)/],
];

const consumers = new Map<string, SourceMapConsumer | null>();
function consumerFor(url: string): SourceMapConsumer | null {
  const file = url.replace(/^file:\/\//, "").replace(/^.*?(assets\/[^/]+\.js|index\.js)$/, "$1");
  if (consumers.has(file)) return consumers.get(file)!;
  const path = join(values.build!, `${file}.map`);
  const consumer = /\.js$/.test(file) && existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, "utf8"))) : null;
  consumers.set(file, consumer);
  return consumer;
}

/** "source:function" of a frame, mapped through the source map when there is one. */
function describe(node: Node): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const consumer = url ? consumerFor(url) : null;
  const source = consumer?.originalPositionFor({ line: lineNumber + 1, column: Math.max(0, columnNumber) }).source ?? url;
  return `${(source ?? "").replace(/^.*node_modules\//, "node_modules/").replace(/^.*?\/(app|workers)\//, "$1/")}:${functionName || "(anonymous)"}`;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const partOfNode = new Map<number, string | null>();
function partOf(nodeId: number): string | null {
  if (partOfNode.has(nodeId)) return partOfNode.get(nodeId)!;
  const label = describe(byId.get(nodeId)!);
  const own = PARTS.find(([, rule]) => rule.test(label))?.[0] ?? null;
  const parentId = parent.get(nodeId);
  const part = own ?? (parentId === undefined ? null : partOf(parentId));
  partOfNode.set(nodeId, part);
  return part;
}

// A sample's delta includes any time the isolate was parked (waiting on I/O, descheduled), which lands on
// whatever runs first afterwards (the Worker entry, a D1 callback): capped at three sampling intervals.
const sortedDeltas = [...profile.timeDeltas].sort((a, b) => a - b);
const maxDelta = 3 * (sortedDeltas[Math.floor(sortedDeltas.length / 2)] ?? 0);
const totals = new Map<string, number>();
const unmatched = new Map<string, number>();
const selfTime = new Map<string, number>();
const callers = new Map<string, number>();
let busy = 0;
profile.samples.forEach((nodeId, i) => {
  const node = byId.get(nodeId)!;
  const name = node.callFrame.functionName;
  if (name === "(idle)" || name === "(program)") return;
  const ms = Math.min(profile.timeDeltas[i] ?? 0, maxDelta) / 1000;
  busy += ms;
  const part = partOf(nodeId) ?? "other";
  totals.set(part, (totals.get(part) ?? 0) + ms);
  const label = describe(node);
  if (part === "other") unmatched.set(label, (unmatched.get(label) ?? 0) + ms);
  selfTime.set(label, (selfTime.get(label) ?? 0) + ms);
  if (values.callers && label.endsWith(values.callers)) {
    const path: string[] = [];
    for (let id = parent.get(nodeId); id !== undefined && path.length < 4; id = parent.get(id)) path.push(describe(byId.get(id)!));
    const key = path.join(" < ");
    callers.set(key, (callers.get(key) ?? 0) + ms);
  }
});
const per = (ms: number) => (ms / profile.requests).toFixed(2);
console.log(`${profile.requests} requests; isolate busy ${per(busy)} ms/request`);
console.log("| part | ms/request | share |\n|---|---|---|");
for (const [part, ms] of [...totals].sort((a, b) => b[1] - a[1])) console.log(`| ${part} | ${per(ms)} | ${((100 * ms) / busy).toFixed(1)}% |`);
for (const [label, ms] of [...unmatched].sort((a, b) => b[1] - a[1]).slice(0, Number(values.unmatched))) console.log(`  other: ${per(ms)} ms  ${label}`);
for (const [label, ms] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, Number(values.functions))) console.log(`  self: ${per(ms)} ms  ${label}`);
for (const [path, ms] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  called from: ${per(ms)} ms  ${path}`);
