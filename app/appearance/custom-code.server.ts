import xssModule from "xss";
import { withScriptNonce } from "~/ads/ads.server";
import type { Settings } from "~/settings/definitions";

// js-xss is CommonJS: Node's ESM loader (seed scripts, tests) exposes only its default export.
const { escapeAttrValue, FilterXSS, getDefaultWhiteList } = xssModule as unknown as typeof import("xss");

/**
 * The site's custom CSS and HTML (settings custom_code.*), as every public
 * page renders them. CSS goes into a <style> element (the CSP allows inline
 * styles), with anything that could close the element defused. HTML goes
 * at the end of <body>:
 * - with custom_code.allow_scripts on, as written, each <script> carrying
 *   this response's CSP nonce (like the ad slots), so it runs;
 * - otherwise through a filter that keeps markup (including inline styles
 *   and the video embeds the CSP allows) but drops <script> elements with
 *   their content, every on* event attribute and javascript: addresses.
 */
const allowList = (() => {
  const list = getDefaultWhiteList();
  const common = ["class", "id", "style", "title", "role", "lang", "dir"];
  for (const tag of Object.keys(list)) list[tag] = [...new Set([...(list[tag] ?? []), ...common])];
  list.iframe = ["src", "width", "height", "title", "allow", "allowfullscreen", "loading", "referrerpolicy", ...common];
  list.section = common;
  list.nav = common;
  list.main = common;
  list.button = ["type", ...common];
  list.a = [...new Set([...(list.a ?? []), "rel", "name"])];
  return list;
})();

const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#|\.{0,2}\/?[\w-])/i;

const filter = new FilterXSS({
  allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "noscript", "template", "object", "embed"],
  allowCommentTag: false,
  onIgnoreTagAttr(_tag, name, value) {
    // data-* and aria-* attributes are harmless and widgets rely on them.
    if (/^(data|aria)-[\w-]+$/.test(name)) return `${name}="${escapeAttrValue(value)}"`;
    return undefined;
  },
  onTagAttr(_tag, name, value) {
    if (name === "href" || name === "src") {
      const trimmed = value.trim();
      if (/^\s*(javascript|vbscript|data):/i.test(trimmed) || !SAFE_URL.test(trimmed)) return "";
      return `${name}="${escapeAttrValue(trimmed)}"`;
    }
    return undefined;
  },
});

/** Custom HTML without anything that runs: script elements, event handlers and script addresses removed. */
export function stripScripts(html: string): string {
  return filter.process(html);
}

/** A style sheet that cannot end its <style> element early. */
export function safeCss(css: string): string {
  return css.replace(/<\/(style)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

export interface CustomCode {
  css: string;
  html: string;
}

export function customCodeFor(settings: Settings, nonce: string): CustomCode {
  const css = settings["custom_code.css"].trim();
  const html = settings["custom_code.html"].trim();
  return {
    css: css ? safeCss(css) : "",
    html: !html ? "" : settings["custom_code.allow_scripts"] ? withScriptNonce(html, nonce) : stripScripts(html),
  };
}
