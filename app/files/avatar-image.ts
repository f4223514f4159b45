/**
 * What a profile image really is, read from its bytes (never from its name
 * or the type the browser claimed), and a copy without the metadata a photo
 * carries (GPS position, camera serial, editing history, text comments).
 *
 * Accepted: PNG, JPEG, GIF and WebP, the raster formats every browser shows
 * inline without running anything. SVG is refused: it is a document that can
 * carry script. Shared by the server (the check that counts) and the browser
 * (the same check before uploading, for an immediate message).
 */
export const AVATAR_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
/** What the uploader stores with an avatar upload (metadata.purpose, as avatar.server marks avatars), so a refused or abandoned one is recognised. */
export const AVATAR_UPLOAD_METADATA = { purpose: "avatar" } as const;

export type AvatarMime = (typeof AVATAR_MIME_TYPES)[number];

export const AVATAR_EXTENSIONS: Record<AvatarMime, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

export type ImageInspection = { ok: true; mime: AvatarMime; width: number; height: number } | { ok: false; reason: "svg" | "not-image" | "unreadable" };

const ascii = (bytes: Uint8Array, offset: number, text: string) => offset + text.length <= bytes.length && [...text].every((c, i) => bytes[offset + i] === c.charCodeAt(0));
const u16be = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1];
const u16le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u24le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8) | (b[o + 2] << 16);
const u32be = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
const u32le = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + ((b[o + 3] << 24) >>> 0);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image's real type and size in pixels, from its first bytes. */
export function inspectImage(bytes: Uint8Array): ImageInspection {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    if (bytes.length < 24 || !ascii(bytes, 12, "IHDR")) return { ok: false, reason: "unreadable" };
    return sized("image/png", u32be(bytes, 16), u32be(bytes, 20));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size ? sized("image/jpeg", size.width, size.height) : { ok: false, reason: "unreadable" };
  }
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) {
    if (bytes.length < 10) return { ok: false, reason: "unreadable" };
    return sized("image/gif", u16le(bytes, 6), u16le(bytes, 8));
  }
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) {
    const size = webpSize(bytes);
    return size ? sized("image/webp", size.width, size.height) : { ok: false, reason: "unreadable" };
  }
  if (looksLikeSvg(bytes)) return { ok: false, reason: "svg" };
  return { ok: false, reason: "not-image" };
}

function sized(mime: AvatarMime, width: number, height: number): ImageInspection {
  if (!width || !height) return { ok: false, reason: "unreadable" };
  return { ok: true, mime, width, height };
}

function looksLikeSvg(bytes: Uint8Array) {
  const text = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\ufeff/, "")
    .toLowerCase();
  return /<svg[\s>]/.test(text) && /^\s*(<\?xml|<!--|<!doctype|<svg)/.test(text);
}

/** JPEG segments: marker, and where its data starts and ends. */
interface JpegSegment {
  marker: number;
  start: number;
  dataStart: number;
  end: number;
}

/** The segments before the image data (start of scan), or null when the file is cut or malformed. */
function jpegSegments(bytes: Uint8Array): { segments: JpegSegment[]; scanStart: number } | null {
  const segments: JpegSegment[] = [];
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    // Fill bytes (0xFF) may pad between segments.
    while (bytes[offset] === 0xff && offset < bytes.length) offset++;
    const marker = bytes[offset];
    const start = offset - 1;
    offset++;
    if (marker === 0xd9) return null; // end of image before any scan
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (offset + 2 > bytes.length) return null;
    const length = u16be(bytes, offset);
    if (length < 2 || offset + length > bytes.length) return null;
    if (marker === 0xda) return { segments, scanStart: start };
    segments.push({ marker, start, dataStart: offset + 2, end: offset + length });
    offset += length;
  }
  return null;
}

function jpegSize(bytes: Uint8Array) {
  const parsed = jpegSegments(bytes);
  if (!parsed) return null;
  for (const s of parsed.segments) {
    // Start-of-frame markers C0-CF, except DHT (C4), JPG (C8) and DAC (CC).
    if (s.marker >= 0xc0 && s.marker <= 0xcf && s.marker !== 0xc4 && s.marker !== 0xc8 && s.marker !== 0xcc) {
      if (s.dataStart + 5 > s.end) return null;
      return { height: u16be(bytes, s.dataStart + 1), width: u16be(bytes, s.dataStart + 3) };
    }
  }
  return null;
}

interface RiffChunk {
  fourcc: string;
  start: number;
  dataStart: number;
  size: number;
  end: number;
}

function webpChunks(bytes: Uint8Array): RiffChunk[] | null {
  const chunks: RiffChunk[] = [];
  const riffEnd = Math.min(bytes.length, 8 + u32le(bytes, 4));
  let offset = 12;
  while (offset + 8 <= riffEnd) {
    const fourcc = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = u32le(bytes, offset + 4);
    const dataStart = offset + 8;
    const end = dataStart + size + (size % 2);
    if (dataStart + size > bytes.length) return null;
    chunks.push({ fourcc, start: offset, dataStart, size, end: Math.min(end, bytes.length) });
    offset = end;
  }
  return chunks;
}

