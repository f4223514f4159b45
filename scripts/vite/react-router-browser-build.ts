import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAst } from "rolldown/parseAst";
import type { Plugin } from "vite";
import { lazySplitFor, NAVIGATION_MODULE_ID, SINGLE_FETCH_MODULE_ID, splitModule } from "./lazy-router-navigation.ts";

/**
 * React Router's browser code as a production build of a library should be
 * (the public-page JavaScript budget of decision 006, docs/decisions/006, third pass).
 * React Router publishes one "production" build for servers and browsers
 * alike; in the browser build only, two things change in its modules:
 *
 * 1. Developer messages. The build keeps the text of every invariant,
 *    warning and error it throws ("useNavigate() may be used only in the
 *    context of a <Router> component.", "Cannot submit a <button> or <input
 *    type=\"submit\"> without a <form>"), about 2.5 KB gzip of the shell
 *    chunk every page loads. React's own production build has none (its
 *    errors carry a code). The message argument of `invariant`, `warning`,
 *    `warningOnce` and `warnOnce` calls and of `Error(...)` becomes one short
 *    text: the checks still run and still throw or warn at the same place,
 *    only the wording is gone (no code of React Router or ours reads it).
 *
 * 2. Tree-shaking. Its components and contexts are module-level
 *    `const Link = React.forwardRef(...)` / `React.createContext(...)` calls
 *    without a pure annotation, each followed by `Link.displayName = "Link"`.
 *    To the bundler both are side effects, so every component stays in the
 *    bundle whether the app uses it or not (NavLink and its view-transition
 *    helper did, for every guest). The calls get the `@__PURE__` annotation
 *    the library's build leaves out, and the `displayName` assignments (read
 *    only by React DevTools) go, so unused components are dropped.
 *
 * 3. Instrumentation. `createRouter` wraps every route and the router itself
 *    when it is given `instrumentations` (the `HydratedRouter` prop of a
 *    custom app/entry.client). This app's (app/entry.client.tsx) passes none, so
 *    the router never gets any and that code (about 1 KB gzip) never runs:
 *    its two `if (init.instrumentations)` tests become `if (false)` and the
 *    bundler drops it. Should app/entry.client.* ever pass
 *    `instrumentations`, this step turns itself off (see `usesInstrumentations`).
 *
 * 4. React Server Components. The framework mode without RSC (this app's
 *    `reactRouter()` Vite plugin) never provides React Router's RSC context,
 *    yet its error boundary, <Scripts> and <PrefetchPageLinks> read it and
 *    keep the RSC error handler and RSC prefetching in the bundle. Those
 *    reads become `false` (they are `useContext` reads, which hold no hook
 *    state, so nothing shifts), and the bundler drops the RSC code.
 *
 * Each step checks that it still finds what it rewrites in the installed
 * react-router (scripts/vite/react-router-browser-build.test.ts), so an
 * upgrade that changes the code fails the unit test instead of silently
 * shipping more. The server build is untouched: server logs and SSR errors
 * read as before.
 */
export const BROWSER_MESSAGE = "React Router check failed (message left out of the browser build)";

/** The calls whose last argument is a developer message. */
const MESSAGE_CALLS = new Set(["invariant", "UNSAFE_invariant", "warning", "warningOnce", "warnOnce"]);

const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.m?js$/;

/** `const Link = React$1.forwardRef(` at the top level of a module. */
const COMPONENT_DECLARATION = /^((?:export )?(?:const|let|var) [A-Za-z_$][\w$]* = )(React(?:\$\d+)?\.(?:forwardRef|memo|createContext)\()/gm;
/** `Link.displayName = "Link";` on its own line at the top level. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isMessage(node: Node): boolean {
  if (node.type === "Literal") return typeof node.value === "string";
  if (node.type === "TemplateLiteral") return true;
  // "text" + value + "more text"
  if (node.type === "BinaryExpression" && node.operator === "+") return isMessage(node.left as Node) || isMessage(node.right as Node);
  return false;
}

/** The code with every message argument replaced, or null when there is none. */
export function stripReactRouterMessages(code: string, id: string): { code: string; replaced: number } | null {
  if (!REACT_ROUTER_DIST.test(id) || !/\b(?:invariant|warning|warningOnce|warnOnce|Error)\(/.test(code)) return null;
  const ast = parseAst(code, { sourceType: "module" }, id) as unknown as Node;
  const ranges: [number, number][] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const node = value as Node;
    if (node.type === "CallExpression") {
      const callee = node.callee as Node;
      const args = node.arguments as Node[];
      const last = args[args.length - 1];
      if (callee.type === "Identifier" && MESSAGE_CALLS.has(callee.name as string) && args.length >= 2 && isMessage(last)) {
        ranges.push([last.start, last.end]);
      }
    }
    // new Error("...") and Error(`...`): the message is the first argument.
    if ((node.type === "NewExpression" || node.type === "CallExpression") && (node.callee as Node).type === "Identifier" && (node.callee as Node).name === "Error") {
      const first = (node.arguments as Node[])[0];
      if (first && isMessage(first)) ranges.push([first.start, first.end]);
    }
    for (const key in node) if (key !== "type" && typeof node[key] === "object") visit(node[key]);
  };
  visit(ast);
  if (ranges.length === 0) return null;
  ranges.sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [start, end] of ranges) out = out.slice(0, start) + JSON.stringify(BROWSER_MESSAGE) + out.slice(end);
  return { code: out, replaced: ranges.length };
}

