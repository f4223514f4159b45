import { describe, expect, it } from "vitest";
import { ARTWORK_SIZES, artworkUrl, initials, renderArtworkSvg } from "./artwork";
import { GENERATED_NOTE, generatedNote, isGenerated, isWhollyGenerated } from "./generated";

describe("generated artwork", () => {
  it("is deterministic, sized per kind and labelled as demo artwork", () => {
    for (const kind of ["poster", "backdrop", "profile", "still"] as const) {
      const svg = renderArtworkSvg(kind, { id: 42, name: "The Matrix", caption: "1999" });
      expect(svg).toBe(renderArtworkSvg(kind, { id: 42, name: "The Matrix", caption: "1999" }));
      const { width, height } = ARTWORK_SIZES[kind];
      expect(svg).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
      expect(svg).toContain("demo artwork");
      expect(svg.length).toBeLessThan(3000);
    }
    expect(renderArtworkSvg("poster", { id: 1, name: "A" })).not.toBe(renderArtworkSvg("poster", { id: 2, name: "A" }));
    expect(ARTWORK_SIZES.poster.width / ARTWORK_SIZES.poster.height).toBeCloseTo(2 / 3);
    expect(ARTWORK_SIZES.backdrop.width / ARTWORK_SIZES.backdrop.height).toBeCloseTo(16 / 9);
    expect(artworkUrl("still", 7)).toBe("/artwork/still/7.svg");
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