function webpSize(bytes: Uint8Array) {
  const chunks = webpChunks(bytes);
  if (!chunks?.length) return null;
  const first = chunks[0];
  const d = first.dataStart;
  if (first.fourcc === "VP8X" && first.size >= 10) return { width: u24le(bytes, d + 4) + 1, height: u24le(bytes, d + 7) + 1 };
  if (first.fourcc === "VP8 " && first.size >= 10 && bytes[d + 3] === 0x9d && bytes[d + 4] === 0x01 && bytes[d + 5] === 0x2a) {
    return { width: u16le(bytes, d + 6) & 0x3fff, height: u16le(bytes, d + 8) & 0x3fff };
  }
  if (first.fourcc === "VP8L" && first.size >= 5 && bytes[d] === 0x2f) {
    const bits = u32le(bytes, d + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * A copy of the image without metadata. JPEG keeps only its orientation
 * (as a minimal EXIF block) so photos still stand upright; PNG loses its
 * text, EXIF and time chunks; WebP its EXIF and XMP chunks. GIF has nothing
 * of the kind worth the risk of rewriting and is returned as is.
 */
export function stripImageMetadata(bytes: Uint8Array, mime: AvatarMime): Uint8Array {
  switch (mime) {
    case "image/jpeg":
      return stripJpeg(bytes) ?? bytes;
    case "image/png":
      return stripPng(bytes) ?? bytes;
    case "image/webp":
      return stripWebp(bytes) ?? bytes;
    default:
      return bytes;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** APP1 (EXIF, XMP), APP12-APP15 (Ducky, IPTC, Adobe comments...) and COM segments go; APP0, APP2 (ICC), APP14 (Adobe colour) stay. */
function isJpegMetadata(marker: number) {
  return marker === 0xe1 || marker === 0xfe || marker === 0xec || marker === 0xed || marker === 0xef;
}

function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  const parsed = jpegSegments(bytes);
  if (!parsed) return null;
  const orientation = jpegOrientation(bytes, parsed.segments);
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientationWritten = orientation === 1;
  for (const segment of parsed.segments) {
    if (isJpegMetadata(segment.marker)) continue;
    parts.push(bytes.subarray(segment.start, segment.end));
    // Right after the JFIF header (or first, when there is none).
    if (!orientationWritten && segment.marker === 0xe0) {
      parts.push(minimalExif(orientation));
      orientationWritten = true;
    }
  }
  if (!orientationWritten) parts.splice(1, 0, minimalExif(orientation));
  parts.push(bytes.subarray(parsed.scanStart));
  return concat(parts);
}

/** The EXIF orientation (1-8) of a JPEG; 1 (upright) when absent or unreadable. */
function jpegOrientation(bytes: Uint8Array, segments: JpegSegment[]): number {
  for (const s of segments) {
    if (s.marker !== 0xe1 || !ascii(bytes, s.dataStart, "Exif\0\0")) continue;
    const tiff = s.dataStart + 6;
    if (tiff + 8 > s.end) return 1;
    const little = ascii(bytes, tiff, "II");
    if (!little && !ascii(bytes, tiff, "MM")) return 1;
    const u16 = (o: number) => (little ? u16le(bytes, o) : u16be(bytes, o));
    const u32 = (o: number) => (little ? u32le(bytes, o) : u32be(bytes, o));
    const ifd = tiff + u32(tiff + 4);
    if (ifd + 2 > s.end) return 1;
    const count = u16(ifd);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (entry + 12 > s.end) return 1;
      if (u16(entry) === 0x0112) {
        const value = u16(entry + 8);
        return value >= 1 && value <= 8 ? value : 1;
      }
    }
  }
  return 1;
}

/** An APP1 segment holding nothing but the orientation tag. */
function minimalExif(orientation: number): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xe1,
    0x00,
    0x22, // APP1, length 34
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00, // "Exif\0\0"
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // big-endian TIFF header, IFD0 at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00, // Orientation, SHORT, 1
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
}

const PNG_METADATA_CHUNKS = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

function stripPng(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = u32be(bytes, offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    if (!PNG_METADATA_CHUNKS.has(type)) parts.push(bytes.subarray(offset, end));
    offset = end;
    if (type === "IEND") return concat(parts);
  }
  return null;
}

function stripWebp(bytes: Uint8Array): Uint8Array | null {
  const chunks = webpChunks(bytes);
  if (!chunks?.length) return null;
  const kept = chunks.filter((c) => c.fourcc !== "EXIF" && c.fourcc !== "XMP ");
  if (kept.length === chunks.length) return bytes;
  const body = concat(kept.map((c) => bytes.slice(c.start, c.end)));
  if (kept[0].fourcc === "VP8X") body[8] &= ~(0x08 | 0x04); // no EXIF, no XMP
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  const size = body.length + 4;
  header[4] = size & 0xff;
  header[5] = (size >>> 8) & 0xff;
  header[6] = (size >>> 16) & 0xff;
  header[7] = (size >>> 24) & 0xff;
  return concat([header, body]);
}
