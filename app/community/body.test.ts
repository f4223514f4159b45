import { describe, expect, it } from "vitest";
import { countLinks, renderBody } from "./body.server";

describe("renderBody", () => {
  it("keeps paragraphs and line breaks, and links http(s) addresses with rel nofollow ugc", () => {
    expect(renderBody("First line\nsecond line\n\n\n\nSee https://example.test/a.")).toBe(
      '<p>First line<br>second line</p><p>See <a href="https://example.test/a" rel="nofollow ugc">https://example.test/a</a>.</p>',
    );
    expect(renderBody("**bold** and *soft* [docs](https://example.test/x?a=1&b=2)")).toBe(
      '<p><strong>bold</strong> and <em>soft</em> <a href="https://example.test/x?a=1&amp;b=2" rel="nofollow ugc">docs</a></p>',
    );
  });

  it("renders markup people type as text", () => {
    const html = renderBody("<img src=x onerror=alert(1)> </script><script>alert(2)</script> [x](javascript:alert(3)) javascript:alert(4)");
    expect(html).not.toMatch(/<img|<script|<\/script>|href="javascript/i);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;/script&gt;");
    expect(html).toContain("[x](javascript:alert(3))");
  });

  it("counts links for the link limit", () => {
    expect(countLinks("a https://a.test b http://b.test [c](https://c.test) javascript:x")).toBe(3);
    expect(countLinks("no links here")).toBe(0);
  });
});
