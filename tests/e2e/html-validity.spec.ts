import { expect, test } from "@playwright/test";
import { HtmlValidate, type Message } from "html-validate";
import { htmlValidateConfig } from "./fixtures/html-validate-config";
import { PAGE_TYPE_NAMES, pageType } from "./fixtures/page-types";
import { uniqueIp } from "./fixtures/test-data";

/**
 * The server's HTML of every page type, signed out where public and signed
 * in, through html-validate's recommended rules with the few relaxations
 * decision 031 justifies: 0 errors.
 */
const validator = new HtmlValidate(htmlValidateConfig);

/**
 * The Nu checker's rule html-validate lacks: a required single select needs
 * an empty first option (its placeholder), else "required" means nothing.
 */
function requiredSelectsWithoutPlaceholder(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const [, attributes, body] = match;
    if (!/\srequired(=|\s|$)/.test(attributes) || /\smultiple(=|\s|$)/.test(attributes)) continue;
    if (!/^\s*<option[^>]*\svalue=""/.test(body)) found.push(`required select without a placeholder option: <select${attributes.slice(0, 120)}>`);
  }
  return found;
}

function describe(messages: Message[], html: string) {
  const lines = html.split("\n");
  return messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message}\n    ${(lines[m.line - 1] ?? "").slice(Math.max(0, m.column - 80), m.column + 120)}`);
}

for (const [name, isPublic] of PAGE_TYPE_NAMES) {
  test(`${name}: the server's HTML is valid${isPublic ? " signed out and in" : ""}`, async ({ request }) => {
    const page = await pageType(name);
    const errors: string[] = [];
    for (const signedIn of isPublic ? [false, true] : [true]) {
      const response = await request.get(page.path, {
        headers: { "CF-Connecting-IP": uniqueIp(), ...(signedIn ? { Cookie: page.member.cookieHeader } : {}) },
        maxRedirects: 0,
      });
      expect(response.status(), page.path).toBe(200);
      const html = await response.text();
      const report = await validator.validateString(html, `${page.path}${signedIn ? " (signed in)" : ""}`);
      const messages = report.results.flatMap((r) => r.messages).filter((m) => m.severity === 2);
      errors.push(...requiredSelectsWithoutPlaceholder(html).map((line) => `${signedIn ? "signed in" : "signed out"}: ${line}`));
      errors.push(...describe(messages, html).map((line) => `${signedIn ? "signed in" : "signed out"}: ${line}`));
    }
    expect(errors, `${page.path}\n${errors.join("\n")}`).toEqual([]);
  });
}
