import xssModule from "xss";

// js-xss is CommonJS: Node's ESM loader (seed scripts) exposes only its default export.
const { FilterXSS } = xssModule as unknown as typeof import("xss");

/**
 * Review and comment bodies: plain text with paragraphs and links, plus a
 * small Markdown subset (**bold**, *italic*, [text](https://…)). The text is
 * escaped first and only these few constructs become tags, so nothing a
 * person types can be markup; js-xss then cleans the result once more with a
 * list of exactly those tags, as a second line of defence. Only http(s)
 * links are made (a `javascript:` link stays text), each with
 * rel="nofollow ugc" (search engines: user content, no endorsement).
 * Rendered once, on write, and stored beside the text (`body_html`).
 */

const LINK = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s()<>"']{1,2000})\)|(https?:\/\/[^\s<>"']{1,2000})/gi;

const filter = new FilterXSS({
  whiteList: { p: [], br: [], strong: [], em: [], a: ["href", "rel"] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style"],
  allowCommentTag: false,
  onTagAttr(tag, name, value) {
    if (tag === "a" && name === "href") return /^https?:\/\//i.test(value) ? `href="${value}"` : "";
    if (tag === "a" && name === "rel") return `rel="nofollow ugc"`;
    return undefined;
  },
});

export function escapeText(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Bold and italic on already-escaped text (escaping leaves `*` alone). */
function emphasis(escaped: string) {
  return escaped.replace(/\*\*([^*\n]+)\*\*/g, "<strong>$1</strong>").replace(/(^|[^*])\*([^*\n]+)\*(?!\*)/g, "$1<em>$2</em>");
}

function link(href: string, label: string) {
  return `<a href="${escapeText(href)}" rel="nofollow ugc">${label}</a>`;
}

function renderInline(text: string) {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    out += emphasis(escapeText(text.slice(last, start)));
    if (match[2]) {
      out += link(match[2], emphasis(escapeText(match[1]!)));
      last = start + match[0].length;
    } else {
      // A bare address: trailing punctuation belongs to the sentence.
      const bare = match[3]!.replace(/[.,;:!?)\]]+$/, "");
      out += link(bare, escapeText(bare));
      last = start + bare.length;
    }
  }
  return out + emphasis(escapeText(text.slice(last)));
}

/** The stored HTML of a body: paragraphs at blank lines, <br> at single newlines. */
export function renderBody(text: string): string {
  const paragraphs = normalizeBody(text)
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const html = paragraphs.map((p) => `<p>${p.split("\n").map(renderInline).join("<br>")}</p>`).join("");
  return filter.process(html);
}

/** Line endings unified, trailing spaces and runs of blank lines trimmed (also what duplicate detection compares). */
export function normalizeBody(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** How many links a body would get (the anti-spam link limit). */
export function countLinks(text: string) {
  return [...text.matchAll(LINK)].length;
}

/** A short plain excerpt for notifications and mails (escaped where it is shown). */
export function excerpt(text: string, max = 140) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
