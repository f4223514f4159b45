/**
 * File names, extensions and media types, shared by the browser uploader and
 * the server. Nothing here trusts the client: the server derives a type from
 * the extension and from the first bytes of the content as well.
 */

const MIME_BY_EXTENSION: Record<string, string> = {
  // images
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  heic: "image/heic",
  // video and audio
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  mkv: "video/x-matroska",
  avi: "video/x-msvideo",
  ts: "video/mp2t",
  m3u8: "application/vnd.apple.mpegurl",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/opus",
  wav: "audio/wav",
  flac: "audio/flac",
  vtt: "text/vtt",
  srt: "application/x-subrip",
  // documents and data
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  md: "text/markdown",
  json: "application/json",
  xml: "application/xml",
  zip: "application/zip",
  gz: "application/gzip",
  tar: "application/x-tar",
  "7z": "application/x-7z-compressed",
  rar: "application/vnd.rar",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  epub: "application/epub+zip",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  // things a browser or an operating system would run
  html: "text/html",
  htm: "text/html",
  shtml: "text/html",
  xhtml: "application/xhtml+xml",
  js: "text/javascript",
  mjs: "text/javascript",
  css: "text/css",
  exe: "application/x-msdownload",
  dll: "application/x-msdownload",
  msi: "application/x-msi",
  sh: "application/x-sh",
  php: "application/x-httpd-php",
  jar: "application/java-archive",
};

/** The type a server would give a file of this extension, or null when unknown. */
export function mimeFromExtension(extension: string): string | null {
  return MIME_BY_EXTENSION[extension.toLowerCase()] ?? null;
}

/** Types that say nothing about the content. */
export function isGenericMime(mime: string): boolean {
  const bare = mime.split(";")[0].trim().toLowerCase();
  return bare === "" || bare === "application/octet-stream" || bare === "binary/octet-stream";
}

/** "Holiday Photo.JPG" → "jpg"; "archive.tar.gz" → "gz"; ".bashrc" and "README" → "". */
export function extensionOf(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || dot === base.length - 1) return "";
  return base.slice(dot + 1).toLowerCase();
}

/** Every dotted segment after the first: "x.jpg.html" → ["jpg", "html"]. */
export function allExtensionsOf(name: string): string[] {
  const base = baseName(name);
  const parts = base.split(".").slice(base.startsWith(".") ? 2 : 1);
  return parts.map((p) => p.trim().toLowerCase()).filter(Boolean);
}

function baseName(name: string): string {
  const segments = name.split(/[/\\]/);
  return segments[segments.length - 1] ?? "";
}

/**
 * A file name safe to store and show: the last path segment, without control
 * characters, trimmed, NFC, at most 255 characters with its extension kept.
 */
export function cleanFileName(name: string): string {
  let clean = baseName(name.normalize("NFC"))
    .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
  if (clean === "" || clean === "." || clean === "..") clean = "file";
  if (clean.length > 255) {
    const extension = extensionOf(clean);
    const keep = extension && extension.length < 32 ? `.${extension}` : "";
    clean = clean.slice(0, 255 - keep.length) + keep;
  }
  return clean;
}

/** A media type we store: lower case, no parameters, syntactically valid; else application/octet-stream. */
export function cleanMime(mime: string | null | undefined): string {
  const bare = (mime ?? "").split(";")[0].trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,127}$/.test(bare) ? bare : "application/octet-stream";
}

/**
 * The media type the first bytes of a file reveal, for the formats that
 * matter to a safety check (images, video, documents, and things a browser
 * or an operating system would run). Null when unrecognised.
 */
export function sniffMime(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (offset: number, text: string) => [...text].every((c, i) => head[offset + i] === c.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  if (ascii(0, "RIFF") && ascii(8, "WAVE")) return "audio/wav";
  if (ascii(4, "ftypavif")) return "image/avif";
  if (ascii(4, "ftyp")) return "video/mp4";
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return "video/webm";
  if (ascii(0, "%PDF-")) return "application/pdf";
  if (ascii(0, "ID3") || starts(0xff, 0xfb)) return "audio/mpeg";
  if (ascii(0, "OggS")) return "audio/ogg";
  if (ascii(0, "fLaC")) return "audio/flac";
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "application/zip";
  if (starts(0x1f, 0x8b)) return "application/gzip";
  if (ascii(0, "MZ")) return "application/x-msdownload";
  if (starts(0x7f, 0x45, 0x4c, 0x46)) return "application/x-executable";
  if (ascii(0, "#!")) return "application/x-sh";
  // Markup: what a browser would render as a page if it ever sniffed it.
  const text = new TextDecoder("utf-8", { fatal: false })
    .decode(head.subarray(0, 1024))
    .replace(/^\ufeff/, "")
    .trimStart()
    .toLowerCase();
  if (/^<!doctype html|^<html[\s>]|^<head[\s>]|^<body[\s>]|^<script[\s>]|^<iframe[\s>]/.test(text)) return "text/html";
  if (/^<svg[\s>]/.test(text) || (/^<\?xml/.test(text) && text.includes("<svg"))) return "image/svg+xml";
  if (/^<\?php/.test(text)) return "application/x-httpd-php";
  return null;
}
