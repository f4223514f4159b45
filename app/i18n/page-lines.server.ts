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

/**
 * The document with the page's lines at the end of its <body>. The lines are
 * read when the rewriter reaches </body>: React writes it last, after every
 * part of the page (streamed ones too) has rendered, so every key the render
 * translated has been recorded by then.
 */
export function withPageLines(body: ReadableStream, lines: () => Record<string, string>, nonce: string): ReadableStream {
  let added = false;
  return new HTMLRewriter()
    .on("body", {
      element(element) {
        element.onEndTag((end) => {
          if (added) return;
          added = true;
          end.before(pageLinesScript(lines(), nonce), { html: true });
        });
      },
    })
    .transform(new Response(body)).body!;
}
