/**
 * dependency-cruiser, run with a JavaScript TypeScript compiler.
 *
 * The project type-checks with TypeScript 7 (the native compiler), which has no JavaScript API;
 * dependency-cruiser reads type-only imports through that API and accepts TypeScript below 7.
 * So, for the cruise only, "typescript" is the compiler @ts-morph/common bundles (it installs no
 * `tsc` of its own, so the project's `tsc` stays TypeScript 7). Arguments are dependency-cruiser's
 * own (decision 044).
 */
import { createRequire, registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const bundled = require.resolve("@ts-morph/common/dist/typescript.js");
const { version } = require(bundled);
const MANIFEST = "typescript-for-depcruise:package.json";

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "typescript") return { url: pathToFileURL(bundled).href, format: "commonjs", shortCircuit: true };
    if (specifier === "typescript/package.json") return { url: MANIFEST, format: "json", shortCircuit: true };
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (url === MANIFEST) return { format: "json", source: JSON.stringify({ name: "typescript", version }), shortCircuit: true };
    return nextLoad(url, context);
  },
});

await import(new URL("../../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs", import.meta.url).href);
