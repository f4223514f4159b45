/**
 * Serves one R2 object over HTTP the way a CDN would: single byte ranges
 * (206 / 416), validators (ETag, Last-Modified) and conditional requests
 * (If-None-Match, If-Modified-Since, If-Match, If-Unmodified-Since,
 * If-Range), a correct Content-Type and a safe Content-Disposition. The body
 * is streamed from R2, never buffered. Shared by the catalogue media route
 * and file downloads.
 */

export interface ServeR2ObjectOptions {
  /** Cache-Control of successful responses. Default: public, one day. */
  cacheControl?: string;
  /** Name offered to the browser; default: the last segment of the key. */
  filename?: string;
  /** Force a download even for types a browser could show inline. */
  download?: boolean;
  /** Overrides the stored Content-Type. */
  contentType?: string;
}

export const PUBLIC_MEDIA_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

/** Types a browser shows inline without running anything of the file's own. */
const INLINE_SAFE = /^(video|audio)\/|^image\/(png|jpeg|gif|webp|avif)$|^application\/pdf$|^text\/plain$|^text\/vtt$/;

const TYPES_BY_EXTENSION: Record<string, string> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  mkv: "video/x-matroska",
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  wav: "audio/wav",
  vtt: "text/vtt",
  srt: "application/x-subrip",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  txt: "text/plain",
  json: "application/json",
};

/** The Content-Type to send for a key when R2 has none stored. */
export function contentTypeForKey(key: string): string {
  const extension = key.split("/").pop()?.split(".").pop()?.toLowerCase() ?? "";
  return TYPES_BY_EXTENSION[extension] ?? "application/octet-stream";
}

export type ByteRange = { offset: number; length: number };

