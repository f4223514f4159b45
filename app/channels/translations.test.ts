import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RATING_SOURCE_LABELS, RULE_KIND_LABELS } from "./rules";

/**
 * Every line the channel screens show through the translator (decision 022) has
 * a Spanish and a French line in scripts/seed/translations, with the same
 * :placeholders. The lines are read from the code itself: t("...") calls,
 * the label maps, and the messages the admin actions pass to t().
 */
const SOURCES = [
  "app/channels/ui/channel-view.tsx",
  "app/channels/ui/channel-home-preview.tsx",
  "app/routes/admin/channels/channel.tsx",
  "app/routes/admin/channels/channels.tsx",
  "app/routes/api/v1/channels/channel.ts",
];

function linesOf(language: string) {
  const dir = `scripts/seed/translations/${language}/`;
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(dir + f, "utf8")) as Record<string, string>),
  ) as Record<string, string>;
}

function englishLines() {
  const lines = new Set<string>();
  for (const file of SOURCES) {
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)) lines.add(JSON.parse(`"${match[1]}"`) as string);
    // The layout labels (a map in the route module, shown through t()).
    const layouts = /LAYOUT_LABELS[^=]*=\s*\{([^}]*)\}/.exec(code)?.[1] ?? "";
    for (const match of layouts.matchAll(/:\s*"([^"]+)"/g)) lines.add(match[1]);
  }
  const admin = readFileSync("app/channels/channel-admin.server.ts", "utf8");
  for (const match of admin.matchAll(/message: "([^"]+)"/g)) lines.add(match[1]);
  for (const label of [...Object.values(RULE_KIND_LABELS), ...Object.values(RATING_SOURCE_LABELS)]) lines.add(label);
  const sections = readFileSync("app/appearance/editor/sections.tsx", "utf8");
  const homepage = sections.slice(sections.indexOf("HOMEPAGE_TYPE_LABELS"), sections.indexOf("export function CustomCodeSection"));
  for (const match of homepage.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)) lines.add(match[1]);
  for (const match of homepage.matchAll(/^\s+\w+: "([^"]+)",$/gm)) lines.add(match[1]);
  return [...lines];
}

const placeholders = (line: string) => [...line.matchAll(/:[a-z]\w*/gi)].map((m) => m[0]).sort();

describe("channel screens in Spanish and French", () => {
  const english = englishLines();

  it("finds the channel screens' lines", () => {
    expect(english).toContain("Save channel");
    expect(english).toContain("Carousel row");
    expect(english).toContain("A channel cannot contain itself.");
    expect(english.length).toBeGreaterThan(60);
  });

  for (const language of ["es", "fr"]) {
    it(`has a ${language} line for each, with the same placeholders`, () => {
      const lines = linesOf(language);
      expect(english.filter((line) => !lines[line])).toEqual([]);
      for (const line of english) expect(placeholders(lines[line]), `${language}: ${line}`).toEqual(placeholders(line));
    });
  }
});
