import { parseAst } from "rolldown/parseAst";

/**
 * React Router's navigation machinery, loaded on the first interaction
 * (issue 20's JavaScript margin, docs/decisions/026, browser build only).
 *
 * `createRouter` (react-router/lib/router/router.js) hydrates from the
 * server's loader data without running a loader: on a guest's first paint
 * the router only matches the URL, listens to history and renders. The
 * module-level helpers that make a navigation or a fetcher call happen
 * (building the client request, choosing the loaders to run, the data
 * strategy, turning results into state, redirects, fetcher states: about
 * 13 KB minified, 3.4 KB gzip) are only ever called from createRouter's
 * `navigate`, `fetch` and `startNavigation` (every other caller is one of
 * those three's callees). This step moves them into a module of their own
 * that router.js imports dynamically:
 *
 * - their declarations leave router.js; it keeps a live `let` binding per
 *   name, filled when the module arrives, so the code that calls them is
 *   unchanged;
 * - `navigate`, `fetch` and `startNavigation` (all three async) start with
 *   `if (!loaded) await load()`: the first navigation waits for the module
 *   (one small request), later ones do not wait at all;
 * - `initialize()` starts loading it on the visitor's first interaction
 *   (pointer over or down, touch, key, focus), so a click usually finds it
 *   loaded;
 * - a failed load is retried by the next navigation.
 *
 * The moved functions keep their text; whatever else of router.js they use
 * (its other helpers, constants and imports) router.js exports under a
 * `__rrnav_` alias for the new module to import. The server build keeps
 * router.js as published. `splitRouterNavigation` throws when a name or an
 * entry point is no longer found, or when a moved helper is still used
 * outside the three entry points and the moved code
 * (scripts/vite/lazy-router-navigation.test.ts runs it against the
 * installed react-router and navigates a memory router with the result).
 */

/** router.js's helpers used only on the way of a navigation or a fetcher call. */
export const NAVIGATION_HELPERS = [
  "normalizeNavigateOptions",
  "getMatchesToLoad",
  "shouldRevalidateLoader",
  "isNewLoader",
  "isNewRouteInstance",
  "loadLazyMiddlewareForMatches",
  "runClientMiddlewarePipeline",
  "runMiddlewarePipeline",
  "callRouteMiddleware",
  "getDataStrategyMatchLazyPromises",
  "getDataStrategyMatch",
  "getTargetedDataStrategyMatches",
  "callDataStrategyImpl",
  "callLoaderOrAction",
  "parseResponseBody",
  "convertDataStrategyResultToDataResult",
  "normalizeRelativeRoutingRedirectResponse",
  "normalizeRedirectLocation",
  "createClientSideRequest",
  "convertFormDataToSearchParams",
  "convertSearchParamsToFormData",
  "processRouteLoaderData",
  "processLoaderData",
  "getActionDataForCommit",
  "findRedirect",
  "getSubmissionFromNavigation",
  "getLoadingNavigation",
  "getSubmittingNavigation",
  "getLoadingFetcher",
  "getSubmittingFetcher",
];

/** createRouter's inner functions through which every call of a moved helper passes (each is async). */
export const NAVIGATION_ENTRY_POINTS = ["navigate", "fetch", "startNavigation"];

/**
 * Functions that may still name a moved helper: the entry points, the
 * functions only they reach, and (server only, dropped from the browser
 * build) the static handler and the server middleware pipeline.
 */
const CALLERS_AFTER_ENTRY = new Set([
  ...NAVIGATION_ENTRY_POINTS,
  "handleAction",
  "handleLoaders",
  "handleFetcherAction",
  "handleFetcherLoader",
  "startRedirectNavigation",
  "callDataStrategy",
  "getUpdatedRevalidatingFetchers",
  "getRedirectStateWithDoneFetcher",
  "createStaticHandler",
  "runServerMiddlewarePipeline",
  "defaultDataStrategy",
  "defaultDataStrategyWithMiddleware",
]);

/** What router.js's dynamic import asks for; the plugin resolves it to the moved code. */
export const NAVIGATION_MODULE_ID = "virtual:react-router-navigation";

/** Events after which the module starts loading (the visitor is about to act). */
const FIRST_INTERACTION_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"];

const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]router\.js$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function isRouterModule(id: string): boolean {
  return ROUTER_MODULE.test(id);
}

function walk(node: unknown, visit: (node: Node, functions: string[]) => void, functions: string[] = []): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, functions);
    return;
  }
  if (!node || typeof node !== "object") return;
  const current = node as Node;
  let inside = functions;
  if (current.type === "FunctionDeclaration" || current.type === "FunctionExpression" || current.type === "ArrowFunctionExpression") {
    inside = [...functions, ((current.id as Node | null)?.name as string | undefined) ?? "<anonymous>"];
  }
  visit(current, inside);
  for (const key in current) if (key !== "type" && typeof current[key] === "object") walk(current[key], visit, inside);
}

