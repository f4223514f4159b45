import { parseAst } from "rolldown/parseAst";
import type { Plugin } from "vite";

/**
 * React Router's browser code as a production build of a library should be
 * (issue 2's public-page JavaScript budget, docs/decisions/006, third pass).
 * React Router publishes one "production" build for servers and browsers
 * alike; in the browser build only, two things change in its modules:
 *
 * 1. Developer messages. The build keeps the text of every invariant and
 *    warning ("useNavigate() may be used only in the context of a <Router>
 *    component."), about 2 KB gzip of the shell chunk every page loads.
 *    React's own production build has none (its errors carry a code). The
 *    message argument of `invariant`, `warning`, `warningOnce` and
 *    `warnOnce` calls becomes one short text: the checks still run and still
 *    throw or warn at the same place, only the wording is gone.
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
 * The server build is untouched: server logs and SSR errors read as before.
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
  if (!REACT_ROUTER_DIST.test(id) || !/\b(?:invariant|warning|warningOnce|warnOnce)\(/.test(code)) return null;
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

/** Both steps; null when the module is not React Router's or nothing changed. */
export function reactRouterBrowserTransform(code: string, id: string): string | null {
  const shakable = makeComponentsTreeShakable(code, id)?.code ?? code;
  const stripped = stripReactRouterMessages(shakable, id)?.code ?? shakable;
  return stripped === code ? null : stripped;
}

export function reactRouterBrowserBuild(): Plugin {
  return {
    name: "react-router-browser-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      const out = reactRouterBrowserTransform(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
