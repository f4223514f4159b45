/**
 * The layers of app/ and the rules between them (decision 044). Run with `npm run lint`
 * (or `node scripts/lint/depcruise.mjs app workers`).
 *
 *   foundation  <- domains <- page composers <- routes <- Worker entry
 *
 * A module may import its own layer or a lower one, never a higher one; type-only
 * imports count (tsPreCompilationDeps). Folder-to-folder cycles are checked by
 * scripts/lint/folder-cycles.ts on this tool's JSON output.
 */

const { TESTS, FOUNDATION, COMPOSERS, ROUTES, WORKER } = require("./scripts/lint/layers.cjs");

/** Everything else in app/ is a domain (auth, catalogue, library, lists, site, seo, …). */
const DOMAINS_NOT = [...FOUNDATION, ...COMPOSERS, ...ROUTES];

const any = (patterns) => patterns.join("|");

const upward = (name, from, fromNot, to, toNot) => ({
  name,
  severity: "error",
  comment: `decision 044: ${name.replace(/-/g, " ")}`,
  from: { path: any(from), pathNot: any([TESTS, ...(fromNot ?? [])]) },
  to: { path: any(to), ...(toNot ? { pathNot: any(toNot) } : {}) },
});

module.exports = {
  forbidden: [
    upward("foundation-imports-a-higher-layer", FOUNDATION, null, ["^app/", ...WORKER], FOUNDATION),
    upward("domain-imports-a-higher-layer", ["^app/"], DOMAINS_NOT, [...COMPOSERS, ...ROUTES, ...WORKER]),
    upward("composer-imports-a-higher-layer", COMPOSERS, null, [...ROUTES, ...WORKER]),
    upward("route-imports-the-worker-entry", ROUTES, null, WORKER),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^node_modules|^\\.react-router|^build)" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".json"],
    },
  },
};