/** Module-level component and context creations marked pure, their displayName lines removed (null: nothing to do). */
export function makeComponentsTreeShakable(code: string, id: string): { code: string; annotated: number; displayNames: number } | null {
  if (!REACT_ROUTER_DIST.test(id)) return null;
  let annotated = 0;
  let displayNames = 0;
  const out = code
    .replace(COMPONENT_DECLARATION, (_match, declaration: string, call: string) => {
      annotated++;
      return `${declaration}/* @__PURE__ */ ${call}`;
    })
    .replace(DISPLAY_NAME, () => {
      displayNames++;
      return "";
    });
  return annotated + displayNames > 0 ? { code: out, annotated, displayNames } : null;
}

const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]router\.js$/;
/** The two tests in createRouter (router.js): the route wrapper and the router wrapper. */
const INSTRUMENTATION_TESTS = /^(\t)if \(init\.instrumentations\) /gm;

/** createRouter without its instrumentation branches (null: not router.js, or nothing found). */
export function dropRouterInstrumentations(code: string, id: string): { code: string; dropped: number } | null {
  if (!ROUTER_MODULE.test(id)) return null;
  let dropped = 0;
  const out = code.replace(INSTRUMENTATION_TESTS, (_match, indent: string) => {
    dropped++;
    return `${indent}if (false) `;
  });
  return dropped > 0 ? { code: out, dropped } : null;
}

/** Where React Router reads its RSC context in the browser: file, exact text, replacement, how many times. */
const RSC_READS: { file: RegExp; find: string; replace: string; count: number }[] = [
  { file: /[\\/]lib[\\/]hooks\.js$/, find: "if (this.context && typeof error", replace: "if (false && typeof error", count: 1 },
  {
    file: /[\\/]lib[\\/]hooks\.js$/,
    find: "if (this.context) return /* @__PURE__ */ React$1.createElement(RSCErrorHandler",
    replace: "if (false) return /* @__PURE__ */ React$1.createElement(RSCErrorHandler",
    count: 1,
  },
  { file: /[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/, find: "let rsc = useIsRSCRouterContext();", replace: "let rsc = false;", count: 1 },
  { file: /[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/, find: "let isRSCRouterContext = useIsRSCRouterContext();", replace: "let isRSCRouterContext = false;", count: 1 },
];

/** The module with its RSC context reads replaced by `false` (null: none here). Throws when a read is no longer found. */
export function dropRscBranches(code: string, id: string): { code: string; replaced: number } | null {
  if (!REACT_ROUTER_DIST.test(id)) return null;
  let out = code;
  let replaced = 0;
  for (const read of RSC_READS) {
    if (!read.file.test(id)) continue;
    const found = out.split(read.find).length - 1;
    if (found !== read.count) throw new Error(`react-router-browser-build: expected ${read.count} × "${read.find}" in ${id}, found ${found} (react-router changed: update RSC_READS)`);
    out = out.split(read.find).join(read.replace);
    replaced += found;
  }
  return replaced > 0 ? { code: out, replaced } : null;
}

/**
 * 6. Link prefetching. `<Link prefetch="intent|render|viewport">` makes React
 * Router render <link rel="prefetch"> tags for the next page's modules and
 * data (usePrefetchBehavior, PrefetchPageLinks and their link helpers, about
 * 1.3 KB gzip). This app never passes `prefetch` (the default is "none", so
 * the hook only ever answers "do not prefetch"): Link's call becomes that
 * answer and the bundler drops the rest. Should any file under app/ ever
 * mention a `prefetch` prop, this step turns itself off (`usesLinkPrefetch`).
 */
const PREFETCH_REWRITES: { find: string; replace: string }[] = [
  { find: "= usePrefetchBehavior(prefetch, rest);", replace: "= [false, null, {}];" },
  { find: "return shouldPrefetch && !isAbsolute ? ", replace: "return false ? " },
];
const LINK_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]lib\.js$/;

/** lib.js with Link's prefetching answered "none" (null: another module). Throws when the code is no longer found. */
export function dropLinkPrefetching(code: string, id: string): string | null {
  if (!LINK_MODULE.test(id)) return null;
  let out = code;
  for (const { find, replace } of PREFETCH_REWRITES) {
    const found = out.split(find).length - 1;
    if (found !== 1) throw new Error(`react-router-browser-build: expected 1 × "${find}" in ${id}, found ${found} (react-router changed: update PREFETCH_REWRITES)`);
    out = out.replace(find, replace);
  }
  return out;
}

/** Whether any source file under app/ passes a `prefetch` prop or option (then Link keeps its prefetching). */
export function usesLinkPrefetch(appDirectory: string): boolean {
  return appMentions(appDirectory, /\bprefetch\s*[=:]/);
}

/** Whether any source file under the directory matches. */
function appMentions(appDirectory: string, pattern: RegExp): boolean {
  const pending = [appDirectory];
  while (pending.length) {
    const directory = pending.pop()!;
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (/\.(tsx?|jsx?)$/.test(entry.name) && pattern.test(readFileSync(path, "utf8"))) return true;
    }
  }
  return false;
}

