import { PAGE_LINES_GLOBAL } from "./page-lines";

/**
 * The inline script that hands the page's lines to the browser: classic (not
 * a module), so it runs as parsed, before the deferred module scripts that
 * hydrate. "<" and the JavaScript line separators are escaped so no line can
 * close the tag or break the statement.
 */
export function pageLinesScript(lines: Record<string, string>, nonce: string): string {
  const json = JSON.stringify(lines)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script nonce="${nonce}">${PAGE_LINES_GLOBAL}=${json}</script>`;
}
