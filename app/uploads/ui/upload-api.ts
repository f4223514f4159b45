import type { FileEntryJson } from "../file-entries";

/** The upload API as the browser calls it. */
export const UPLOAD_API = {
  fileEntries: "/api/v1/file-entries",
  tus: "/api/v1/tus/upload",
  tusEntries: "/api/v1/tus/entries",
  presign: "/api/v1/s3/simple/presign",
  s3Entries: "/api/v1/s3/entries",
  multipart: (operation: "create" | "get-uploaded-parts" | "batch-sign-part-urls" | "complete" | "abort") => `/api/v1/s3/multipart/${operation}`,
} as const;

export class UploadApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own message, to show as is; null when it gave none. */
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = "UploadApiError";
  }
}

/** The `message` of a JSON error body, or null. */
export function serverMessageOf(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" && body.message.trim() ? body.message : null;
  } catch {
    return null;
  }
}

export function withWorkspace(path: string, workspaceId: number | null | undefined): string {
  if (!workspaceId) return path;
  return `${path}${path.includes("?") ? "&" : "?"}workspaceId=${encodeURIComponent(String(workspaceId))}`;
}

export async function postJson<T>(path: string, body: unknown, { signal }: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!response.ok) {
    const message = serverMessageOf(text);
    throw new UploadApiError(response.status, message ?? `Request failed with status ${response.status}`, message);
  }
  return (text ? JSON.parse(text) : {}) as T;
}

export type FileEntryResponse = { fileEntry: FileEntryJson };
