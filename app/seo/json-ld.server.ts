import { createContext, type RouterContextProvider } from "react-router";

/**
 * Structured data (schema.org JSON-LD) of the page being rendered. A loader
 * sets it; entry.server writes it into the document's <head> as a script
 * carrying the response's CSP nonce. It is not loader data: loader data is
 * inline JavaScript on the page (the public-page JavaScript budget of decision 006), and only crawlers read
 * JSON-LD, in the server's HTML.
 */
const jsonLdContext = createContext<Record<string, unknown> | null>(null);

export function setPageJsonLd(context: Readonly<RouterContextProvider>, data: Record<string, unknown> | null) {
  (context as RouterContextProvider).set(jsonLdContext, data);
}

export function pageJsonLd(context: Readonly<RouterContextProvider>): Record<string, unknown> | null {
  return context.get(jsonLdContext);
}

/** The script tag; "<" is escaped so no string in the data can close it. */
export function jsonLdScript(data: Record<string, unknown>, nonce: string): string {
  const json = JSON.stringify({ "@context": "https://schema.org", ...data })
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script type="application/ld+json" nonce="${nonce}">${json}</script>`;
}
