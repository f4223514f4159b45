import { allExtensionsOf, cleanMime, extensionOf, isGenericMime, mimeFromExtension } from "./file-types";

/**
 * Upload restrictions: a maximum size, and allowed and
 * blocked types given as extensions ("pdf") or mime patterns ("image/*").
 * Shared by the browser (to refuse early) and the server, which checks
 * before any byte is stored and again when the upload completes.
 */
export interface UploadRestrictions {
  /** Bytes; null = no limit. */
  maxSize: number | null;
  /** Empty = every type not blocked. */
  allowed: readonly string[];
  blocked: readonly string[];
}

export interface FileFacts {
  name: string;
  size: number;
  /** The type the client declared. */
  mime?: string | null;
  /** The type the content's first bytes revealed (server side, at completion). */
  sniffedMime?: string | null;
}

export type RestrictionCode = "empty" | "too_large" | "type_not_allowed";

/** A refusal: `message` is the English text (translation key), `values` fill its placeholders. */
export interface RestrictionViolation {
  code: RestrictionCode;
  message: string;
  values: Record<string, string>;
}

export const MESSAGES = {
  empty: "`:file` is empty",
  tooLarge: "`:file` exceeds maximum allowed size of :size",
  typeNotAllowed: "This file type is not allowed",
  /** 413 from the direct upload endpoint: the file must go in parts (tus or multipart). */
  tooLargeForOneRequest: "`:file` exceeds maximum allowed size of :size for a single request. Upload it in parts (resumable or multipart upload).",
} as const;

/** Checks one file; null when it may be uploaded. Size first, as people expect. */
export function checkFile(file: FileFacts, restrictions: UploadRestrictions): RestrictionViolation | null {
  if (!Number.isFinite(file.size) || file.size <= 0) {
    return { code: "empty", message: MESSAGES.empty, values: { file: file.name } };
  }
  if (restrictions.maxSize !== null && file.size > restrictions.maxSize) {
    return {
      code: "too_large",
      message: MESSAGES.tooLarge,
      values: { file: file.name, size: formatBytes(restrictions.maxSize) },
    };
  }
  if (!isTypeAllowed(file, restrictions)) {
    return { code: "type_not_allowed", message: MESSAGES.typeNotAllowed, values: {} };
  }
  return null;
}

/**
 * Blocked when any extension in the name ("x.jpg.html", "x.php.jpg") or any
 * known type of the file (declared, implied by the extension, sniffed) is
 * blocked. When an allow-list exists, the file's extension must be on it, or
 * every known type of the file must match it.
 */
export function isTypeAllowed(file: FileFacts, restrictions: UploadRestrictions): boolean {
  const blocked = parseRules(restrictions.blocked);
  const allowed = parseRules(restrictions.allowed);
  const extensions = allExtensionsOf(file.name);
  const finalExtension = extensionOf(file.name);
  const mimes = knownMimes(file);

  if (extensions.some((ext) => blocked.extensions.has(ext))) return false;
  if (mimes.some((mime) => blocked.mimes.some((pattern) => mimeMatches(pattern, mime)))) return false;

  if (allowed.extensions.size === 0 && allowed.mimes.length === 0) return true;
  if (finalExtension && allowed.extensions.has(finalExtension)) return true;
  return mimes.length > 0 && mimes.every((mime) => allowed.mimes.some((pattern) => mimeMatches(pattern, mime)));
}

/** The declared, extension-implied and sniffed types, without the generic ones. */
function knownMimes(file: FileFacts): string[] {
  const out = new Set<string>();
  const declared = cleanMime(file.mime);
  if (!isGenericMime(declared)) out.add(declared);
  const implied = mimeFromExtension(extensionOf(file.name));
  if (implied) out.add(implied);
  if (file.sniffedMime && !isGenericMime(file.sniffedMime)) out.add(cleanMime(file.sniffedMime));
  return [...out];
}

function parseRules(rules: readonly string[]) {
  const extensions = new Set<string>();
  const mimes: string[] = [];
  for (const raw of rules) {
    const rule = raw.trim().toLowerCase();
    if (!rule) continue;
    if (rule.includes("/")) mimes.push(rule);
    else extensions.add(rule.replace(/^\./, ""));
  }
  return { extensions, mimes };
}

/** "image/*" matches "image/png"; "*\/*" matches everything; otherwise exact. */
export function mimeMatches(pattern: string, mime: string): boolean {
  const [patternType, patternSub] = pattern.toLowerCase().split("/");
  const [type, sub] = mime.toLowerCase().split("/");
  if (patternType !== "*" && patternType !== type) return false;
  return patternSub === "*" || patternSub === sub;
}

/** 1536 → "1.5 KB", 2147483648 → "2 GB" (binary units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 B";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** The stricter of the site's maximum and a role's quota (files.create max_size_mb). */
export function effectiveMaxSize(siteMax: number | null, quotaMegabytes: number | null | undefined): number | null {
  const quota = quotaMegabytes && quotaMegabytes > 0 ? quotaMegabytes * 1024 * 1024 : null;
  if (siteMax === null) return quota;
  if (quota === null) return siteMax;
  return Math.min(siteMax, quota);
}
