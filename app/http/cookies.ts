/**
 * Cookie reading and writing. Reading never throws: a malformed header or
 * value is treated as absent.
 */
export function parseCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header || header.length > 16_384) return jar;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (!jar.has(name)) jar.set(name, value);
  }
  return jar;
}

export function readCookie(request: Request, name: string): string | null {
  return parseCookies(request.headers.get("Cookie")).get(name) ?? null;
}

export interface CookieOptions {
  /** Seconds; omit for a browser-session cookie, 0 to delete. */
  maxAge?: number;
  httpOnly?: boolean;
  path?: string;
}

/**
 * Every cookie we set is SameSite=Lax, HttpOnly unless the browser must read
 * it, and Secure whenever the site is served over HTTPS (so it still works on
 * http://localhost).
 */
export function serializeCookie(request: Request, name: string, value: string, options: CookieOptions = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`, "SameSite=Lax"];
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
    if (options.maxAge <= 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  }
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (new URL(request.url).protocol === "https:") parts.push("Secure");
  return parts.join("; ");
}

export function deleteCookie(request: Request, name: string) {
  return serializeCookie(request, name, "", { maxAge: 0 });
}