/**
 * 7. <Scripts>' server-only text. On the server <Scripts> writes the inline
 * scripts that start the browser (the router context and the module script
 * that imports the matched routes and lists the partial manifest). In the
 * browser its router context is never static (only the server's
 * StaticRouterProvider is), so both texts are always " " there, yet their
 * templates (and getPartialManifest, which only they call) ship to every
 * page. In the browser build the two initialisers are " ", as they evaluate
 * to there.
 */
const SCRIPTS_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/;
const SERVER_ONLY_SCRIPT_TEXTS: { name: string; test: string }[] = [
  { name: "contextScript", test: "staticContext" },
  { name: "routeModulesScript", test: "!isStatic" },
];

/** components.js with <Scripts>' server-only texts replaced by what they are in the browser (null: another module). */
export function dropServerOnlyScriptTexts(code: string, id: string): string | null {
  if (!SCRIPTS_MODULE.test(id)) return null;
  const ast = parseAst(code, { sourceType: "module" }, id) as unknown as Node;
  const found = new Map<string, Node>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const node = value as Node;
    if (node.type === "VariableDeclarator" && (node.id as Node).type === "Identifier") {
      const rule = SERVER_ONLY_SCRIPT_TEXTS.find((text) => text.name === (node.id as Node).name);
      const init = node.init as Node | null;
      if (rule && init?.type === "ConditionalExpression" && code.slice((init.test as Node).start, (init.test as Node).end) === rule.test) {
        const serverBranch = rule.test.startsWith("!") ? (init.alternate as Node) : (init.consequent as Node);
        const browserBranch = rule.test.startsWith("!") ? (init.consequent as Node) : (init.alternate as Node);
        if (serverBranch.type === "TemplateLiteral" && code.slice(browserBranch.start, browserBranch.end) === '" "') found.set(rule.name, init);
      }
    }
    for (const key in node) if (key !== "type" && typeof node[key] === "object") visit(node[key]);
  };
  visit(ast);
  const missing = SERVER_ONLY_SCRIPT_TEXTS.filter((text) => !found.has(text.name)).map((text) => text.name);
  if (missing.length) throw new Error(`react-router-browser-build: <Scripts>' ${missing.join(", ")} not found as expected in ${id} (react-router changed: update SERVER_ONLY_SCRIPT_TEXTS)`);
  let out = code;
  for (const init of [...found.values()].sort((a, b) => b.start - a.start)) out = `${out.slice(0, init.start)}" "${out.slice(init.end)}`;
  return out;
}

/**
 * 8. View transitions. RouterProvider wraps a state update in
 * `document.startViewTransition` when a navigation asked for one
 * (`<Link viewTransition>`, `navigate(to, { viewTransition: true })`). This
 * app never asks: the provider's "available" test becomes `false` and the
 * bundler drops both transition branches of its state update (0.1 KB gzip). Should any
 * file under app/ ever mention `viewTransition`, this step turns itself off
 * (`usesViewTransitions`).
 */