/**
 * Parses a Range header against an object of `size` bytes (RFC 9110 14.1.2).
 * - `null`: no usable range; serve the whole object (no header, another
 *   unit, malformed syntax, or several ranges, which we choose not to serve
 *   as multipart);
 * - `"unsatisfiable"`: a well-formed single range that selects nothing (416);
 * - a byte range, clamped to the object.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (header === null) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const specs = match[1].split(",").map((s) => s.trim());
  if (specs.length !== 1 || specs[0] === "") return null;
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0]);
  if (!spec) return null;
  const [, firstText, lastText] = spec;
  if (firstText === "" && lastText === "") return null;
  if (firstText === "") {
    // Suffix range: the last N bytes.
    const suffix = Number(lastText);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const first = Number(firstText);
  const last = lastText === "" ? Number.POSITIVE_INFINITY : Number(lastText);
  if (last < first) return null; // invalid: ignore the header
  if (first >= size) return "unsatisfiable";
  return { offset: first, length: Math.min(last, size - 1) - first + 1 };
}

/** Entity tags listed in If-None-Match / If-Match ("*" included). */
function parseEtagList(header: string): string[] {
  return header
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

function weakMatch(list: string[], etag: string): boolean {
  const bare = (tag: string) => tag.replace(/^W\//, "");
  return list.some((tag) => tag === "*" || bare(tag) === bare(etag));
}

function strongMatch(list: string[], etag: string): boolean {
  return list.some((tag) => tag === "*" || (!tag.startsWith("W/") && tag === etag));
}

/** Seconds precision, as in HTTP dates. */
function httpSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function parseHttpDate(value: string | null): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const clean = filename.replace(/[\u0000-\u001f\u007f/\\]/g, "").slice(0, 200) || "file";
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_").replace(/["%;]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function baseHeaders(object: R2Object, key: string, options: ServeR2ObjectOptions): Headers {
  const headers = new Headers();
  const type = options.contentType ?? object.httpMetadata?.contentType ?? contentTypeForKey(key);
  headers.set("Content-Type", type);
  headers.set("ETag", object.httpEtag);
  headers.set("Last-Modified", object.uploaded.toUTCString());
  headers.set("Cache-Control", options.cacheControl ?? object.httpMetadata?.cacheControl ?? PUBLIC_MEDIA_CACHE_CONTROL);
  headers.set("Accept-Ranges", "bytes");
  headers.set("X-Content-Type-Options", "nosniff");
  const inline = !options.download && INLINE_SAFE.test(type.split(";")[0].trim().toLowerCase());
  headers.set("Content-Disposition", contentDisposition(inline ? "inline" : "attachment", options.filename ?? key.split("/").pop() ?? "file"));
  // Anything the browser renders as a document (SVG, HTML) runs with no powers.
  headers.set("Content-Security-Policy", "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
  if (object.httpMetadata?.contentLanguage) headers.set("Content-Language", object.httpMetadata.contentLanguage);
  return headers;
}

type Decision = { status: 304 | 412 } | { status: 416 } | { status: 200 } | { status: 206; range: ByteRange };

/** Evaluates the request's preconditions and range against the object's metadata. */
export function decide(request: Request, object: Pick<R2Object, "httpEtag" | "uploaded" | "size">): Decision {
  const etag = object.httpEtag;
  const modified = httpSeconds(object.uploaded);
  const headers = request.headers;

  // RFC 9110 13.2.2: If-Match, then If-Unmodified-Since, then If-None-Match, then If-Modified-Since.
  const ifMatch = headers.get("If-Match");
  if (ifMatch !== null) {
    if (!strongMatch(parseEtagList(ifMatch), etag)) return { status: 412 };
  } else {
    const unmodifiedSince = parseHttpDate(headers.get("If-Unmodified-Since"));
    if (unmodifiedSince !== null && modified > unmodifiedSince) return { status: 412 };
  }
  const ifNoneMatch = headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    if (weakMatch(parseEtagList(ifNoneMatch), etag)) return { status: 304 };
  } else {
    const modifiedSince = parseHttpDate(headers.get("If-Modified-Since"));
    if (modifiedSince !== null && modified <= modifiedSince) return { status: 304 };
  }

  const range = parseRange(headers.get("Range"), object.size);
  if (range === null) return { status: 200 };
  // If-Range: serve the range only if the client's copy is still current.
  const ifRange = headers.get("If-Range");
  if (ifRange !== null) {
    const value = ifRange.trim();
    const current = value.startsWith('"') || value.startsWith("W/") ? !value.startsWith("W/") && value === etag : parseHttpDate(value) === modified;
    if (!current) return { status: 200 };
  }
  if (range === "unsatisfiable") return { status: 416 };
  return { status: 206, range };
}

/**
 * Answers GET/HEAD for `key` from `bucket`. Returns 404 when the object does
 * not exist and 405 for other methods.
 */
export async function serveR2Object(bucket: R2Bucket, key: string, request: Request, options: ServeR2ObjectOptions = {}): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  // Metadata first: 304, 412 and 416 then cost no body read, and ranges are
  // resolved against the real size before asking R2 for bytes.
  const head = await bucket.head(key);
  if (!head) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

  const decision = decide(request, head);
  const headers = baseHeaders(head, key, options);
  switch (decision.status) {
    case 304: {
      // A 304 carries the validators and caching headers, nothing about the body.
      for (const name of ["Content-Type", "Content-Disposition", "Content-Language"]) headers.delete(name);
      return new Response(null, { status: 304, headers });
    }
    case 412:
      return new Response(null, { status: 412, headers: { ETag: head.httpEtag } });
    case 416:
      headers.set("Content-Range", `bytes */${head.size}`);
      headers.set("Content-Type", "text/plain; charset=utf-8");
      headers.delete("Content-Disposition");
      return new Response(request.method === "HEAD" ? null : "Range not satisfiable", { status: 416, headers });
  }

  const range = decision.status === 206 ? decision.range : null;
  const length = range ? range.length : head.size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
  if (request.method === "HEAD") return new Response(null, { status: decision.status, headers });

  // The object must still be the one whose size and ETag we answered with.
  const object = await bucket.get(key, {
    range: range ?? undefined,
    onlyIf: { etagMatches: head.etag },
  });
  if (!object || !("body" in object)) {
    // Replaced or deleted between the two calls: let the client retry.
    return new Response("The file changed while it was being read; please retry.", {
      status: 503,
      headers: { "Retry-After": "1", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(object.body, { status: decision.status, headers });
}
