import Uppy from "@uppy/core";
import type { Body, Meta, UppyFile } from "@uppy/core/utils";
import AwsS3 from "@uppy/aws-s3";
import Tus from "@uppy/tus";
import XHRUpload from "@uppy/xhr-upload";
import { TUS_RETRY_DELAYS_MS } from "~/constants";
import type { FileEntryJson } from "../file-entries";
import { MultipartUploadPlugin } from "./multipart-plugin";
import { postJson, serverMessageOf, UPLOAD_API, UploadApiError, withWorkspace, type FileEntryResponse } from "./upload-api";
import type { StartTransport, Transport, TransportCallbacks, UploadItem } from "./upload-queue";
import type { UploadSettings } from "./upload-strategy";

/**
 * The Uppy side of the uploader: one Uppy instance per file, with the
 * plugin its strategy needs. Loaded only when a page starts an upload
 * (a dynamic import), so pages that never upload carry none of it.
 */
export interface TransportOptions {
  settings: UploadSettings;
  disk?: "public" | "uploads";
  metadata?: Record<string, unknown> | null;
  workspaceId?: number | null;
}

type AnyUppy = Uppy<Meta, Body>;

/** Uppy's file ids (and so tus fingerprints) include the instance id: a fixed one lets uploads resume after a reload. */
const UPPY_ID = "reelbase";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The server's message from whatever failed (tus error, XHR response, our API error). */
function errorMessage(error: unknown, response?: { body?: unknown } | null): string | null {
  if (error instanceof UploadApiError) return error.serverMessage;
  const own = (error as { serverMessage?: string | null } | null)?.serverMessage;
  if (own) return own;
  const tusResponse = (error as { originalResponse?: { getBody?: () => string } } | null)?.originalResponse;
  if (tusResponse?.getBody) {
    const message = serverMessageOf(tusResponse.getBody());
    if (message) return message;
  }
  const xhr = (response?.body as { xhr?: XMLHttpRequest } | undefined)?.xhr;
  if (xhr && typeof xhr.responseText === "string") {
    const message = serverMessageOf(xhr.responseText);
    if (message) return message;
  }
  const request = (error as { request?: XMLHttpRequest } | null)?.request;
  if (request && typeof request.responseText === "string") return serverMessageOf(request.responseText);
  const body = (error as { body?: string; responseText?: string } | null)?.responseText;
  return typeof body === "string" ? serverMessageOf(body) : null;
}

export function createStartTransport(options: TransportOptions): StartTransport {
  return (file, item, callbacks) => startUppyUpload(file, item, callbacks, options);
}

async function startUppyUpload(file: File, item: UploadItem, callbacks: TransportCallbacks, options: TransportOptions): Promise<Transport> {
  const uppy: AnyUppy = new Uppy({ id: UPPY_ID, autoProceed: false, allowMultipleUploadBatches: false });
  const fields = { disk: options.disk ?? "uploads", metadata: options.metadata ?? null };
  let aborted = false;

  /** What to do once the bytes are stored: ask for the file entry. */
  let finish: (uploaded: UppyFile<Meta, Body>, response: { body?: unknown; uploadURL?: string }) => Promise<FileEntryJson>;

  switch (item.strategy) {
    case "tus": {
      uppy.use(Tus, {
        endpoint: withWorkspace(UPLOAD_API.tus, options.workspaceId),
        chunkSize: options.settings.chunkSize,
        retryDelays: TUS_RETRY_DELAYS_MS,
        // PATCH goes as POST with X-HTTP-Method-Override.
        overridePatchMethod: true,
        removeFingerprintOnSuccess: true,
        withCredentials: true,
        limit: 1,
        allowedMetaFields: ["name", "type", "relativePath", "disk"],
        // No retry on client errors except 409 and 423 — Uppy's default does exactly that.
        onShouldRetry: (error, _attempt, _options, next) => next(error),
      });
      finish = async (_uploaded, response) => {
        const uploadKey = (response.uploadURL ?? "").split("/").pop() ?? "";
        const { fileEntry } = await postJson<FileEntryResponse>(withWorkspace(UPLOAD_API.tusEntries, options.workspaceId), {
          uploadKey,
          metadata: fields.metadata,
        });
        return fileEntry;
      };
      break;
    }
    case "presigned": {
      uppy.use(AwsS3, {
        shouldUseMultipart: false,
        limit: 1,
        signRequest: async (request) => {
          if (request.method !== "PUT" || "partNumber" in request) throw new Error("Only single uploads are presigned.");
          const presigned = await postJson<{ url: string; key: string }>(withWorkspace(UPLOAD_API.presign, options.workspaceId), {
            filename: file.name,
            mime: file.type || "application/octet-stream",
            size: file.size,
            extension: item.extension,
            disk: fields.disk,
            metadata: fields.metadata,
          });
          return { url: presigned.url, key: presigned.key };
        },
      });
      finish = async (_uploaded, response) => {
        const key = (response.body as { key?: string } | undefined)?.key ?? "";
        const { fileEntry } = await postJson<FileEntryResponse>(withWorkspace(UPLOAD_API.s3Entries, options.workspaceId), {
          key,
          clientName: file.name,
          clientMime: file.type,
          clientExtension: item.extension,
          size: file.size,
          metadata: fields.metadata,
        });
        return fileEntry;
      };
      break;
    }
    case "multipart": {
      uppy.use(MultipartUploadPlugin, {
        fields,
        workspaceId: options.workspaceId,
        storage: storage(),
        fingerprint: () => item.fingerprint,
        retryDelays: TUS_RETRY_DELAYS_MS,
      });
      finish = async (_uploaded, response) => (response.body as FileEntryResponse).fileEntry;
      break;
    }
    default: {
      uppy.use(XHRUpload, {
        endpoint: withWorkspace(UPLOAD_API.fileEntries, options.workspaceId),
        fieldName: "file",
        formData: true,
        limit: 1,
        withCredentials: true,
        // Fields go before the file, so the server knows them before the bytes arrive.
        allowedMetaFields: fields.metadata ? ["disk", "metadata"] : ["disk"],
        headers: { Accept: "application/json" },
        // One POST carries the whole file: retrying is the queue's job.
        shouldRetry: () => false,
      });
      finish = async (_uploaded, response) => (response.body as FileEntryResponse).fileEntry;
    }
  }

  uppy.on("upload-progress", (_file, progress) => {
    if (!aborted) callbacks.onProgress(progress.bytesUploaded);
  });
  uppy.on("upload-success", (uploaded, response) => {
    if (aborted || !uploaded) return;
    finish(uploaded, response).then(
      (entry) => {
        if (!aborted) callbacks.onSuccess(entry);
        uppy.destroy();
      },
      (error: unknown) => {
        if (!aborted) callbacks.onError(errorMessage(error));
        uppy.destroy();
      },
    );
  });
  uppy.on("upload-error", (_file, error, response) => {
    if (aborted) return;
    callbacks.onError(errorMessage(error, response));
    uppy.destroy();
  });

  uppy.addFile({
    name: file.name,
    type: file.type || "application/octet-stream",
    data: file,
    source: "Local",
    meta: {
      relativePath: item.relativePath ?? null,
      disk: fields.disk,
      ...(item.strategy === "direct" && fields.metadata ? { metadata: JSON.stringify(fields.metadata) } : {}),
    },
  });
  uppy.upload().catch(() => {
    // Reported through upload-error.
  });

  return {
    abort() {
      if (aborted) return;
      aborted = true;
      // Removing the file makes each plugin stop and discard its server-side upload (tus: DELETE; multipart: abort).
      uppy.cancelAll();
      uppy.destroy();
    },
  };
}
