import { parseAst } from "rolldown/parseAst";

/**
 * React Router's navigation machinery, loaded on the first interaction
 * (decision 026's JavaScript margin, docs/decisions/026, browser build only).
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
  /** A rewrite done before anything else (router.js: its navigation closures become a top-level factory). */
  prepare?: (code: string) => string;
  /** Prefix of the names this adds to the module. */
  prefix: string;
  /** The module's name in messages. */
  label: string;
}

/** router.js's split: the navigation helpers behind createRouter's three async entry points. */
export const ROUTER_SPLIT: LazySplit = {
  helpers: [...NAVIGATION_HELPERS, "__rrnavCreateNavigation"],
  callers: CALLERS_AFTER_ENTRY,
  // The entry points' stubs wait for the module themselves (moveRouterClosures).
  guardsAfter: [],
  prepare: (code) => moveRouterClosures(code),
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
  helpers: [
    "singleFetchActionStrategy",
    "nonSsrStrategy",
    "singleFetchLoaderNavigationStrategy",
    "bubbleMiddlewareErrors",
    "singleFetchLoaderFetcherStrategy",
    "fetchAndDecodeViaTurboStream",
    "unwrapSingleFetchResult",
  ],
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
export function splitModule(source: string, split: LazySplit, options: { selfSpecifier: string; moduleSpecifier: string }): { rest: string; module: string; moved: number } {
  let code = split.prepare ? split.prepare(source) : source;
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
    const inner = declaredInside(declaration);
    walk(declaration, (node) => {
      if (node.type === "Identifier" && topLevel.has(node.name as string) && !moved.has(node.name as string)) needed.add(node.name as string);
      // The moved code imports the module's other names, and an import cannot be assigned.
      if (node.type === "AssignmentExpression" || node.type === "UpdateExpression") {
        const names = new Set<string>();
        patternNames((node.type === "UpdateExpression" ? node.argument : node.left) as Node, names);
        for (const name of names)
          if (topLevel.has(name) && !inner.has(name) && !moved.has(name))
            throw new Error(`lazy-router-navigation: moved code assigns ${name}, a top-level name of ${split.label} (an import cannot be assigned: leave the function where it is)`);
      }
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

/**
 * createRouter's inner functions that run a navigation or a fetcher call
 * (`navigate`, `fetch` and `startNavigation` and every function only they
 * call). They move too, as a factory `__rrnavCreateNavigation(env)` that the
 * lazy module holds: `env` reads and writes createRouter's own variables
 * (a getter per variable they read, a setter per variable they assign), so
 * the moved text is the same code with `x` written `env.x`. createRouter
 * keeps three stubs with the same names that wait for the module, make the
 * functions once and call them.
 */
export const NAVIGATION_CLOSURES = [
  "navigate",
  "startNavigation",
  "handleAction",
  "handleLoaders",
  "getUpdatedActionData",
  "getUpdatedRevalidatingFetchers",
  "fetch",
  "handleFetcherAction",
  "handleFetcherLoader",
  "startRedirectNavigation",
  "callDataStrategy",
  "callLoadersAndMaybeResolveData",
  "discoverRoutes",
  // and what only the functions above call
  "completeNavigation",
  "setFetcherError",
  "markFetchRedirectsDone",
  "abortStaleFetchLoads",
  "handleNavigational404",
  "saveScrollPosition",
  "compareMatches",
];

function patternNames(pattern: Node | null | undefined, out: Set<string>): void {
  if (!pattern) return;
  if (pattern.type === "Identifier") out.add(pattern.name as string);
  else if (pattern.type === "ObjectPattern")
    for (const property of pattern.properties as Node[]) patternNames(property.type === "RestElement" ? (property.argument as Node) : (property.value as Node), out);
  else if (pattern.type === "ArrayPattern") for (const element of pattern.elements as (Node | null)[]) patternNames(element, out);
  else if (pattern.type === "RestElement") patternNames(pattern.argument as Node, out);
  else if (pattern.type === "AssignmentPattern") patternNames(pattern.left as Node, out);
}

/** Every name declared anywhere inside a function (its parameters, variables, inner functions, catch parameters). */
function declaredInside(fn: Node): Set<string> {
  const out = new Set<string>();
  for (const param of fn.params as Node[]) patternNames(param, out);
  walk(fn.body, (node) => {
    if (node.type === "FunctionDeclaration" || node.type === "FunctionExpression" || node.type === "ArrowFunctionExpression") {
      for (const param of node.params as Node[]) patternNames(param, out);
      if (node.id) out.add((node.id as Node).name as string);
    }
    if (node.type === "VariableDeclarator") patternNames(node.id as Node, out);
    if (node.type === "CatchClause") patternNames(node.param as Node, out);
    if (node.type === "ClassDeclaration" && node.id) out.add((node.id as Node).name as string);
  });
  return out;
}

/** router.js with createRouter's navigation closures turned into a top-level factory (see NAVIGATION_CLOSURES). */
export function moveRouterClosures(code: string): string {
  const ast = parseAst(code, { sourceType: "module" }) as unknown as Node & { body: Node[] };
  const createRouter = ast.body.find((statement) => statement.type === "FunctionDeclaration" && (statement.id as Node).name === "createRouter");
  if (!createRouter) throw new Error("lazy-router-navigation: createRouter not found in router.js");
  const body = (createRouter.body as Node).body as Node[];
  const locals = new Set<string>();
  for (const param of createRouter.params as Node[]) patternNames(param, locals);
  for (const statement of body) {
    if (statement.type === "FunctionDeclaration") locals.add((statement.id as Node).name as string);
    if (statement.type === "VariableDeclaration") for (const declarator of statement.declarations as Node[]) patternNames(declarator.id as Node, locals);
  }
  const moved = new Set(NAVIGATION_CLOSURES);
  const functions = new Map<string, Node>();
  for (const statement of body) if (statement.type === "FunctionDeclaration" && moved.has((statement.id as Node).name as string)) functions.set((statement.id as Node).name as string, statement);
  const missing = NAVIGATION_CLOSURES.filter((name) => !functions.has(name));
  if (missing.length) throw new Error(`lazy-router-navigation: createRouter's ${missing.join(", ")} not found (react-router changed: update NAVIGATION_CLOSURES)`);
  for (const name of NAVIGATION_ENTRY_POINTS) if (functions.get(name)!.async !== true) throw new Error(`lazy-router-navigation: createRouter's ${name}() is no longer async`);

  // Only the entry points may be named outside the moved functions (the rest of createRouter keeps stubs for them).
  const outside: string[] = [];
  for (const statement of body) {
    if (statement.type === "FunctionDeclaration" && moved.has((statement.id as Node).name as string)) continue;
    walk(statement, (node, chain) => {
      if (node.type === "Identifier" && moved.has(node.name as string) && !NAVIGATION_ENTRY_POINTS.includes(node.name as string))
        outside.push(`${node.name as string} in ${chain.join(" > ") || "createRouter"}`);
    });
  }
  if (outside.length) throw new Error(`lazy-router-navigation: createRouter calls moved functions outside a navigation: ${outside.join("; ")}`);

  // createRouter's variables the moved code uses; none of them may be shadowed inside it.
  const env = "__rrnavEnv";
  const read = new Set<string>();
  const written = new Set<string>();
  const edits: { start: number; end: number; text: string }[] = [];
  for (const [name, fn] of functions) {
    const shadowed = [...declaredInside(fn)].filter((inner) => locals.has(inner) && !moved.has(inner));
    if (shadowed.length) throw new Error(`lazy-router-navigation: ${name}() declares ${shadowed.join(", ")}, also createRouter's own (not rewritten safely)`);
    const visit = (node: unknown, parent: Node | null, key: string): void => {
      if (Array.isArray(node)) {
        for (const child of node) visit(child, parent, key);
        return;
      }
      if (!node || typeof node !== "object") return;
      const current = node as Node;
      if (current.type === "Identifier") {
        const id = current.name as string;
        if (!locals.has(id) || moved.has(id)) return;
        // Not a reference: a property name, a member's property, a label.
        if (parent && parent.type === "MemberExpression" && key === "property" && !parent.computed) return;
        if (parent && (parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") && key === "key" && !parent.computed && !parent.shorthand) return;
        if (parent && (parent.type === "LabeledStatement" || parent.type === "BreakStatement" || parent.type === "ContinueStatement")) return;
        read.add(id);
        if (parent && parent.type === "Property" && parent.shorthand) {
          if (key === "value") edits.push({ start: parent.start, end: parent.end, text: `${id}: ${env}.${id}` });
          return;
        }
        edits.push({ start: current.start, end: current.end, text: `${env}.${id}` });
        return;
      }
      if (current.type === "AssignmentExpression" || current.type === "UpdateExpression") {
        const names = new Set<string>();
        if (current.type === "UpdateExpression") patternNames(current.argument as Node, names);
        else patternNames(current.left as Node, names);
        for (const id of names) if (locals.has(id) && !moved.has(id)) written.add(id);
      }
      for (const child in current) if (child !== "type" && typeof current[child] === "object") visit(current[child], current, child);
    };
    visit(fn.params, fn, "params");
    visit(fn.body, fn, "body");
  }
  const movedTexts = [...functions.values()]
    .sort((a, b) => a.start - b.start)
    .map((fn) => {
      let text = code.slice(fn.start, fn.end);
      const inside = edits.filter((edit) => edit.start >= fn.start && edit.end <= fn.end).sort((a, b) => b.start - a.start);
      for (const edit of inside) text = text.slice(0, edit.start - fn.start) + edit.text + text.slice(edit.end - fn.start);
      return text;
    });
  const accessors = [...read].sort().map((id) => (written.has(id) ? `get ${id}() { return ${id}; }, set ${id}(value) { ${id} = value; }` : `get ${id}() { return ${id}; }`));
  const stubs = NAVIGATION_ENTRY_POINTS.map(
    (name) => `async function ${name}(...args) {\n\t\tif (!__rrnavLoaded) await __rrnavLoad();\n\t\treturn (__rrnavImplementation ??= __rrnavCreateNavigation(${env})).${name}(...args);\n\t}`,
  );
  // Remove the moved functions from createRouter (the first one's place gets the env and the stubs).
  const ordered = [...functions.values()].sort((a, b) => b.start - a.start);
  let out = code;
  for (const fn of ordered) {
    const replacement = fn === ordered[ordered.length - 1] ? `let __rrnavImplementation;\n\tconst ${env} = { ${accessors.join(", ")} };\n\t${stubs.join("\n\t")}` : "";
    out = out.slice(0, fn.start) + replacement + out.slice(fn.end);
  }
  out += `\nfunction __rrnavCreateNavigation(${env}) {\n\t${movedTexts.join("\n\t")}\n\treturn { ${NAVIGATION_ENTRY_POINTS.join(", ")} };\n}\n`;
  return out;
}
