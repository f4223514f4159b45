import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Every line of the registration's "check your e-mail" step (decision 021) has a Spanish and a French line in scripts/seed/translations,
 * with the same :placeholders. The lines are read from the code itself.
 */
function linesOf(language: string) {
  const dir = `scripts/seed/translations/${language}/`;
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(dir + f, "utf8")) as Record<string, string>),
  ) as Record<string, string>;
}

function tCalls(code: string) {
  return [...code.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
}

function englishLines() {
  const lines = new Set<string>();
  for (const file of [
    "app/routes/auth/register.tsx",
    "app/routes/auth/register-sent.tsx",
    "app/routes/auth/register-finish.tsx",
    "app/routes/api/auth/register.ts",
    "app/routes/auth/verify-email.tsx",
  ]) {
    for (const line of tCalls(readFileSync(file, "utf8"))) lines.add(line);
  }
  // The username's field messages (decision 043), shown translated on the form.
  for (const match of readFileSync("app/auth/username.ts", "utf8").matchAll(/"((?:Choose|Use) [^"]+)"/g)) lines.add(match[1]!);
  const templates = readFileSync("app/mail/templates.ts", "utf8");
  for (const name of ["registrationLinkMail", "existingAccountMail"]) {
    const start = templates.indexOf(`export function ${name}(`);
    const body = templates.slice(start, templates.indexOf("\n}\n", start));
    for (const line of tCalls(body)) lines.add(line);
  }
  return [...lines];
}

const placeholders = (line: string) => [...line.matchAll(/:[a-zA-Z]\w*/g)].map((m) => m[0]).sort();

describe("registration lines", () => {
  const english = englishLines();

  it("are found in the code", () => {
    expect(english).toContain("We sent a link to :email to finish creating your account.");
    expect(english).toContain("Someone tried to create a :site account with your address");
    expect(english).toContain("That username is taken");
    expect(english).toContain("Use lowercase letters, digits and _ only.");
  });

  for (const language of ["es", "fr"]) {
    it(`all have a ${language} line with the same placeholders`, () => {
      const lines = linesOf(language);
      const missing = english.filter((line) => !lines[line]);
      expect(missing).toEqual([]);
      for (const line of english) expect(placeholders(lines[line]!), line).toEqual(placeholders(line));
    });
  }
});
