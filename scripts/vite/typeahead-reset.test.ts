import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { TYPEAHEAD_RESET_MS } from "../../app/constants";
import { typeaheadReset } from "./typeahead-reset";

type Transform = (code: string, id: string) => { code: string } | null;
const plugin = typeaheadReset();
const transform = plugin.transform as unknown as Transform;

describe("typeahead-reset vite plugin", () => {
  it("rewrites react-aria's 1 s type-ahead buffer to TYPEAHEAD_RESET_MS", () => {
    const code = "const $abc$var$TYPEAHEAD_DEBOUNCE_WAIT_MS = 1000; // 1 second\nsetTimeout(f, $abc$var$TYPEAHEAD_DEBOUNCE_WAIT_MS);";
    const result = transform(code, "/x/node_modules/react-aria/dist/private/selection/useTypeSelect.mjs");
    expect(result?.code).toContain(`TYPEAHEAD_DEBOUNCE_WAIT_MS = ${TYPEAHEAD_RESET_MS};`);
  });

  it("leaves other modules alone", () => {
    expect(transform("const TYPEAHEAD_DEBOUNCE_WAIT_MS = 1000;", "/x/other.mjs")).toBeNull();
  });

  it("still matches the installed react-aria (fails after an upgrade that renames the constant)", () => {
    const require = createRequire(import.meta.url);
    const root = dirname(require.resolve("react-aria/package.json"));
    const file = join(root, "dist/private/selection/useTypeSelect.mjs");
    const result = transform(readFileSync(file, "utf8"), file);
    expect(result?.code).toMatch(new RegExp(`TYPEAHEAD_DEBOUNCE_WAIT_MS = ${TYPEAHEAD_RESET_MS};`));
  });
});
