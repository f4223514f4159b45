/**
 * Fetching one image from the configured TMDB image host (decision 021,
 * SSRF by redirect): redirects are handled by hand (`redirect: "manual"`)
 * and followed only while they stay on the configured origin, at most
 * TMDB_IMAGE_MAX_REDIRECTS times; a host that is a private, loopback or
 * link-local address is refused unless it IS the configured host (an
 * operator's explicit choice, as local stand-ins are); only the raster
 * types given pass, and the body is read as a stream that stops at the
 * byte cap, whatever Content-Length says. No dependencies, so it is tested
 * in Node against a real local HTTP server.
 */

export interface ImageFetchLimits {
  /** The configured image base; only its origin (scheme, host, port) is fetched. */
  allowedBase: string;
  maxBytes: number;
  maxRedirects: number;
  types: ReadonlySet<string>;
}

export type ImageFetchResult = { ok: true; bytes: Uint8Array; type: string } | { ok: false; reason: string; status?: number };

/** Loopback, private (RFC 1918, ULA), link-local, CGNAT, unspecified and localhost names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (host.includes(":")) {
    if (host === "::" || host === "::1") return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isPrivateHost(mapped[1]!);
    // WHATWG URL writes a mapped address in hex (::ffff:7f00:1): treat every mapped address as private.
    if (host.startsWith("::ffff:")) return true;
    return /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
  }
  // Decimal, octal or hex spellings of an address (http://2130706433/) are not names TMDB uses.
  return /^[0-9.]+$/.test(host) || /^0x[0-9a-f]+$/i.test(host);
}

function allowed(url: URL, base: URL) {
  if (url.protocol !== base.protocol || url.host !== base.host) return false;
  if (url.username || url.password) return false;
  return url.hostname === base.hostname || !isPrivateHost(url.hostname);
}

/** Reads at most `max` bytes of a body; null when it is longer (the rest is cancelled, never read). */
export async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

export async function fetchImage(fetcher: typeof fetch, url: string, limits: ImageFetchLimits): Promise<ImageFetchResult> {
  const base = new URL(limits.allowedBase);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  for (let hop = 0; ; hop++) {
    if (!allowed(current, base)) return { ok: false, reason: isPrivateHost(current.hostname) ? "private address" : "off the image host" };
    const response = await fetcher(current.toString(), { redirect: "manual", headers: { Accept: [...limits.types].join(", ") } });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      if (!location) return { ok: false, reason: "redirect without a location", status: response.status };
      if (hop >= limits.maxRedirects) return { ok: false, reason: "too many redirects", status: response.status };
      try {
        current = new URL(location, current);
      } catch {
        return { ok: false, reason: "bad redirect", status: response.status };
      }
      continue;
    }
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (!response.ok || !limits.types.has(type) || declared > limits.maxBytes) {
      await response.body?.cancel();
      return { ok: false, reason: !response.ok ? "not ok" : !limits.types.has(type) ? "not an image" : "too large", status: response.status };
    }
    const bytes = await readCapped(response.body, limits.maxBytes);
    if (!bytes) return { ok: false, reason: "too large", status: response.status };
    if (bytes.byteLength === 0) return { ok: false, reason: "empty", status: response.status };
    return { ok: true, bytes, type };
  }
}
