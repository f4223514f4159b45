import { BasePlugin, type PluginOpts, type Uppy } from "@uppy/core";
import type { Body, Meta, UppyFile } from "@uppy/core/utils";
import { MULTIPART_PARALLEL_PARTS, MULTIPART_SIGN_BATCH_SIZE, TUS_RETRY_DELAYS_MS } from "~/constants";
import { multipartPartSize, partCount } from "../part-size";
import { postJson, UPLOAD_API, UploadApiError, withWorkspace, type FileEntryResponse } from "./upload-api";

/**
 * An Uppy uploader for the S3-style multipart API (spec sections 4 and 7):
 * resume from a record kept per file fingerprint, sign part URLs ten at a
 * time, upload five parts in parallel (each a PUT that answers with its
 * ETag), complete, then create the file entry. Any failure aborts the
 * upload; a user cancel aborts it too but raises no error.
 *
 * (@uppy/aws-s3 v6 speaks S3's XML to whatever URL it is given and uploads
 * the parts of a file one after another, so it is used for single presigned
 * PUTs; this plugin covers the multipart flow.)
 */
export interface MultipartPluginOptions extends PluginOpts {
  /** Extra fields for create (disk, metadata). */
  fields?: { disk?: string; metadata?: Record<string, unknown> | null };
  workspaceId?: number | null;
  /** Where resume records live (localStorage in the browser). */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  fingerprint: (file: UppyFile<Meta, Body>) => string;
  retryDelays?: number[];
}

interface ResumeRecord {
  uploadId: string;
  key: string;
  size: number;
}

type CreateResponse = { uploadId: string; key: string; partSize: number };
type PartsResponse = { parts: { PartNumber: number; ETag: string; Size: number }[] };
type SignResponse = { urls: { partNumber: number; url: string }[] };

class CancelledError extends Error {
  constructor() {
    super("Upload cancelled");
    this.name = "AbortError";
  }
}

const RECORD_PREFIX = "reelbase-multipart:";

export class MultipartUploadPlugin<M extends Meta, B extends Body> extends BasePlugin<MultipartPluginOptions, M, B> {
  #controllers = new Map<string, AbortController>();

  constructor(uppy: Uppy<M, B>, opts: MultipartPluginOptions) {
    super(uppy, opts);
    this.id = opts.id ?? "ReelbaseMultipart";
    this.type = "uploader";
  }

