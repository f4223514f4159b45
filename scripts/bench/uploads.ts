import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { BenchContext } from "../lib/bench-context";
import { createSignedInUser } from "../lib/signed-in-user";

/**
 * Uploads: a 1 GiB S3-style multipart upload through the local Worker (the
 * browser's flow: create, sign part URLs ten at a time, PUT 20 MiB parts five
 * at a time, complete, create the entry), reported as MB/s and the memory of
 * the workerd process that serves it.
 *
 * Memory, two ways:
 * - the Worker's own V8 isolate, through the inspector workerd opens for
 *   wrangler (Runtime.getHeapUsage: JS heap in use, plus the ArrayBuffer
 *   backing stores that hold bytes in flight), sampled every 100 ms; this is
 *   what Cloudflare's 128 MB per-isolate limit is about;
 * - the workerd processes' RSS from /proc/<pid>/status (VmRSS sampled, VmHWM
 *   at the end). Locally one workerd also runs miniflare's D1 and R2
 *   simulators (R2 keeps the bytes it receives), so its RSS is not the Worker's.
 */
const MiB = 1024 * 1024;
const TOTAL = 1024 * MiB;
const PART = 20 * MiB; // multipartPartSize(1 GiB): the larger of 20 MB and size / 10,000
const PARALLEL = 5;
const SIGN_BATCH = 10;

/** The pids of processes listening on `port` (from /proc/net/tcp*). */
function listenersOf(port: number): number[] {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const localPort = parseInt(fields[1].split(":")[1], 16);
      if (localPort === port && fields[3] === "0A") inodes.add(fields[9]);
    }
  }
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        if (match && inodes.has(match[1])) {
          pids.push(Number(entry));
          break;
        }
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** The workerd processes of the server on `port`: the one listening there and its workerd siblings (same process group). */
function workerdProcesses(port: number): number[] {
  const listening = listenersOf(port);
  const groups = new Set(listening.map((pid) => statField(pid, "pgrp")));
  const all = readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .map(Number);
  return all.filter((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      return cmd.includes("workerd") && (listening.includes(pid) || groups.has(statField(pid, "pgrp")));
    } catch {
      return false;
    }
  });
}

function statField(pid: number, field: "pgrp"): number {
  // /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may contain spaces.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return field === "pgrp" ? Number(rest[2]) : Number.NaN;
}

function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return null;
  }
}

/** Ports `pid` listens on. */
function portsOf(pid: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    }
  } catch {
    return [];
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length >= 10 && fields[3] === "0A" && inodes.has(fields[9])) ports.push(parseInt(fields[1].split(":")[1], 16));
    }
  }
  return ports;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  backingStorageSize?: number;
}

/** A connection to the Worker isolate's inspector (workerd's, which wrangler also uses). */
interface IsolateProbe {
  sample: () => Promise<HeapUsage | null>;
  /** A full garbage collection, then the usage: what the isolate really retains. */
  sampleLive: () => Promise<HeapUsage | null>;
  close: () => void;
}

async function connectToIsolate(pids: number[]): Promise<IsolateProbe | null> {
  for (const pid of pids) {
    for (const port of portsOf(pid)) {
      let target: { webSocketDebuggerUrl?: string } | undefined;
      try {
        const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) })).json()) as { webSocketDebuggerUrl?: string; id?: string }[];
        target = list.find((t) => t.id?.startsWith("core:user:"));
      } catch {
        continue;
      }
      if (!target?.webSocketDebuggerUrl) continue;
      const ws = new WebSocket(target.webSocketDebuggerUrl);
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      let nextId = 0;
      const pending = new Map<number, (value: unknown) => void>();
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
        if (message.id !== undefined) pending.get(message.id)?.(message.result);
      };
      const call = (method: string) =>
        new Promise<unknown>((resolve) => {
          const id = ++nextId;
          pending.set(id, resolve);
          ws.send(JSON.stringify({ id, method }));
          // A busy machine can take a while to answer.
          setTimeout(() => resolve(null), 15_000);
        });
      await call("Runtime.enable");
      const sample = async () => (await call("Runtime.getHeapUsage")) as HeapUsage | null;
      return {
        sample,
        sampleLive: async () => ((await call("HeapProfiler.collectGarbage")) === null ? null : sample()),
        close: () => ws.close(),
      };
    }
  }
  return null;
}

