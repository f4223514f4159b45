import { Unzip, UnzipInflate } from "fflate";
import { IMPORT_MAX_UNPACKED_BYTES, IMPORT_MAX_ZIP_RATIO, IMPORT_ZIP_FEED_BYTES } from "~/constants";

/**
 * Reading an upload's bytes safely (decision 027): a ZIP is inflated as a
 * stream, fed in small pieces, counting the bytes it actually produces (the
 * sizes an archive declares are not trusted: a bomb declares 4 KB); past
 * IMPORT_MAX_UNPACKED_BYTES or IMPORT_MAX_ZIP_RATIO times the archive's size
 * it stops at once. Text is UTF-8 (with or without a BOM) or, when it is not
 * valid UTF-8, Windows-1252 (old spreadsheet exports); UTF-16 and binary
 * files are refused with a message.
 */
export class UnpackError extends Error {}

export function isZip(bytes: Uint8Array) {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** A ZIP ends with its central directory's end record (signature PK\x05\x06) within its last 64 KB. */
function hasEndRecord(bytes: Uint8Array) {
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) return true;
  }
  return false;
}

export function unzipWanted(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Uint8Array> {
  if (!hasEndRecord(bytes)) throw new UnpackError("This ZIP file is damaged or not a ZIP file.");
  const out = new Map<string, Uint8Array>();
  const ratioCap = Math.max(bytes.length * IMPORT_MAX_ZIP_RATIO, 1024 * 1024);
  const cap = Math.min(IMPORT_MAX_UNPACKED_BYTES, ratioCap);
  let total = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (!wanted(file.name)) return;
    const parts: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new UnpackError("This ZIP file is damaged or not a ZIP file.");
        return;
      }
      total += chunk.length;
      if (total > cap) {
        failure = new UnpackError(
          total > IMPORT_MAX_UNPACKED_BYTES
            ? `The ZIP unpacks to more than ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB: it is refused.`
            : `The ZIP unpacks to more than ${IMPORT_MAX_ZIP_RATIO} times its size, as a ZIP bomb does: it is refused.`,
        );
        file.terminate();
        return;
      }
      parts.push(chunk);
      if (final) out.set(file.name, concat(parts));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += IMPORT_ZIP_FEED_BYTES) {
      unzip.push(bytes.subarray(at, at + IMPORT_ZIP_FEED_BYTES), at + IMPORT_ZIP_FEED_BYTES >= bytes.length);
    }
  } catch {
    if (!failure) failure = new UnpackError("This ZIP file is damaged or not a ZIP file.");
  }
  if (failure) throw failure;
  return out;
}

function concat(parts: Uint8Array[]) {
  if (parts.length === 1) return parts[0]!;
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** UTF-8 (BOM or not), else Windows-1252; anything else (UTF-16, binary) is refused. */
export function decodeText(bytes: Uint8Array, fileName: string): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new UnpackError(`${fileName} is UTF-16 text: save it as UTF-8 (or Windows-1252) and upload it again.`);
  }
  // Control bytes other than tab, line feed and carriage return do not occur in a CSV or JSON export.
  const sample = bytes.subarray(0, 64 * 1024);
  for (const b of sample) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) {
      throw new UnpackError(`${fileName} is not a text file (it holds binary data): upload the CSV, JSON or ZIP the service exported.`);
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