  override install() {
    this.uppy.addUploader(this.#upload);
    this.uppy.on("file-removed", this.#onRemoved);
    this.uppy.on("cancel-all", this.#onCancelAll);
  }

  override uninstall() {
    this.uppy.removeUploader(this.#upload);
    this.uppy.off("file-removed", this.#onRemoved);
    this.uppy.off("cancel-all", this.#onCancelAll);
    this.#onCancelAll();
  }

  #onRemoved = (file: UppyFile<M, B>) => this.#controllers.get(file.id)?.abort();
  #onCancelAll = () => {
    for (const controller of this.#controllers.values()) controller.abort();
  };

  #upload = async (fileIDs: string[]) => {
    const files = this.uppy.getFilesByIds(fileIDs);
    this.uppy.emit("upload-start", files);
    for (const file of files) await this.#uploadFile(file);
  };

  #record(file: UppyFile<M, B>) {
    const key = RECORD_PREFIX + this.opts.fingerprint(file as unknown as UppyFile<Meta, Body>);
    const storage = this.opts.storage ?? null;
    return {
      load(): ResumeRecord | null {
        try {
          const value = JSON.parse(storage?.getItem(key) ?? "null") as ResumeRecord | null;
          return value && typeof value.uploadId === "string" && typeof value.key === "string" ? value : null;
        } catch {
          return null;
        }
      },
      save: (record: ResumeRecord) => storage?.setItem(key, JSON.stringify(record)),
      clear: () => storage?.removeItem(key),
    };
  }

  async #uploadFile(file: UppyFile<M, B>) {
    const data = file.data as Blob;
    const size = data.size;
    const controller = new AbortController();
    const signal = controller.signal;
    this.#controllers.set(file.id, controller);
    const record = this.#record(file);
    const api = (operation: Parameters<typeof UPLOAD_API.multipart>[0]) => withWorkspace(UPLOAD_API.multipart(operation), this.opts.workspaceId);
    let upload: { uploadId: string; key: string } | null = null;
    const etags = new Map<number, string>();
    const progress = new Map<number, number>();
    const started = Date.now();
    const emitProgress = () => {
      let bytes = 0;
      for (const value of progress.values()) bytes += value;
      this.uppy.emit("upload-progress", this.uppy.getFile(file.id), { uploadStarted: started, bytesUploaded: Math.min(bytes, size), bytesTotal: size });
    };

    try {
      // Resume what this browser started earlier for the same file.
      const previous = record.load();
      if (previous && previous.size === size) {
        try {
          const { parts } = await postJson<PartsResponse>(api("get-uploaded-parts"), { key: previous.key, uploadId: previous.uploadId }, { signal });
          upload = { uploadId: previous.uploadId, key: previous.key };
          for (const part of parts) {
            etags.set(part.PartNumber, part.ETag);
            progress.set(part.PartNumber, part.Size);
          }
        } catch {
          if (signal.aborted) throw new CancelledError();
          record.clear(); // expired or gone: start again
        }
      }
      if (!upload) {
        const created = await postJson<CreateResponse>(
          api("create"),
          {
            filename: file.name,
            mime: file.type || "application/octet-stream",
            size,
            extension: file.extension ?? "",
            disk: this.opts.fields?.disk,
            metadata: this.opts.fields?.metadata ?? null,
          },
          { signal },
        );
        upload = { uploadId: created.uploadId, key: created.key };
        record.save({ ...upload, size });
      }
      emitProgress();

      const partSize = multipartPartSize(size);
      const pending = Array.from({ length: partCount(size, partSize) }, (_, i) => i + 1).filter((n) => !etags.has(n));
      const urls = new Map<number, string>();
      const current = upload;
      const sign = async (partNumber: number, force = false) => {
        if (!force && urls.has(partNumber)) return urls.get(partNumber)!;
        // Sign this part and the next unsigned ones, ten at most.
        const batch = [partNumber, ...pending.filter((n) => n !== partNumber && !urls.has(n) && !etags.has(n))].slice(0, MULTIPART_SIGN_BATCH_SIZE);
        const signed = await postJson<SignResponse>(api("batch-sign-part-urls"), { ...current, partNumbers: batch }, { signal });
        for (const { partNumber: n, url } of signed.urls) urls.set(n, url);
        return urls.get(partNumber)!;
      };
      const queue = [...pending];
      const worker = async () => {
        for (let partNumber = queue.shift(); partNumber !== undefined; partNumber = queue.shift()) {
          const start = (partNumber - 1) * partSize;
          const blob = data.slice(start, Math.min(start + partSize, size));
          const etag = await this.#putPartWithRetries(partNumber, blob, sign, signal, (loaded) => {
            progress.set(partNumber!, loaded);
            emitProgress();
          });
          etags.set(partNumber, etag);
          progress.set(partNumber, blob.size);
          emitProgress();
        }
      };
      await Promise.all(Array.from({ length: Math.min(MULTIPART_PARALLEL_PARTS, Math.max(queue.length, 1)) }, worker));

      const parts = [...etags.entries()].sort((a, b) => a[0] - b[0]).map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
      await postJson(api("complete"), { ...current, parts }, { signal });
      const { fileEntry } = await postJson<FileEntryResponse>(
        withWorkspace(UPLOAD_API.s3Entries, this.opts.workspaceId),
        { key: current.key, clientName: file.name, clientMime: file.type, clientExtension: file.extension, size, metadata: this.opts.fields?.metadata ?? null },
        { signal },
      );
      record.clear();
      this.uppy.emit("upload-success", this.uppy.getFile(file.id), {
        status: 200,
        body: { fileEntry } as unknown as B,
        uploadURL: fileEntry.url,
      });
    } catch (error) {
      const cancelled = signal.aborted || error instanceof CancelledError;
      // Any failure aborts the upload on the server; so does a cancel.
      if (upload) {
        const abortUrl = api("abort");
        postJson(abortUrl, upload).catch(() => {});
      }
      record.clear();
      if (!cancelled) {
        const message = error instanceof UploadApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : "Upload failed";
        const failure = Object.assign(new Error(message), { serverMessage: error instanceof UploadApiError ? error.serverMessage : null });
        this.uppy.emit("upload-error", this.uppy.getFile(file.id), failure);
      }
    } finally {
      this.#controllers.delete(file.id);
    }
  }

  /**
   * PUTs one part; network errors, 5xx, 409 and 423 are retried after the
   * spec's delays, an expired URL is signed again, other 4xx fail at once.
   */
  async #putPartWithRetries(
    partNumber: number,
    blob: Blob,
    sign: (partNumber: number, force?: boolean) => Promise<string>,
    signal: AbortSignal,
    onProgress: (loaded: number) => void,
  ): Promise<string> {
    const delays = this.opts.retryDelays ?? TUS_RETRY_DELAYS_MS;
    let resigned = false;
    for (let attempt = 0; ; attempt++) {
      const url = await sign(partNumber, resigned && attempt > 0);
      try {
        return await putPart(url, blob, signal, onProgress);
      } catch (error) {
        if (signal.aborted) throw new CancelledError();
        const status = error instanceof UploadApiError ? error.status : 0;
        if (status === 403 && !resigned) {
          resigned = true; // the signed URL expired while waiting: sign again, once
          continue;
        }
        const retriable = status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
        if (!retriable || attempt >= delays.length) throw error;
        onProgress(0);
        await sleep(delays[attempt], signal);
      }
    }
  }
}

/** One part PUT with upload progress; resolves with the ETag the server returned. */
function putPart(url: string, blob: Blob, signal: AbortSignal, onProgress: (loaded: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      const etag = xhr.getResponseHeader("ETag");
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag.replace(/^"|"$/g, ""));
      else {
        let message: string | null = null;
        try {
          message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? null;
        } catch {
          // not JSON
        }
        reject(new UploadApiError(xhr.status, message ?? `Part upload failed with status ${xhr.status}`, message));
      }
    };
    xhr.onerror = () => reject(new UploadApiError(0, "Network error while uploading a part", null));
    const abort = () => xhr.abort();
    signal.addEventListener("abort", abort, { once: true });
    xhr.onabort = () => reject(new CancelledError());
    xhr.onloadend = () => signal.removeEventListener("abort", abort);
    xhr.send(blob);
  });
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new CancelledError());
      },
      { once: true },
    );
  });
}
