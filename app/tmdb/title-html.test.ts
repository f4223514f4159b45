import { expect, it } from "vitest";
import { titleTmdbHtml } from "./title-html.server";

const t = ((text: string) => text) as never;

it("escapes every TMDB value in the server-rendered blocks and refuses non-http links", () => {
  const html = titleTmdbHtml(
    {
      fromTmdb: true,
      tmdbRating: 7,
      tmdbVotes: 3,
      watch: { region: "US", link: "javascript:alert(1)", groups: [{ kind: "flatrate", providers: [{ id: 1, name: `<script>alert("x")</script>`, logo: null }] }] },
      links: [{ kind: "homepage", url: `https://example.test/"><b>` }],
    },
    { t, language: "en", importForTitleId: null },
  )!;
  expect(html).not.toContain("<script>");
  expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  expect(html).not.toContain("javascript:");
  expect(html).toContain('href="https://example.test/&quot;&gt;&lt;b&gt;"');
  expect(titleTmdbHtml(null, { t, language: "en", importForTitleId: null })).toBeNull();
  expect(titleTmdbHtml(null, { t, language: "en", importForTitleId: 5 })).toContain('href="/admin/tmdb?title=5"');
});
