import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Intl's formatters cost 45-55 us to make and under 1 us to use (decision 047), so a page must not
 * make one per item (a diary entry, a chart's bar). They are made once per language and kept, in
 * app/i18n (dates.ts, format.ts, ...) and in billing's money formatter; pages call those.
 */
const APP = join(import.meta.dirname, "..");
const MAY_MAKE_FORMATTERS = [/^i18n\//, /^billing\/money\.ts$/];
const MAKES_A_FORMATTER = /new Intl\.|\.toLocaleDateString\(|\.toLocaleTimeString\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("Intl formatters (decision 047)", () => {
  it("are made only in the modules that keep them", () => {
    const files = sources(APP);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .map((file) => relative(APP, file))
      .filter((file) => !MAY_MAKE_FORMATTERS.some((allowed) => allowed.test(file)))
      .filter((file) => MAKES_A_FORMATTER.test(readFileSync(join(APP, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
