import type { Viewer } from "~/auth/viewer";
import { IMPORT_MAX_BYTES } from "~/constants";
import type { Database } from "~/db/client.server";
import { ListError } from "~/lists/list-error";
import { ImportFileError, readImportFile } from "./formats";
import { runImport } from "./import.server";
import type { ImportReport } from "./report";

export type ImportOutcome = { ok: true; report: ImportReport } | { ok: false; status: number; message: string };

/**
 * An uploaded file (form field `file`) read, checked and imported; a file we
 * cannot read is a message and changes nothing. Shared by the page and api/v1.
 */
export async function importUpload(db: Database, viewer: Viewer, file: FormDataEntryValue | null): Promise<ImportOutcome> {
  if (!file || typeof file === "string" || file.size === 0) return { ok: false, status: 422, message: "Choose a Letterboxd export (ZIP or CSV) or an IMDb CSV." };
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, status: 413, message: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.` };
  try {
    const data = readImportFile(file.name, new Uint8Array(await file.arrayBuffer()));
    return { ok: true, report: await runImport(db, viewer, data) };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, status: 422, message: error.message };
    if (error instanceof ListError) return { ok: false, status: error.status, message: error.messageKey.replace(/:(\w+)/g, (_, key: string) => String(error.values[key] ?? "")) };
    throw error;
  }
}
