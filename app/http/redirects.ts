/**
 * A path that is safe to redirect to after an action: same origin only.
 * Anything else (absolute URLs to other hosts, protocol-relative "//evil",
 * backslash tricks, javascript:) falls back. The check runs again on the
 * normalised result: dot-segments (also percent-encoded ones) can turn
 * `/..//evil.example` into the protocol-relative `//evil.example`.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://x.invalid");
    if (url.origin !== "http://x.invalid") return fallback;
    const path = url.pathname + url.search + url.hash;
    if (!path.startsWith("/") || path.startsWith("//") || /^\/[\\/]|[\u0000-\u001f\u007f\\]/i.test(path) || /^\/%(2f|5c)/i.test(path)) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** Where a no-JS form should return to: an explicit field, else the Referer when it is ours. */
export function backTo(request: Request, field: FormDataEntryValue | null | undefined, fallback = "/") {
  if (typeof field === "string" && field) return safeRedirectPath(field, fallback);
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return fallback;
    return safeRedirectPath(url.pathname + url.search, fallback);
  } catch {
    return fallback;
  }
}
