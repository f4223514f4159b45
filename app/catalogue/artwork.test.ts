import { describe, expect, it } from "vitest";
import { ARTWORK_SIZES, artworkHash, artworkUrl, generatedArtworkUrl, initials, renderArtworkSvg, resolveImage, titleArtworkSubject } from "./artwork";
import { GENERATED_NOTE, generatedNote, isGenerated, isWhollyGenerated } from "./generated";

describe("generated artwork", () => {
  it("is deterministic, sized per kind and marked as generated artwork", () => {
    for (const kind of ["poster", "backdrop", "profile", "still", "season"] as const) {
      const svg = renderArtworkSvg(kind, { id: 42, name: "The Matrix", caption: "1999" });
      expect(svg).toBe(renderArtworkSvg(kind, { id: 42, name: "The Matrix", caption: "1999" }));
      const { width, height } = ARTWORK_SIZES[kind];
      expect(svg).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
      expect(svg).toContain("GENERATED ARTWORK");
      expect(svg).toContain('aria-label="Generated artwork: The Matrix"');
      expect(svg.length).toBeLessThan(4000);
    }
    expect(renderArtworkSvg("poster", { id: 1, name: "A" })).not.toBe(renderArtworkSvg("poster", { id: 2, name: "A" }));
    expect(ARTWORK_SIZES.poster.width / ARTWORK_SIZES.poster.height).toBeCloseTo(2 / 3);
    expect(ARTWORK_SIZES.backdrop.width / ARTWORK_SIZES.backdrop.height).toBeCloseTo(16 / 9);
    expect(artworkUrl("still", 7)).toBe("/artwork/still/7.svg");
  });

  it("is well-formed XML: each attribute once per element, every element closed (a browser shows nothing otherwise)", () => {
    for (const kind of ["poster", "backdrop", "profile", "still", "season"] as const) {
      for (let id = 1; id <= 40; id++) {
        const svg = renderArtworkSvg(kind, { id, name: "The Lord of the Rings: The Fellowship of the Ring", caption: "2001", label: "Film" });
        for (const tag of svg.match(/<[a-zA-Z][^>]*>/g)!) {
          const names = [...tag.matchAll(/\s([a-zA-Z:-]+)="/g)].map((m) => m[1]);
          expect(new Set(names).size, `${kind} ${id}: ${tag}`).toBe(names.length);
        }
        const opened = (svg.match(/<(svg|text|g|defs|linearGradient)[\s>]/g) ?? []).length;
        const closed = (svg.match(/<\/(svg|text|g|defs|linearGradient)>/g) ?? []).length;
        expect(closed, `${kind} ${id}`).toBe(opened);
      }
    }
  });

  it("escapes names so they cannot inject markup", () => {
    const svg = renderArtworkSvg("poster", { id: 3, name: `</text><script>alert("x")</script> & 'co'`, caption: "<b>" });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;");
    expect(svg).toContain("&amp;");
    expect(svg).toContain("&lt;b&gt;");
  });

  it("makes initials from the meaningful words", () => {
    expect(initials("The Matrix Reloaded")).toBe("MR");
    expect(initials("Amélie")).toBe("A");
    expect(initials("12 Angry Men")).toBe("1A");
    expect(initials("!!!")).toBe("?");
    expect(initials("千と千尋の神隠し")).toBe("千");
  });
});

describe("which image a record shows (decision 029)", () => {
  const film = { id: 7, name: "Night Train", year: 1999, type: "movie" as const };

  it("a real image wins; without one, generated art at an immutable URL that changes with what it draws", () => {
    const subject = titleArtworkSubject(film);
    expect(resolveImage("poster", "/files/abc", subject)).toEqual({ src: "/files/abc", generated: false });
    const generated = resolveImage("poster", null, subject);
    expect(generated).toEqual({ src: generatedArtworkUrl("poster", subject), generated: true });
    expect(generated.src).toMatch(/^\/artwork\/poster\/7-[0-9a-z]+\.svg$/);
    // The seed's stored addresses of generated art count as none: the hashed URL replaces them.
    expect(resolveImage("poster", "/artwork/poster/7.svg", subject).generated).toBe(true);
    expect(artworkHash("poster", titleArtworkSubject({ ...film, name: "Night Train 2" }))).not.toBe(artworkHash("poster", subject));
    expect(artworkHash("poster", titleArtworkSubject({ ...film, year: 2000 }))).not.toBe(artworkHash("poster", subject));
    expect(artworkHash("backdrop", subject)).not.toBe(artworkHash("poster", subject));
  });

  it("offers TMDB's other widths of a TMDB poster", () => {
    const tmdb = resolveImage("poster", "https://image.tmdb.org/t/p/w500/abc.jpg", titleArtworkSubject(film));
    expect(tmdb.generated).toBe(false);
    expect(tmdb.srcSet).toBe("https://image.tmdb.org/t/p/w185/abc.jpg 185w, https://image.tmdb.org/t/p/w342/abc.jpg 342w, https://image.tmdb.org/t/p/w500/abc.jpg 500w");
  });

  it("two films' posters differ", () => {
    const a = renderArtworkSvg("poster", titleArtworkSubject(film));
    const b = renderArtworkSvg("poster", titleArtworkSubject({ id: 8, name: "Night Train", year: 1999, type: "movie" }));
    expect(a).not.toBe(b);
  });
});

describe("generated-content flags", () => {
  it("says which fields were generated", () => {
    const film = { generatedFields: ["plot", "tagline"] };
    expect(isGenerated(film, "plot")).toBe(true);
    expect(isGenerated(film, "certification")).toBe(false);
    expect(generatedNote(film, "plot")).toBe(GENERATED_NOTE);
    expect(generatedNote(film, "certification")).toBeNull();
    const invented = { generatedFields: ["name"] };
    expect(isWhollyGenerated(invented)).toBe(true);
    expect(generatedNote(invented, "birth_date")).toBe(GENERATED_NOTE);
    expect(isGenerated({ generatedFields: null }, "plot")).toBe(false);
  });
});