async function postJson<T>(url: string, cookie: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(0)} MB`;

export default async function uploads(bench: BenchContext) {
  const port = Number(new URL(bench.baseUrl).port);
  const pids = workerdProcesses(port);
  if (pids.length === 0) bench.note("uploads: could not find the workerd process; memory not measured.");
  const baseline = new Map(pids.map((pid) => [pid, memoryOf(pid)?.rss ?? 0]));
  const peak = new Map(baseline);
  const sampler = setInterval(() => {
    for (const pid of pids) {
      const rss = memoryOf(pid)?.rss ?? 0;
      if (rss > (peak.get(pid) ?? 0)) peak.set(pid, rss);
    }
  }, 50);

  // The isolate exists (and its inspector answers) only once the Worker has served a request.
  const wake = async () => {
    await (await fetch(`${bench.baseUrl}/api/v1/bootstrap-data`)).arrayBuffer();
  };
  await wake();
  // The Worker's own runtime is the workerd started with an inspector address (the proxy has none).
  const runtimes = pids.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--inspector-addr"));
  let isolate = await connectToIsolate(runtimes).catch(() => null);
  if (!isolate) bench.note("uploads: could not reach the Worker isolate's inspector; its heap was not measured.");
  // workerd answers the inspector only while the isolate runs: ask while a request is being served.
  const idleSample = async () => {
    const [usage] = await Promise.all([isolate!.sample(), wake()]);
    return usage;
  };
  /** A connection that stopped answering is replaced (seen on a freshly started server). */
  let silent = 0;
  const reconnectIfSilent = async (usage: HeapUsage | null) => {
    silent = usage ? 0 : silent + 1;
    if (silent < 2 || !isolate) return;
    silent = 0;
    isolate.close();
    isolate = (await connectToIsolate(runtimes).catch(() => null)) ?? isolate;
  };
  let heapBefore: HeapUsage | null = null;
  for (let attempt = 0; isolate && !heapBefore && attempt < 3; attempt++) {
    heapBefore = await idleSample();
    await reconnectIfSilent(heapBefore);
  }
  const heap = {
    used: heapBefore?.usedSize ?? 0,
    total: heapBefore?.totalSize ?? 0,
    backing: heapBefore?.backingStorageSize ?? 0,
    samples: 0,
    /** After a forced full GC: live heap + live ArrayBuffer backing stores at the same moment. */
    live: 0,
    liveSamples: 0,
  };
  let sampling = true;
  const heapSampler = (async () => {
    // Every tenth sample forces a full GC first, so the peak of what is really retained is known too.
    for (let i = 0; sampling && isolate; i++) {
      const forced = i % 10 === 9;
      // Parts are piped natively, outside the isolate's lock: a small request lets the inspector in.
      const [usage] = await Promise.all([forced ? isolate.sampleLive() : isolate.sample(), wake().catch(() => undefined)]);
      await reconnectIfSilent(usage);
      if (usage) {
        heap.samples++;
        heap.used = Math.max(heap.used, usage.usedSize);
        heap.total = Math.max(heap.total, usage.totalSize);
        heap.backing = Math.max(heap.backing, usage.backingStorageSize ?? 0);
        if (forced) {
          heap.liveSamples++;
          heap.live = Math.max(heap.live, usage.usedSize + (usage.backingStorageSize ?? 0));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();

  const user = await createSignedInUser(bench.persistTo, "bench-uploader");
  const api = (path: string) => `${bench.baseUrl}/api/v1/${path}`;
  // One reusable 20 MiB buffer; each part gets its number stamped in so no two parts are equal.
  const buffer = Buffer.alloc(PART);
  for (let i = 0; i < PART; i += 4) buffer.writeUInt32LE((i * 2654435761) >>> 0, i);

  process.stdout.write("  uploading 1 GiB in 20 MiB parts through the Worker… ");
  const started = performance.now();
  const { uploadId, key } = await postJson<{ uploadId: string; key: string }>(api("s3/multipart/create"), user.cookieHeader, {
    filename: "bench-1gib.bin",
    mime: "application/octet-stream",
    size: TOTAL,
  });
  const count = Math.ceil(TOTAL / PART);
  const urls = new Map<number, string>();
  const etags = new Map<number, string>();
  const next = { part: 1 };
  const signing = new Map<number, Promise<void>>();
  const urlFor = async (part: number) => {
    if (!urls.has(part)) {
      const batchStart = Math.floor((part - 1) / SIGN_BATCH) * SIGN_BATCH + 1;
      if (!signing.has(batchStart)) {
        const partNumbers = Array.from({ length: Math.min(SIGN_BATCH, count - batchStart + 1) }, (_, i) => batchStart + i);
        signing.set(
          batchStart,
          postJson<{ urls: { partNumber: number; url: string }[] }>(api("s3/multipart/batch-sign-part-urls"), user.cookieHeader, { key, uploadId, partNumbers }).then((signed) =>
            signed.urls.forEach((u) => urls.set(u.partNumber, u.url)),
          ),
        );
      }
      await signing.get(batchStart);
    }
    return urls.get(part)!;
  };
  const worker = async () => {
    for (let part = next.part++; part <= count; part = next.part++) {
      const length = Math.min(PART, TOTAL - (part - 1) * PART);
      const body = Buffer.from(buffer.subarray(0, length));
      body.writeUInt32LE(part, 0);
      const response = await fetch(await urlFor(part), { method: "PUT", body, headers: { "Content-Length": String(length) } });
      await response.arrayBuffer();
      const etag = response.headers.get("ETag");
      if (!response.ok || !etag) throw new Error(`part ${part} answered ${response.status}`);
      etags.set(part, etag);
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const parts = [...etags].sort((a, b) => a[0] - b[0]).map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
    await postJson(api("s3/multipart/complete"), user.cookieHeader, { key, uploadId, parts });
    const { fileEntry } = await postJson<{ fileEntry: { id: number; size: number; url: string } }>(api("s3/entries"), user.cookieHeader, { key });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sampling = false;
    await heapSampler;
    const heapAfter = isolate ? await idleSample() : null;
    isolate?.close();
    if (fileEntry.size !== TOTAL) throw new Error(`the entry has ${fileEntry.size} bytes, expected ${TOTAL}`);
    const rate = TOTAL / MiB / seconds;
    console.log(`${rate.toFixed(1)} MB/s`);

    bench.note(`uploads: multipart upload of 1 GiB (52 parts of 20 MiB, 5 in parallel) through the local Worker: ${seconds.toFixed(1)} s, ${rate.toFixed(1)} MB/s.`);
    if (isolate && heap.samples > 0) {
      bench.note(
        `uploads: Worker isolate (V8 inspector, ${heap.samples} samples while uploading): JS heap in use ${heapBefore ? mb(heapBefore.usedSize) : "?"} before, peak ${mb(heap.used)} during (garbage included; heap reserved peak ${mb(heap.total)}), ${heapAfter ? mb(heapAfter.usedSize) : "?"} after; ArrayBuffer backing stores (bytes in flight) peak ${mb(heap.backing)}.`,
      );
      bench.note(
        `uploads: Worker isolate after forced full GCs (${heap.liveSamples} samples): live heap + backing stores peak ${mb(heap.live)} against the 128 MB per-isolate limit: ${heap.live < 128 * MiB ? "below" : "OVER"}.`,
      );
    } else if (isolate) {
      bench.note("uploads: the Worker isolate's inspector did not answer while uploading; its heap was not measured.");
    }
    for (const pid of pids) {
      const memory = memoryOf(pid);
      // wrangler runs two: a proxy on the public port, and the runtime of the Worker with miniflare's D1/R2.
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(`entry=127.0.0.1:${port}`) ? "wrangler's proxy" : "Worker runtime + D1/R2 simulators";
      bench.note(
        `uploads: workerd pid ${pid} (${cmd}): RSS before ${mb(baseline.get(pid) ?? 0)}, peak sampled ${mb(peak.get(pid) ?? 0)} (+${mb((peak.get(pid) ?? 0) - (baseline.get(pid) ?? 0))}), VmHWM ${mb(memory?.hwm ?? 0)}.`,
      );
    }
    bench.note(
      "uploads: the runtime workerd's RSS includes miniflare's D1/R2 simulators (which receive the 1 GiB) and the runtime; the isolate row is the Worker's own memory (Cloudflare's limit: 128 MB per isolate).",
    );
    // Leave the state as it was: the 1 GiB object goes.
    await postJson(api("file-entries/delete"), user.cookieHeader, { entryIds: [fileEntry.id], deleteForever: true });
  } catch (error) {
    clearInterval(sampler);
    sampling = false;
    isolate?.close();
    await postJson(api("s3/multipart/abort"), user.cookieHeader, { key, uploadId }).catch(() => {});
    throw error;
  }
}
