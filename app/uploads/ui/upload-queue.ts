import { UPLOAD_CONCURRENCY, UPLOAD_INACTIVITY_TIMEOUT_MS } from "~/constants";
import type { FileEntryJson } from "../file-entries";
import { extensionOf } from "../file-types";
import { runsAlone, type UploadSettings, type UploadStrategy } from "./upload-strategy";

/**
 * The browser's upload queue (spec sections 3, 4 and 8), independent of
 * React and of how bytes travel:
 * - statuses pending → inProgress → completed | failed | aborted;
 * - up to 3 uploads at once, only one while a folder file, a multipart
 *   upload or a chunked upload larger than one chunk runs;
 * - an upload without progress for 30 s fails with "Upload timed out";
 * - cancelling is not an error; inactive uploads can be cleared.
 */
export type UploadStatus = "pending" | "inProgress" | "completed" | "failed" | "aborted";

export interface UploadItem {
  id: string;
  name: string;
  mime: string;
  size: number;
  extension: string;
  /** Identifies the same file across page loads (resuming). */
  fingerprint: string;
  relativePath: string | null;
  lastModified: number;
  status: UploadStatus;
  percentage: number;
  bytesUploaded: number;
  entry: FileEntryJson | null;
  errorMessage: string | null;
  strategy: UploadStrategy;
}

export interface TransportCallbacks {
  onProgress(bytesUploaded: number): void;
  onSuccess(entry: FileEntryJson): void;
  /** A failure; `message` is the server's message when it gave one. */
  onError(message: string | null): void;
}

export interface Transport {
  /** Stops the upload (and discards it on the server); no callback follows. */
  abort(): void;
}

export type StartTransport = (file: File, item: UploadItem, callbacks: TransportCallbacks) => Transport | Promise<Transport>;

export interface UploadQueueOptions {
  settings: UploadSettings;
  start: StartTransport;
  chooseStrategy: (file: File) => UploadStrategy;
  /** A reason to refuse the file before it starts (client-side restrictions), or null. */
  validate?: (file: File) => string | null;
  concurrency?: number;
  inactivityTimeoutMs?: number;
  /** Called for every upload that completes, fails or is refused. */
  onSettled?: (item: UploadItem) => void;
  timeoutMessage?: string;
}

type Listener = () => void;

interface Running {
  transport: Transport | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** Set once the upload is decided; later callbacks are ignored. */
  settled: boolean;
}

let counter = 0;

export function fingerprintOf(file: File, relativePath: string | null): string {
  return ["reelbase", relativePath ?? file.name, file.size, file.lastModified, file.type].join("-");
}

export class UploadQueue {
  #items: UploadItem[] = [];
  #files = new Map<string, File>();
  #running = new Map<string, Running>();
  #listeners = new Set<Listener>();
  #options: Required<Omit<UploadQueueOptions, "validate" | "onSettled">> & Pick<UploadQueueOptions, "validate" | "onSettled">;

