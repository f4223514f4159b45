import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FileEntryJson } from "../file-entries";
import { UploadQueue, type TransportCallbacks } from "./upload-queue";
import { chooseStrategy, fitInOneRequest, runsAlone, type UploadSettings } from "./upload-strategy";

const MB = 1024 * 1024;
const settings: UploadSettings = { chunk: true, chunkSize: 5 * MB, directUpload: false };

/** A fake transport per file: the test drives its progress and outcome. */
function harness(options: Partial<ConstructorParameters<typeof UploadQueue>[0]> = {}) {
  const started = new Map<string, { callbacks: TransportCallbacks; aborted: boolean }>();
  const settled: string[] = [];
  const queue = new UploadQueue({
    settings,
    chooseStrategy: (file) => chooseStrategy(file.size, settings),
    start: (file, _item, callbacks) => {
      const record = { callbacks, aborted: false };
      started.set(file.name, record);
      return { abort: () => (record.aborted = true) };
    },
    onSettled: (item) => settled.push(`${item.name}:${item.status}`),
    ...options,
  });
  const status = () => Object.fromEntries(queue.getSnapshot().map((item) => [item.name, item.status]));
  return { queue, started, settled, status };
}

const file = (name: string, size: number, type = "application/octet-stream") => new File([new Uint8Array(Math.min(size, 16))], name, { type });
/** A File that reports a large size without allocating it. */
const bigFile = (name: string, size: number) => {
  const f = file(name, 1);
  Object.defineProperty(f, "size", { value: size });
  return f;
};
const entry = { id: 1, url: "/files/x" } as FileEntryJson;
const flush = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
afterEach(() => vi.useRealTimers());

describe("strategy", () => {
  it("uses tus from 4 MB, direct below, presigned/multipart when direct upload is on", () => {
    expect(chooseStrategy(4 * MB - 1, settings)).toBe("direct");
    expect(chooseStrategy(4 * MB, settings)).toBe("tus");
    expect(chooseStrategy(50 * MB, { ...settings, chunk: false })).toBe("direct");
    expect(chooseStrategy(99 * MB, { ...settings, directUpload: true })).toBe("presigned");
    expect(chooseStrategy(100 * MB, { ...settings, directUpload: true })).toBe("multipart");
  });

  it("never sends a file too large for one request (Cloudflare's 100 MB body limit) in one request", () => {
    const MiB = 1024 * 1024;
    // Chunking off: multipart instead of one POST.
    expect(chooseStrategy(99 * MiB, { ...settings, chunk: false })).toBe("direct");
    expect(chooseStrategy(99 * MiB + 1, { ...settings, chunk: false })).toBe("multipart");
    expect(chooseStrategy(3 * 1024 * MiB, { ...settings, chunk: false })).toBe("multipart");
    // Direct-to-storage on: the presigned single PUT stops below the limit too.
    expect(chooseStrategy(99.5 * MiB, { ...settings, directUpload: true, chunk: false })).toBe("multipart");
    // A forced single-request strategy (the avatar's direct POST) still goes in parts when the file is too large.
    expect(fitInOneRequest("direct", 150 * MiB, settings)).toBe("tus");
    expect(fitInOneRequest("direct", 150 * MiB, { chunk: false })).toBe("multipart");
    expect(fitInOneRequest("direct", 2 * MiB, settings)).toBe("direct");
    expect(fitInOneRequest("tus", 150 * MiB, settings)).toBe("tus");
  });

  it("runs folder files, multipart and multi-chunk tus uploads alone", () => {
    expect(runsAlone({ strategy: "tus", size: 6 * MB, relativePath: null }, settings)).toBe(true);
    expect(runsAlone({ strategy: "tus", size: 4 * MB, relativePath: null }, settings)).toBe(false);
    expect(runsAlone({ strategy: "multipart", size: 100 * MB, relativePath: null }, settings)).toBe(true);
    expect(runsAlone({ strategy: "direct", size: 10, relativePath: "photos/a.jpg" }, settings)).toBe(true);
  });
});

