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
