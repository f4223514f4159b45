import type { Plugin } from "vite";
import { TYPEAHEAD_RESET_MS } from "../../app/constants.ts";

/**
 * React Aria's list type-ahead forgets what was typed after a fixed 1 s
 * (react-aria/…/selection/useTypeSelect, not configurable). The spec wants
 * TYPEAHEAD_RESET_MS (500 ms), so this rewrites that one constant in the
 * bundle: in builds through `transform`, in dev through the dependency
 * optimizer. The Playwright shell test checks the timing in a real browser.
 */
const PATTERN = /(TYPEAHEAD_DEBOUNCE_WAIT_MS\s*=\s*)1000\b/g;

function rewrite(code: string, id: string) {
  if (!id.includes("useTypeSelect") || !PATTERN.test(code)) return null;
  PATTERN.lastIndex = 0;
  return { code: code.replace(PATTERN, `$1${TYPEAHEAD_RESET_MS}`), map: null };
}

export function typeaheadReset(): Plugin {
  return {
    name: "typeahead-reset",
    enforce: "pre",
    transform: (code, id) => rewrite(code, id),
    config: () => ({
      optimizeDeps: {
        rolldownOptions: {
          plugins: [{ name: "typeahead-reset-deps", transform: (code: string, id: string) => rewrite(code, id) }],
        },
      },
    }),
  };
}
