import type { UploadDisk } from "./tables";

/** A file entry as the API returns it (id, url, and the stored facts). */
export interface FileEntryJson {
  id: number;
  name: string;
  file_name: string;
  mime: string;
  /** The broad kind, for icons and previews: image, video, audio, pdf, text, archive or file. */
  type: string;
  size: number;
  extension: string;
  disk: UploadDisk;
  url: string;
  owner_id: number | null;
  workspace_id: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** Where a stored file is served (app/routes/files/file.ts). */
export function fileEntryUrl(fileName: string): string {
  return `/files/${fileName}`;
}

export function fileKind(mime: string): string {
  const [type, sub = ""] = mime.split("/");
  if (type === "image" || type === "video" || type === "audio") return type;
  if (sub === "pdf") return "pdf";
  if (type === "text") return "text";
  if (/zip|gzip|x-tar|x-7z|rar/.test(sub)) return "archive";
  return "file";
}
