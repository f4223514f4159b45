import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_TYPES } from "~/notifications/notification-types";

/**
 * Every line the follow and feed screens, their forms' refusals and their
 * notifications show through the translator (decision 033) has a Spanish
 * and a French line in scripts/seed/translations, with the same
 * :placeholders. The lines are read from the code itself.
 */
const DIRS = ["app/social", "app/social/ui", "app/routes/social"];

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
  for (const dir of DIRS) {
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))) {
      const code = readFileSync(`${dir}/${file}`, "utf8");
      for (const match of code.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)) lines.add(JSON.parse(`"${match[1]}"`) as string);
      // Keys handed to t() later: refusals (DomainError), schema messages, sentence keys, notification lines.
      for (const match of code.matchAll(/new DomainError\(\d+, "([^"]+)"/g)) lines.add(match[1]!);
      for (const match of code.matchAll(/message: "([^"]+)"/g)) lines.add(match[1]!);
      for (const match of code.matchAll(/return (?:many \? )?"(:name [^"]+)"(?: : "(:name [^"]+)")?/g)) [match[1], match[2]].forEach((l) => l && lines.add(l));
      for (const match of code.matchAll(/const (?:key|label) = details\.request \? "([^"]+)" : "([^"]+)"/g)) [match[1], match[2]].forEach((l) => lines.add(l!));
      for (const match of code.matchAll(/const key = "([^"]+)"/g)) lines.add(match[1]!);
    }
  }
  for (const type of NOTIFICATION_TYPES.filter((n) => n.id.startsWith("social."))) lines.add(type.name).add(type.group);
  lines.add("Who sees my activity");
  lines.add("Follow, unfollow and block members, and answer follow requests");
  return [...lines];
}

const placeholders = (line: string) => [...line.matchAll(/:[a-z]\w*/gi)].map((m) => m[0]).sort();

describe("follows and feed in Spanish and French", () => {
  const english = englishLines();

  it("finds the screens' lines", () => {
    expect(english).toContain("People you follow");
    expect(english).toContain("You cannot follow yourself.");
    expect(english).toContain(":name rated :count titles");
    expect(english).toContain(":name asked to follow you");
    expect(english).toContain("Someone you follow reviews a title you rated");
    expect(english.length).toBeGreaterThan(60);
  });

  for (const language of ["es", "fr"]) {
    it(`has a ${language} line for each, with the same placeholders`, () => {
      const lines = linesOf(language);
      expect(english.filter((line) => !lines[line])).toEqual([]);
      for (const line of english) expect(placeholders(lines[line]!), `${language}: ${line}`).toEqual(placeholders(line));
    });
  }
});
