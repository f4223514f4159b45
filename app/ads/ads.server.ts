import type { Settings } from "~/settings/definitions";

/** The ad slots, each a server-only setting holding HTML. */
export const AD_SLOTS = ["ads.general_top", "ads.general_bottom", "ads.title_top", "ads.person_top", "ads.watch_top"] as const;
export type AdSlotKey = (typeof AD_SLOTS)[number];
export type AdSlots = Partial<Record<AdSlotKey, string>>;

const SCRIPT_OPEN = /<script\b([^>]*)>/gi;
const NONCE_ATTR = /\snonce\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * Ad HTML is written by administrators only and may carry inline or external
 * scripts. Under our CSP ('nonce-…' 'strict-dynamic') a script runs only when
 * it carries this response's nonce, so every <script> tag gets it here; any
 * nonce already in the HTML is replaced, never trusted.
 */
export function withScriptNonce(html: string, nonce: string): string {
  return html.replace(SCRIPT_OPEN, (_, attrs: string) => `<script${attrs.replace(NONCE_ATTR, "")} nonce="${nonce}">`);
}

/**
 * The filled slots among `keys`, ready to render with this response's nonce.
 * Empty or whitespace-only slots are left out, so they render nothing.
 */
export function adSlots(settings: Settings, nonce: string, keys: readonly AdSlotKey[]): AdSlots {
  const out: AdSlots = {};
  for (const key of keys) {
    const html = settings[key];
    if (html && html.trim() !== "") out[key] = withScriptNonce(html, nonce);
  }
  return out;
}