export interface LazySplit {
  /** Top-level function declarations that move to the lazy module. */
  helpers: string[];
  /** Functions (by name, anywhere in the enclosing chain) inside which a moved helper may still be named. */
  callers: Set<string>;
  /** Exact texts ending just where the guard (`if (!loaded) await load();`) goes; each must occur once. */
  guardsAfter: string[];
  /** Exact text rewrites done first (each must occur once). */
  rewrites?: { find: string; replace: string }[];
  /** Exact text after which the first-interaction listener is installed (optional). */
  firstInteractionAfter?: { text: string; target: string };
  /** Prefix of the names this adds to the module. */
  prefix: string;
  /** The module's name in messages. */
  label: string;
}

/** router.js's split: the navigation helpers behind createRouter's three async entry points. */
export const ROUTER_SPLIT: LazySplit = {
  helpers: NAVIGATION_HELPERS,
  callers: CALLERS_AFTER_ENTRY,
  guardsAfter: ["\tasync function navigate(to, opts) {", "\tasync function fetch(key, routeId, href, opts) {", "\tasync function startNavigation(historyAction, location, opts) {"],
  firstInteractionAfter: { text: "\tfunction initialize() {", target: "isBrowser && routerWindow" },
  prefix: "__rrnav",
  label: "router.js",
};

/**
 * single-fetch.js's split: the strategies that fetch and decode a navigation's
 * or a fetcher's data (`/path.data` requests) move too; hydration keeps
 * `decodeViaTurboStream` (the inline stream). The data strategy the router
 * calls (only from callDataStrategy, itself behind a navigation) waits for
 * them; the fetch function handed over at router creation is called through
 * a wrapper, so the binding is read when it is called.
 */
export const SINGLE_FETCH_SPLIT: LazySplit = {
  helpers: ["singleFetchActionStrategy", "nonSsrStrategy", "singleFetchLoaderNavigationStrategy", "bubbleMiddlewareErrors", "singleFetchLoaderFetcherStrategy", "fetchAndDecodeViaTurboStream", "unwrapSingleFetchResult"],
  callers: new Set(["getSingleFetchDataStrategyImpl", "getTurboStreamSingleFetchDataStrategy"]),
  guardsAfter: ["\treturn async (args) => {\n\t\tlet { request, matches, fetcherKey } = args;"],
  rewrites: [{ find: "}, fetchAndDecodeViaTurboStream, ssr);", replace: "}, (...args) => fetchAndDecodeViaTurboStream(...args), ssr);" }],
  prefix: "__rrsf",
  label: "single-fetch.js",
};

const SINGLE_FETCH_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]single-fetch\.js$/;

/** Which split applies to a module (null: none). */
export function lazySplitFor(id: string): { split: LazySplit; moduleId: string } | null {
  if (ROUTER_MODULE.test(id)) return { split: ROUTER_SPLIT, moduleId: NAVIGATION_MODULE_ID };
  if (SINGLE_FETCH_MODULE.test(id)) return { split: SINGLE_FETCH_SPLIT, moduleId: SINGLE_FETCH_MODULE_ID };
  return null;
}

/** What single-fetch.js's dynamic import asks for. */
export const SINGLE_FETCH_MODULE_ID = "virtual:react-router-single-fetch";

/** router.js without the navigation helpers, and the module that holds them (see splitModule). */
export function splitRouterNavigation(code: string, options: { routerSpecifier: string; moduleSpecifier?: string }) {
  const { module, rest, moved } = splitModule(code, ROUTER_SPLIT, { selfSpecifier: options.routerSpecifier, moduleSpecifier: options.moduleSpecifier ?? NAVIGATION_MODULE_ID });
  return { router: rest, navigation: module, moved };
}

/**
 * The module without the split's helpers (`rest`), and the lazy module that
 * holds them (`module`). `selfSpecifier` is how the lazy module imports the
 * original one (its absolute path in a build); `moduleSpecifier` is how the
 * original imports the lazy one.
 */
