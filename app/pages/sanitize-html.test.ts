import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize-html.server";

describe("sanitizeHtml", () => {
  it("keeps ordinary formatting, headings, lists, tables and links", () => {
    const html =
      '<h2 id="data">Data we keep</h2><p>We keep <strong>very</strong> <em>little</em>.</p><ul><li>One</li></ul>' +
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
      '<p><a href="/pages/terms-of-service">Terms</a> <a href="mailto:privacy@example.com">Mail</a></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("drops scripts, styles, frames and forms together with their content", () => {
    const out = sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><form><input name="x"></form><p>b</p>');
    expect(out).toBe("<p>a</p><p>b</p>");
  });

  it("drops event handlers and style attributes", () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red">x</p><img src="/a.svg" onerror="alert(1)" alt="a">')).toBe('<p>x</p><img src="/a.svg" alt="a">');
  });

  it.each(["javascript:alert(1)", " JaVaScRiPt:alert(1)", "&#106;avascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "//evil.example/", "/\\evil.example/"])(
    "removes the unsafe link target %s",
    (href) => {
      const out = sanitizeHtml(`<a href="${href}">x</a>`);
      expect(out).not.toMatch(/href=/);
    },
  );

  it("adds rel=noopener to links that open a new tab", () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="https://example.com" target="top">x</a>')).toBe('<a href="https://example.com">x</a>');
  });

  it("is stable: cleaning clean HTML changes nothing", () => {
    const once = sanitizeHtml('<p>x<img src=x onerror=alert(1)><svg><script>1</script></svg><a href="/a" target="_blank">y</a></p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
