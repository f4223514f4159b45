import { describe, expect, it } from "vitest";
import { spliceDocument } from "./splice-document";

const page = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>A &lt;/head&gt; title</title></head><body><main>Plot</main><script>x="\\u003c/body>"</script></body></html>';
const expected =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>A &lt;/head&gt; title</title><script type="ld">{}</script></head><body><main>Plot</main><script>x="\\u003c/body>"</script><script>lines</script></body></html>';

/** The page cut into chunks at the given offsets, spliced, read back as text. */
async function spliced(cuts: number[], options: Parameters<typeof spliceDocument>[1]) {
  const bytes = new TextEncoder().encode(page);
  const bounds = [0, ...cuts, bytes.length];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i + 1 < bounds.length; i++) controller.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
      controller.close();
    },
  });
  return new Response(spliceDocument(body, options)).text();
}

describe("spliceDocument", () => {
  it("writes the head part before </head> and the tail before the last </body>, wherever the chunks are cut", async () => {
    const length = new TextEncoder().encode(page).length;
    for (let a = 1; a < length; a++) {
      expect(await spliced([a], { head: '<script type="ld">{}</script>', tail: () => "<script>lines</script>" })).toBe(expected);
    }
    for (let a = 1; a < length - 3; a += 7)
      for (let b = a + 1; b < length; b += 3) expect(await spliced([a, b], { head: '<script type="ld">{}</script>', tail: () => "<script>lines</script>" })).toBe(expected);
  });

  it("does one insertion alone, and leaves a page without the tag as it was", async () => {
    expect(await spliced([40, 90], { head: "<x>" })).toBe(page.replace("</head>", "<x></head>"));
    expect(await spliced([40, 150], { tail: () => "<y>" })).toBe(page.replace("</body></html>", "<y></body></html>"));
    expect(await spliced([10], {})).toBe(page);
    const noBody = page.replace("</body></html>", "");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(noBody));
        controller.close();
      },
    });
    expect(await new Response(spliceDocument(body, { tail: () => "<y>" })).text()).toBe(noBody);
  });

  it("asks for the tail only once the whole page has gone through", async () => {
    let seen = "";
    const chunks = ["<html><head></head><body>", "<p>a</p>", "</body></html>"];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else {
          seen += next;
          controller.enqueue(new TextEncoder().encode(next));
        }
      },
    });
    const text = await new Response(spliceDocument(body, { tail: () => `<i>${seen.length}</i>` })).text();
    expect(text).toBe("<html><head></head><body><p>a</p><i>47</i></body></html>");
  });
});
