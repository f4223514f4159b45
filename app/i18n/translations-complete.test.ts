import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { choicesOf, pluralLineProblem } from "./translate";

/**
 * Every line the UI renders through the translator with a literal key
 * (t("…") and app.t("…") anywhere in app/) has a Spanish and a French line
 * in scripts/seed/translations (decision 031). The developer pages under
 * app/routes/dev are left out: they exist only in a local Worker. Keys the
 * code passes through a variable (label maps) are checked on the rendered
 * pages by tests/e2e/translations-fr.spec.ts.
 */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (path !== join("app", "routes", "dev")) sourceFiles(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

function usedKeys() {
  const keys = new Map<string, string>();
  for (const file of sourceFiles("app")) {
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)) {
      const key = JSON.parse(`"${match[1]}"`) as string;
      if (!keys.has(key)) keys.set(key, file);
    }
  }
  return keys;
}

function linesOf(language: string): Record<string, string> {
  const dir = `scripts/seed/translations/${language}/`;
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(dir + f, "utf8")) as Record<string, string>),
  );
}

describe("every translated string has a Spanish and a French line", () => {
  const keys = usedKeys();

  it("finds the keys the app uses", () => {
    expect(keys.size).toBeGreaterThan(1000);
    expect([...keys.keys()]).toContain("Most helpful");
    expect([...keys.keys()]).toContain("Import from Letterboxd, IMDb or Trakt");
  });

  for (const language of ["es", "fr"]) {
    it(`${language} has every line, with the key's plural choices`, () => {
      const lines = linesOf(language);
      const missing = [...keys].filter(([key]) => !lines[key]).map(([key, file]) => `${file}: ${key}`);
      expect(missing).toEqual([]);
      const badPlurals = [...keys.keys()].filter((key) => choicesOf(key).length > 0 && pluralLineProblem(key, lines[key]));
      expect(badPlurals).toEqual([]);
    });
  }
});