const VIEW_TRANSITION_TEST = 'let isViewTransitionAvailable = router.window != null && router.window.document != null && typeof router.window.document.startViewTransition === "function";';
const COMPONENTS_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]components\.js$/;

/** components.js with RouterProvider's view transitions off (null: another module). Throws when the test is no longer found. */
export function dropViewTransitions(code: string, id: string): string | null {
  if (!COMPONENTS_MODULE.test(id)) return null;
  const found = code.split(VIEW_TRANSITION_TEST).length - 1;
  if (found !== 1) throw new Error(`react-router-browser-build: expected 1 × RouterProvider's view-transition test in ${id}, found ${found} (react-router changed: update VIEW_TRANSITION_TEST)`);
  return code.replace(VIEW_TRANSITION_TEST, "let isViewTransitionAvailable = false;");
}

/** Whether any source file under app/ mentions view transitions (then RouterProvider keeps them). */
export function usesViewTransitions(appDirectory: string): boolean {
  return appMentions(appDirectory, /\bviewTransition\b|useViewTransitionState/);
}

/** Whether the app's own client entry (if any) hands instrumentations to the router. */
export function usesInstrumentations(appDirectory: string): boolean {
  for (const name of ["entry.client.tsx", "entry.client.ts", "entry.client.jsx", "entry.client.js"]) {
    const file = join(appDirectory, name);
    if (existsSync(file) && readFileSync(file, "utf8").includes("instrumentations")) return true;
  }
  return false;
}

/** All steps; null when the module is not React Router's or nothing changed. */
export function reactRouterBrowserTransform(code: string, id: string, options: { keepInstrumentations?: boolean; keepLinkPrefetching?: boolean; keepViewTransitions?: boolean } = {}): string | null {
  const withoutTransitions = options.keepViewTransitions ? code : (dropViewTransitions(code, id) ?? code);
  const withoutServerTexts = dropServerOnlyScriptTexts(withoutTransitions, id) ?? withoutTransitions;
  const withoutPrefetching = options.keepLinkPrefetching ? withoutServerTexts : (dropLinkPrefetching(withoutServerTexts, id) ?? withoutServerTexts);
  const withoutInstrumentation = options.keepInstrumentations ? withoutPrefetching : (dropRouterInstrumentations(withoutPrefetching, id)?.code ?? withoutPrefetching);
  const withoutRsc = dropRscBranches(withoutInstrumentation, id)?.code ?? withoutInstrumentation;
  const shakable = makeComponentsTreeShakable(withoutRsc, id)?.code ?? withoutRsc;
  const stripped = stripReactRouterMessages(shakable, id)?.code ?? shakable;
  return stripped === code ? null : stripped;
}

export function reactRouterBrowserBuild(): Plugin {
  let keepInstrumentations = false;
  let keepLinkPrefetching = false;
  let keepViewTransitions = false;
  const lazyModules = new Map<string, string>();
  return {
    name: "react-router-browser-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      keepInstrumentations = usesInstrumentations(join(config.root, "app"));
      keepLinkPrefetching = usesLinkPrefetch(join(config.root, "app"));
      keepViewTransitions = usesViewTransitions(join(config.root, "app"));
    },
    // 5. The navigation helpers load on the first interaction (scripts/vite/lazy-router-navigation.ts).
    resolveId(source) {
      return source === NAVIGATION_MODULE_ID || source === SINGLE_FETCH_MODULE_ID ? `\0${source.replace(/^virtual:/, "")}.js` : null;
    },
    load(id) {
      const source = lazyModules.get(id);
      if (source === undefined && id.startsWith("\0react-router-")) throw new Error(`react-router-browser-build: ${id} was asked for before its module was transformed`);
      return source === undefined ? null : { code: source, map: null };
    },
    transform(code, id) {
      let out = reactRouterBrowserTransform(code, id, { keepInstrumentations, keepLinkPrefetching, keepViewTransitions });
      const lazy = lazySplitFor(id);
      if (lazy) {
        const { rest, module } = splitModule(out ?? code, lazy.split, { selfSpecifier: id.split("?")[0], moduleSpecifier: lazy.moduleId });
        lazyModules.set(`\0${lazy.moduleId.replace(/^virtual:/, "")}.js`, module);
        out = rest;
      }
      return out === null ? null : { code: out, map: null };
    },
  };
}
