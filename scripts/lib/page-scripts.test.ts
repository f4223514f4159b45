import { describe, expect, it } from "vitest";
import { scriptUrlsOf } from "./page-scripts";

describe("scriptUrlsOf", () => {
  it("finds script sources, module preloads and static imports of inline modules, once each", () => {
    const html = `
      <link rel="modulepreload" href="/assets/entry.client-a.js"/>
      <link rel="modulepreload" href="/assets/root-b.js">
      <link rel="stylesheet" href="/assets/app.css">
      <script src="/assets/legacy.js"></script>
      <script nonce="x">window.__ctx = {"a":1};</script>
      <script type="module" nonce="x">import "/assets/manifest-c.js";
        import * as route0 from "/assets/root-b.js";
        import("/assets/entry.client-a.js");</script>
      <script type="application/ld+json">{"@type":"Movie"}</script>`;
    const { urls, inline } = scriptUrlsOf(html);
    expect(urls.sort()).toEqual(["/assets/entry.client-a.js", "/assets/legacy.js", "/assets/manifest-c.js", "/assets/root-b.js"]);
    expect(inline).toHaveLength(2);
  });
});