export function splitModule(
  source: string,
  split: LazySplit,
  options: { selfSpecifier: string; moduleSpecifier: string },
): { rest: string; module: string; moved: number } {
  let code = source;
  for (const { find, replace } of split.rewrites ?? []) {
    if (code.split(find).length !== 2) throw new Error(`lazy-router-navigation: expected "${find}" once in ${split.label} (react-router changed)`);
    code = code.replace(find, replace);
  }
  const ast = parseAst(code, { sourceType: "module" }) as unknown as Node & { body: Node[] };
  const moved = new Set(split.helpers);
  const declarations = new Map<string, Node>();
  const topLevel = new Set<string>();
  for (const statement of ast.body) {
    const declaration = (statement.type.startsWith("Export") && statement.declaration ? statement.declaration : statement) as Node;
    if (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") {
      const name = (declaration.id as Node).name as string;
      topLevel.add(name);
      if (moved.has(name)) {
        if (declaration !== statement) throw new Error(`lazy-router-navigation: ${name} is exported by ${split.label}; it cannot move`);
        declarations.set(name, declaration);
      }
    } else if (declaration.type === "VariableDeclaration") {
      for (const declarator of declaration.declarations as Node[]) {
        const id = declarator.id as Node;
        if (id.type === "Identifier") topLevel.add(id.name as string);
      }
    } else if (declaration.type === "ImportDeclaration") {
      for (const specifier of declaration.specifiers as Node[]) topLevel.add((specifier.local as Node).name as string);
    }
  }
  const missing = split.helpers.filter((name) => !declarations.has(name));
  if (missing.length) throw new Error(`lazy-router-navigation: ${missing.join(", ")} not found in ${split.label} (react-router changed: update the split's helpers)`);
  // An exported name cannot move (another module could call it at any time).
  const exported = new Set<string>();
  for (const statement of ast.body) {
    if (statement.type !== "ExportNamedDeclaration") continue;
    for (const specifier of (statement.specifiers as Node[]) ?? []) exported.add((specifier.local as Node).name as string);
  }
  const exportedMoved = split.helpers.filter((name) => exported.has(name));
  if (exportedMoved.length) throw new Error(`lazy-router-navigation: ${exportedMoved.join(", ")} exported by ${split.label}; it cannot move`);

  // Every remaining use of a moved helper must be behind a guarded caller.
  const wrongUses: string[] = [];
  walk(ast, (node, functions) => {
    if (node.type !== "Identifier" || !moved.has(node.name as string)) return;
    if (functions.length > 0 && moved.has(functions[0])) return;
    if (functions.some((name) => split.callers.has(name))) return;
    wrongUses.push(`${node.name as string} in ${functions.join(" > ") || "the module's top level"}`);
  });
  if (wrongUses.length) throw new Error(`lazy-router-navigation: moved helpers used outside a guarded path in ${split.label}: ${wrongUses.join("; ")}`);

  // What the moved code needs from the module: its other top-level names and imports.
  const needed = new Set<string>();
  for (const declaration of declarations.values()) {
    walk(declaration, (node) => {
      if (node.type === "Identifier" && topLevel.has(node.name as string) && !moved.has(node.name as string)) needed.add(node.name as string);
    });
  }

  const p = split.prefix;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const text of split.guardsAfter) {
    const at = code.indexOf(text);
    if (at < 0 || code.indexOf(text, at + 1) >= 0) throw new Error(`lazy-router-navigation: expected "${text}" once in ${split.label} (react-router changed)`);
    edits.push({ start: at + text.length, end: at + text.length, text: `\n\t\tif (!${p}Loaded) await ${p}Load();` });
  }
  if (split.firstInteractionAfter) {
    const { text, target } = split.firstInteractionAfter;
    const at = code.indexOf(text);
    if (at < 0 || code.indexOf(text, at + 1) >= 0) throw new Error(`lazy-router-navigation: expected "${text}" once in ${split.label} (react-router changed)`);
    edits.push({ start: at + text.length, end: at + text.length, text: `\n\t\t${p}OnFirstInteraction(${target});` });
  }
  for (const declaration of declarations.values()) edits.push({ start: declaration.start, end: declaration.end, text: "" });
  edits.sort((a, b) => b.start - a.start);
  let rest = code;
  for (const edit of edits) rest = rest.slice(0, edit.start) + edit.text + rest.slice(edit.end);
  const names = [...declarations.keys()];
  rest += `
//#region moved to a module loaded on the first interaction (scripts/vite/lazy-router-navigation.ts)
let ${names.join(", ")};
let ${p}Loaded = false;
let ${p}Promise;
function ${p}Load() {
	return ${p}Promise ??= import(${JSON.stringify(options.moduleSpecifier)}).then((module) => {
		${names.map((name) => `${name} = module.${name};`).join(" ")}
		${p}Loaded = true;
	}, (error) => {
		${p}Promise = void 0;
		throw error;
	});
}
${
  split.firstInteractionAfter
    ? `function ${p}OnFirstInteraction(target) {
	if (!target) return;
	const events = ${JSON.stringify(FIRST_INTERACTION_EVENTS)};
	const start = () => {
		for (const type of events) target.removeEventListener(type, start, true);
		${p}Load().catch(() => {});
	};
	for (const type of events) target.addEventListener(type, start, { capture: true, passive: true });
}
`
    : ""
}export { ${[...needed].map((name) => `${name} as ${p}_${name}`).join(", ")} };
//#endregion
`;
  const module = [
    `import { ${[...needed].map((name) => `${p}_${name} as ${name}`).join(", ")} } from ${JSON.stringify(options.selfSpecifier)};`,
    ...[...declarations.values()].map((declaration) => code.slice(declaration.start, declaration.end)),
    `export { ${names.join(", ")} };`,
    "",
  ].join("\n");
  return { rest, module, moved: names.length };
}
