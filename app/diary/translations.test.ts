import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_TYPES } from "~/notifications/notification-types";

/**
 * Every line the diary, the year in review, the calendar and the tracking
 * alerts show through the translator (decision 034) has a Spanish and a
 * French line in scripts/seed/translations, with the same :placeholders. The
 * lines are read from the code itself (t("...") calls and the messages the
 * rules and services raise).
 */
const SOURCES = [
  "app/routes/diary/diary.tsx",
  "app/routes/diary/stats.tsx",
  "app/routes/diary/stats-share.ts",
  "app/routes/diary/calendar.tsx",
  "app/routes/diary/calendar-feed.ts",
  "app/routes/diary/calendar-token.ts",
  "app/routes/api/v1/diary/diary.ts",
  "app/routes/api/v1/diary/diary-entry.ts",
  "app/routes/api/v1/diary/stats.ts",
  "app/diary/ui/calendar-feed-section.tsx",
  "app/diary/alerts.server.ts",
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
  }
  for (const file of ["app/diary/rules.ts", "app/diary/diary.server.ts", "app/routes/diary/calendar-token.ts"]) {
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/message: "([^"]+)"/g)) lines.add(match[1]);
    for (const match of code.matchAll(/DomainError\(\d+, "([^"]+)"/g)) lines.add(match[1]);
  }
  lines.add("Choose a year from 1888 to 2200.");
  for (const type of NOTIFICATION_TYPES.filter((type) => type.id.startsWith("tracking."))) {
    lines.add(type.name);
    lines.add(type.group);
  }
  lines.add("Calendar feed");
  return [...lines];
}

const placeholders = (line: string) => [...line.matchAll(/:[a-z]\w*/gi)].map((m) => m[0]).sort();

describe("diary screens in Spanish and French", () => {
  const english = englishLines();

  it("finds the diary screens' lines", () => {
    expect(english).toContain("Diary entry saved");
    expect(english).toContain("Month by month");
    expect(english).toContain("New episode of :series: :code :name");
    expect(english.length).toBeGreaterThan(50);
  });

  for (const language of ["es", "fr"]) {
    it(`has a ${language} line for each, with the same placeholders`, () => {
      const lines = linesOf(language);
      expect(english.filter((line) => !lines[line])).toEqual([]);
      for (const line of english) expect(placeholders(lines[line]), `${language}: ${line}`).toEqual(placeholders(line));
    });
  }
});
