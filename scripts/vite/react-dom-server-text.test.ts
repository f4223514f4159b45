import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { reactDomServerTextTransform, utf8Length } from "./react-dom-server-text";

const require = createRequire(import.meta.url);
const cjs = (pkg: string, name: string) => join(dirname(require.resolve(`${pkg}/package.json`)), "cjs", name);
const file = cjs("react-dom", "react-dom-server.node.production.js");

type Render = (children: unknown, options?: { progressiveChunkSize?: number; nonce?: string }) => Promise<ReadableStream<Uint8Array>>;
// The production builds throughout, as the Worker has them (vitest's NODE_ENV would pick React's development build).
const React = require(cjs("react", "react.production.js")) as typeof import("react");
const { createElement: h, Suspense, use } = React;

/** React's Node server renderer as installed, or as the plugin rewrites it, on React's production build. */
function renderer(rewritten: boolean): Render {
  const source = readFileSync(file, "utf8");
  const code = rewritten ? reactDomServerTextTransform(source, file)! : source;
  const near = createRequire(file);
  const production: Record<string, unknown> = { react: React, "react-dom": require(cjs("react-dom", "react-dom.production.js")) };
  const module = { exports: {} as { renderToReadableStream: Render } };
  new Function("exports", "require", "module", "__filename", "__dirname", code)(module.exports, (id: string) => production[id] ?? near(id), module, file, dirname(file));
  return module.exports.renderToReadableStream;
}

async function bytesOf(render: Render, element: unknown, options?: Parameters<Render>[1]) {
  const stream = await render(element, options);
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

/** A page with many small fragments, text in several scripts, and content that arrives after the shell. */
function page(late: Promise<string>) {
  const Late = () => h("p", { "data-late": "" }, use(late));
  const cards = Array.from({ length: 300 }, (_, i) =>
    h(
      "li",
      { key: i, className: "card relative flex", "data-id": i },
      h(
        "a",
        { href: `/titles/${i}/caf\u00e9-${i}`, "aria-label": `Caf\u00e9 \u2014 ${i}` },
        h("img", { src: `/p/${i}.svg`, alt: "" }),
        h("span", null, `Le caf\u00e9 n\u00b0${i} \u6620\u753b \ud83c\udfac`),
      ),
    ),
  );
  return h("html", { lang: "fr" }, h("head", null, h("title", null, "Caf\u00e9")), h("body", null, h("main", null, h("ul", null, cards), h(Suspense, { fallback: h("p", null, "\u2026") }, h(Late)))));
}

describe("react-dom-server-text vite plugin (decision 045)", () => {
  it("finds every rewrite in the installed react-dom and leaves other modules alone", () => {
    const out = reactDomServerTextTransform(readFileSync(file, "utf8"), file)!;
    expect(out).toContain("__pendingText += chunk;");
    expect(out).not.toContain('Buffer.byteLength(chunk, "utf8")');
    expect(reactDomServerTextTransform("function writeChunk() {}", "/x/node_modules/react-dom/cjs/react-dom-server.edge.production.js")).toBeNull();
  });

  it("fails the build when react-dom no longer has the code it replaces", () => {
    expect(() => reactDomServerTextTransform("function writeChunk(destination, chunk) {\n}", file)).toThrow(/decision 045/);
  });

  it("sends the same bytes as React's own writer, in fewer pieces", async () => {
    const original = renderer(false);
    const rewritten = renderer(true);
    for (const progressiveChunkSize of [undefined, 500]) {
      const options = { nonce: "n0nce", progressiveChunkSize };
      const before = await bytesOf(original, page(new Promise((resolve) => setTimeout(() => resolve("Fin \u00e9t\u00e9 \ud83c\udf7f"), 5))), options);
      const after = await bytesOf(rewritten, page(new Promise((resolve) => setTimeout(() => resolve("Fin \u00e9t\u00e9 \ud83c\udf7f"), 5))), options);
      expect(after.bytes.toString("utf8")).toContain("Le caf\u00e9 n\u00b0299 \u6620\u753b \ud83c\udfac");
      expect(after.bytes.toString("utf8")).toContain("Fin \u00e9t\u00e9 \ud83c\udf7f");
      expect(after.bytes.equals(before.bytes)).toBe(true);
      expect(after.chunks).toBeLessThan(before.chunks);
    }
  });

  it("counts UTF-8 bytes as Buffer does", () => {
    for (const text of ["", "plain ASCII", "caf\u00e9 \u00b0", "\u6620\u753b \u2014 \u20ac", "\ud83c\udfac\ud83c\udf7f", "mixed \u00e9 \u6620 \ud83c\udfac end"]) {
      expect(utf8Length(text), text).toBe(Buffer.byteLength(text, "utf8"));
    }
  });
});
