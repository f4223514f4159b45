/**
 * The JavaScript a page makes the browser load at once, read from its HTML
 * (used by npm run bench for the public-page budget).
 */
/** Every script the page loads at once: <script src>, modulepreload links and static imports in inline modules. */
export function scriptUrlsOf(html: string): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attributes)?.[1];
    if (src) urls.add(src);
    else if (!/type\s*=\s*["']application\/(ld\+)?json["']/i.test(attributes) && body.trim()) {
      inline.push(body);
      for (const imported of body.matchAll(/(?:import\s*(?:[^"'()]*?\sfrom\s*)?|import\()\s*["']([^"']+\.m?js)["']/g)) urls.add(imported[1]);
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (/rel\s*=\s*["']modulepreload["']/i.test(tag)) {
      const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
      if (href) urls.add(href);
    }
  }
  return { urls: [...urls], inline };
}

/**
 * Ask for pages as a browser does: the server answers crawlers (isbot) with
 * the complete document but browsers with a streamed one, whose inline
 * scripts can differ.
 */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/** A public page ships at most this much JavaScript, gzip (docs/decisions/006). */
export const PUBLIC_PAGE_JS_BUDGET_BYTES = 120 * 1024;

/**
 * Decision 026: room kept free under the budget for what is still to come (channel
 * rows, rating stars, watchlist buttons): the public pages the e2e spec
 * measures stay at or under the budget minus this (docs/decisions/026).
 */
// Back to 8 KB (decision 045): a guest's title page and /titles keep their card rows' and server-made
// HTML from the document instead of loading card code and repeating the data (was 4 KB, decision 041).
export const PUBLIC_PAGE_JS_MARGIN_BYTES = 8 * 1024;

export interface ShippedJavaScript {
  /** Sum of the gzip -9 sizes of every file and inline script, each compressed on its own. */
  gzip: number;
  raw: number;
  files: { url: string; raw: number; gzip: number }[];
  inline: { raw: number; gzip: number }[];
  /** Script addresses on another origin (not counted). */
  foreign: string[];
}

/**
 * What a page's HTML makes the browser load at once (scriptUrlsOf), each file
 * and each inline script gzipped at level 9 on its own, as a server would
 * send it. `load` returns a script's bytes (from fetch, or from what a
 * browser received); the bench and the e2e spec both count with this.
 */
export async function shippedJavaScript(html: string, pageUrl: string, load: (absoluteUrl: string) => Promise<Uint8Array>): Promise<ShippedJavaScript> {
  const { gzipSync } = await import("node:zlib");
  const { urls, inline } = scriptUrlsOf(html);
  const origin = new URL(pageUrl).origin;
  const result: ShippedJavaScript = { gzip: 0, raw: 0, files: [], inline: [], foreign: [] };
  for (const url of urls) {
    const absolute = new URL(url, pageUrl);
    if (absolute.origin !== origin) {
      result.foreign.push(absolute.href);
      continue;
    }
    const bytes = await load(absolute.href);
    const entry = { url: absolute.pathname, raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
    result.files.push(entry);
  }
  for (const body of inline) {
    const bytes = Buffer.from(body);
    result.inline.push({ raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength });
  }
  for (const part of [...result.files, ...result.inline]) {
    result.gzip += part.gzip;
    result.raw += part.raw;
  }
  return result;
}
