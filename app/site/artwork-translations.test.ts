import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Every line the title card, the artwork images and the generated-content
 * notes show through the translator (decision 029) has a Spanish and a
 * French line with the same :placeholders. Lines are read from the code.
 */
const SOURCES = [
  "app/site/cards.tsx",
  "app/site/video-card.tsx",
  "app/site/card-watchlist-toggle.tsx",
  "app/site/artwork-image.tsx",
  "app/site/title-header.tsx",
  "app/site/generated-note.tsx",
  "app/routes/titles/title.tsx",
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
    for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)) lines.add(JSON.parse(`"${match[1]}"`) as string);
  }
  // The admin setting this work added (its label and description go through t() in the settings page).
  const groups = readFileSync("app/admin/settings-groups.ts", "utf8");
  const setting = groups.slice(groups.indexOf('key: "ratings.site_min_votes"'));
  lines.add(/label: "([^"]+)"/.exec(setting)![1]);
  lines.add(/description: "([^"]+)"/.exec(setting)![1]);
  return [...lines];
}

const placeholders = (line: string) => [...line.matchAll(/:[a-z_]+/gi)].map((m) => m[0]).sort();

describe("the title card's and artwork's lines in Spanish and French", () => {
  for (const language of ["es", "fr"]) {
    it(`has every line in ${language}, with its placeholders`, () => {
      const lines = linesOf(language);
      const english = englishLines();
      expect(english.length).toBeGreaterThan(10);
      const missing = english.filter((line) => !lines[line]);
      expect(missing).toEqual([]);
      for (const line of english) expect(placeholders(lines[line]), line).toEqual(placeholders(line));
    });
  }
});
