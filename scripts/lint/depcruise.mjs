/**
 * dependency-cruiser, run with the JavaScript TypeScript compiler.
 *
 * The project type-checks with TypeScript 7 (the native compiler), which has no JavaScript API;
 * dependency-cruiser reads type-only imports through that API and accepts TypeScript below 7.
 * So "typescript" is resolved to the `typescript-js` alias (TypeScript 6) for the cruise only.
 * Arguments are dependency-cruiser's own (see decision 044).
 */
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "typescript" || specifier.startsWith("typescript/")) {
      return nextResolve(specifier.replace(/^typescript/, "typescript-js"), context);
    }
    return nextResolve(specifier, context);
  },
});

await import(new URL("../../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs", import.meta.url).href);
