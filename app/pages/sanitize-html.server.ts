import xssModule from "xss";

// js-xss is CommonJS: Node's ESM loader (seed scripts) exposes only its default export.
const { escapeAttrValue, FilterXSS, getDefaultWhiteList } = xssModule as unknown as typeof import("xss");

/**
 * Custom page bodies are HTML written by administrators in a rich-text
 * editor. They are cleaned with js-xss (a small, dependency-light parser that
 * runs in workerd) when saved and again when rendered, so a row written by
 * any other path (a script, an old version, a restored backup) is still safe.
 *
 * Allowed: js-xss's default list of formatting tags plus headings ids,
 * classes, tables and figures; links keep only http(s), mailto, tel and
 * in-site targets. Everything else is dropped together with the bodies of
 * <script>, <style>, <iframe> and similar.
 */
const allowList = (() => {
  const list = getDefaultWhiteList();
  const common = ["class", "id", "dir", "lang", "title"];
  for (const tag of Object.keys(list)) list[tag] = [...new Set([...(list[tag] ?? []), ...common])];
  list.a = [...new Set([...(list.a ?? []), "rel", "name"])];
  list.th = [...new Set([...(list.th ?? []), "scope"])];
  for (const tag of ["audio", "video", "source", "track", "font", "center", "big", "strike"]) delete list[tag];
  return list;
})();

/** Absolute http(s), mailto and tel links, in-site paths and fragments; never "//host" or "/\\host". */
const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i;

const filter = new FilterXSS({
  allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math", "form"],
  allowCommentTag: false,
  onTagAttr(tag, name, value) {
    if (name === "href" || name === "src") {
      const trimmed = value.trim();
      if (!SAFE_URL.test(trimmed)) return "";
      return `${name}="${escapeAttrValue(trimmed)}"`;
    }
    if (tag === "a" && name === "target") return value === "_blank" ? `target="_blank"` : "";
    // New tabs never get a handle on this page.
    if (tag === "a" && name === "rel") return `rel="noopener noreferrer"`;
    return undefined;
  },
});

export function sanitizeHtml(html: string): string {
  // Links that open a new tab always carry rel="noopener noreferrer".
  return filter
    .process(html)
    .replace(/<a ([^>]*?)target="_blank"([^>]*)>/g, (tag, before: string, after: string) => (/\brel=/.test(before + after) ? tag : `<a ${before}target="_blank" rel="noopener noreferrer"${after}>`));
}
