import { describe, expect, it } from "vitest";
import { spliceDocument } from "~/http/splice-document";
import { jsonLdScript } from "./json-ld.server";

const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Heat</title></head><body><main>Heat</main></body></html>`;

function stream(text: string) {
  return new Response(text).body!;
}

describe("the page's JSON-LD in the HTML", () => {
  it("ends the document's head, with the response's nonce", async () => {
    const html = await new Response(spliceDocument(stream(page), { head: jsonLdScript({ "@type": "Movie", name: "Heat" }, "n0nce") })).text();
    expect(html).toContain(`<title>Heat</title><script type="application/ld+json" nonce="n0nce">{"@context":"https://schema.org","@type":"Movie","name":"Heat"}</script></head>`);
    expect(html.match(/application\/ld\+json/g)).toHaveLength(1);
    expect(html.endsWith("<body><main>Heat</main></body></html>")).toBe(true);
  });

  it("cannot be closed early by a string in the data", () => {
    const script = jsonLdScript({ name: "</script><script>alert(1)</script>\u2028" }, "n");
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = script.slice(script.indexOf(">") + 1, script.lastIndexOf("</script>"));
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script>\u2028");
  });
});