describe("upload queue", () => {
  it("runs three uploads at once and starts the next when one completes", async () => {
    const { queue, started, status } = harness();
    queue.add(["a", "b", "c", "d"].map((n) => file(n, 10)));
    await flush();
    expect(status()).toEqual({ a: "inProgress", b: "inProgress", c: "inProgress", d: "pending" });
    started.get("b")!.callbacks.onSuccess(entry);
    await flush();
    expect(status()).toMatchObject({ b: "completed", d: "inProgress" });
    expect(queue.getSnapshot().find((i) => i.name === "b")).toMatchObject({ percentage: 100, entry });
  });

  it("runs a large chunked upload alone, in order", async () => {
    const { queue, started, status } = harness();
    queue.add([file("small1", 10), bigFile("big", 20 * MB), file("small2", 10)]);
    await flush();
    expect(status()).toEqual({ small1: "inProgress", big: "pending", small2: "pending" });
    started.get("small1")!.callbacks.onSuccess(entry);
    await flush();
    expect(status()).toEqual({ small1: "completed", big: "inProgress", small2: "pending" });
    started.get("big")!.callbacks.onSuccess(entry);
    await flush();
    expect(status().small2).toBe("inProgress");
  });

  it("reports progress as bytes and a percentage", async () => {
    const { queue, started } = harness();
    queue.add([bigFile("clip", 200)]);
    await flush();
    started.get("clip")!.callbacks.onProgress(50);
    expect(queue.getSnapshot()[0]).toMatchObject({ bytesUploaded: 50, percentage: 25 });
  });

  it("fails an upload with no progress for 30 seconds as timed out, and aborts it", async () => {
    const { queue, started, settled } = harness();
    queue.add([bigFile("slow", 1000)]);
    await flush();
    vi.advanceTimersByTime(20_000);
    started.get("slow")!.callbacks.onProgress(10); // progress resets the clock
    vi.advanceTimersByTime(29_000);
    expect(queue.getSnapshot()[0].status).toBe("inProgress");
    vi.advanceTimersByTime(1_001);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: "failed", errorMessage: "Upload timed out" });
    expect(started.get("slow")!.aborted).toBe(true);
    expect(settled).toEqual(["slow:failed"]);
  });

  it("cancels without an error, ignoring what the transport says afterwards", async () => {
    const { queue, started, settled } = harness();
    const [item] = queue.add([file("a", 10), file("b", 10)]);
    await flush();
    queue.cancel(item.id);
    started.get("a")!.callbacks.onError("network down");
    expect(queue.getSnapshot()[0]).toMatchObject({ status: "aborted", errorMessage: null });
    expect(started.get("a")!.aborted).toBe(true);
    expect(settled).toEqual([]);
  });

  it("cancels a pending upload before it starts", async () => {
    const { queue, started } = harness({ concurrency: 1 });
    const items = queue.add([file("a", 10), file("b", 10)]);
    queue.cancel(items[1].id);
    await flush();
    started.get("a")!.callbacks.onSuccess(entry);
    await flush();
    expect(started.has("b")).toBe(false);
  });

  it("records the server's message on failure and can clear inactive uploads", async () => {
    const { queue, started } = harness();
    queue.add([file("a", 10), file("b", 10), file("c", 10)]);
    await flush();
    started.get("a")!.callbacks.onError("`a` exceeds maximum allowed size of 1 MB");
    started.get("b")!.callbacks.onSuccess(entry);
    expect(queue.getSnapshot()[0].errorMessage).toBe("`a` exceeds maximum allowed size of 1 MB");
    queue.clearInactive();
    expect(queue.getSnapshot().map((i) => i.name)).toEqual(["c"]);
  });

  it("refuses files the restrictions forbid without starting them", async () => {
    const { queue, started, settled } = harness({ validate: (f) => (f.name.endsWith(".exe") ? "This file type is not allowed" : null) });
    queue.add([file("setup.exe", 10), file("ok.txt", 10)]);
    await flush();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: "failed", errorMessage: "This file type is not allowed" });
    expect([...started.keys()]).toEqual(["ok.txt"]);
    expect(settled).toEqual(["setup.exe:failed"]);
  });

  it("retries a failed upload from the start", async () => {
    const { queue, started } = harness();
    const [item] = queue.add([file("a", 10)]);
    await flush();
    started.get("a")!.callbacks.onError(null);
    queue.retry(item.id);
    await flush();
    expect(queue.getSnapshot()[0].status).toBe("inProgress");
  });

  it("fingerprints a file by path, size, date and type", () => {
    const { queue } = harness();
    const [a] = queue.add([new File(["x"], "a.txt", { type: "text/plain", lastModified: 5 })], { relativePaths: ["dir/a.txt"] });
    expect(a.fingerprint).toBe("reelbase-dir/a.txt-1-5-text/plain");
  });
});
