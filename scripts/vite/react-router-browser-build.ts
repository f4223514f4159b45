import { parseAst } from "rolldown/parseAst";
import type { Plugin } from "vite";

/**
 * React Router's production build keeps every developer message: the text of
 * its invariants ("useNavigate() may be used only in the context of a
 * <Router> component.") and warnings, about 2.3 KB gzip of the browser's
 * shell chunk. React's own production build has none (its errors carry a
 * code). In the browser build only, this replaces the message argument of
 * React Router's `invariant`, `warning`, `warningOnce` and `warnOnce` calls
 * with one short text: the checks still run and still throw or warn at the
 * same place, only the wording is gone. The server build keeps the full
 * messages, so a server log or SSR error reads as before.
 *
 * Issue 2's public-page JavaScript budget (docs/decisions/006, third pass).
 */
export const BROWSER_MESSAGE = "React Router check failed (message left out of the browser build)";

/** The calls whose last argument is a developer message. */
const MESSAGE_CALLS = new Set(["invariant", "UNSAFE_invariant", "warning", "warningOnce", "warnOnce"]);

const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.m?js$/;

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

export function reactRouterBrowserMessages(): Plugin {
  return {
    name: "react-router-browser-messages",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      const result = stripReactRouterMessages(code, id);
      return result ? { code: result.code, map: null } : null;
    },
  };
}