  constructor(options: UploadQueueOptions) {
    this.#options = {
      concurrency: UPLOAD_CONCURRENCY,
      inactivityTimeoutMs: UPLOAD_INACTIVITY_TIMEOUT_MS,
      timeoutMessage: "Upload timed out",
      ...options,
    };
  }

  subscribe = (listener: Listener) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly UploadItem[] => this.#items;

  #emit() {
    this.#items = [...this.#items];
    for (const listener of this.#listeners) listener();
  }

  #update(id: string, patch: Partial<UploadItem>) {
    const index = this.#items.findIndex((item) => item.id === id);
    if (index === -1) return;
    this.#items[index] = { ...this.#items[index], ...patch };
    this.#emit();
  }

  #get(id: string) {
    return this.#items.find((item) => item.id === id);
  }

  /** Queues files; returns their items. Files refused by `validate` fail at once. */
  add(files: File[], { relativePaths }: { relativePaths?: (string | null)[] } = {}): UploadItem[] {
    const added = files.map((file, i) => {
      const relativePath = relativePaths?.[i] ?? null;
      const refusal = this.#options.validate?.(file) ?? null;
      const item: UploadItem = {
        id: `upload-${++counter}-${Date.now().toString(36)}`,
        name: file.name,
        mime: file.type || "application/octet-stream",
        size: file.size,
        extension: extensionOf(file.name),
        fingerprint: fingerprintOf(file, relativePath),
        relativePath,
        lastModified: file.lastModified,
        status: refusal ? "failed" : "pending",
        percentage: 0,
        bytesUploaded: 0,
        entry: null,
        errorMessage: refusal,
        strategy: this.#options.chooseStrategy(file),
      };
      this.#files.set(item.id, file);
      return item;
    });
    this.#items.push(...added);
    this.#emit();
    for (const item of added) if (item.status === "failed") this.#options.onSettled?.(item);
    this.#pump();
    return added;
  }

  /** Stops an upload (or takes it off the queue). No error is reported. */
  cancel(id: string) {
    const item = this.#get(id);
    if (!item || (item.status !== "pending" && item.status !== "inProgress")) return;
    this.#finish(id, { status: "aborted" }, { abort: true, notify: false });
  }

  cancelAll() {
    for (const item of this.#items) this.cancel(item.id);
  }

  /** Queues a failed or cancelled upload again. */
  retry(id: string) {
    const item = this.#get(id);
    if (!item || (item.status !== "failed" && item.status !== "aborted")) return;
    const file = this.#files.get(id);
    const refusal = file ? (this.#options.validate?.(file) ?? null) : null;
    if (!file || refusal) return;
    this.#update(id, { status: "pending", errorMessage: null, percentage: 0, bytesUploaded: 0 });
    this.#pump();
  }

  /** Removes completed, failed and cancelled uploads from the list. */
  clearInactive() {
    const inactive = this.#items.filter((item) => item.status !== "pending" && item.status !== "inProgress");
    for (const item of inactive) this.#files.delete(item.id);
    this.#items = this.#items.filter((item) => item.status === "pending" || item.status === "inProgress");
    this.#emit();
  }

  /** Stops everything (the page is going away). */
  destroy() {
    for (const [id] of this.#running) this.#finish(id, { status: "aborted" }, { abort: true, notify: false });
    this.#listeners.clear();
  }

  #pump() {
    const { concurrency, settings } = this.#options;
    for (const item of this.#items) {
      if (item.status !== "pending") continue;
      const running = this.#items.filter((i) => i.status === "inProgress");
      if (running.length >= concurrency) return;
      if (running.some((i) => runsAlone(i, settings))) return;
      // Keep the order: a file that must run alone waits for the others to finish.
      if (runsAlone(item, settings) && running.length > 0) return;
      this.#start(item);
    }
  }

  #start(item: UploadItem) {
    const file = this.#files.get(item.id);
    if (!file) return;
    const running: Running = { transport: null, timer: null, settled: false };
    this.#running.set(item.id, running);
    this.#update(item.id, { status: "inProgress" });
    this.#armTimer(item.id);

    const callbacks: TransportCallbacks = {
      onProgress: (bytesUploaded) => {
        if (running.settled) return;
        const size = item.size || 1;
        const clamped = Math.min(Math.max(bytesUploaded, 0), item.size);
        this.#update(item.id, { bytesUploaded: clamped, percentage: Math.min(100, Math.round((clamped / size) * 100)) });
        this.#armTimer(item.id);
      },
      onSuccess: (entry) => {
        if (running.settled) return;
        this.#finish(item.id, { status: "completed", entry, percentage: 100, bytesUploaded: item.size }, { abort: false, notify: true });
      },
      onError: (message) => {
        if (running.settled) return;
        this.#finish(item.id, { status: "failed", errorMessage: message }, { abort: false, notify: true });
      },
    };
    Promise.resolve()
      .then(() => this.#options.start(file, this.#get(item.id) ?? item, callbacks))
      .then(
        (transport) => {
          running.transport = transport;
          if (running.settled) transport.abort();
        },
        (error: unknown) => callbacks.onError(error instanceof Error ? error.message : null),
      );
  }

  #armTimer(id: string) {
    const running = this.#running.get(id);
    if (!running || running.settled) return;
    if (running.timer) clearTimeout(running.timer);
    running.timer = setTimeout(() => {
      this.#finish(id, { status: "failed", errorMessage: this.#options.timeoutMessage }, { abort: true, notify: true });
    }, this.#options.inactivityTimeoutMs);
  }

  #finish(id: string, patch: Partial<UploadItem>, { abort, notify }: { abort: boolean; notify: boolean }) {
    const running = this.#running.get(id);
    if (running) {
      running.settled = true;
      if (running.timer) clearTimeout(running.timer);
      if (abort) running.transport?.abort();
      this.#running.delete(id);
    }
    this.#update(id, patch);
    const item = this.#get(id);
    if (notify && item) this.#options.onSettled?.(item);
    this.#pump();
  }
}
