import type { ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/**
 * React Router matches every request's path against the whole site map at
 * least twice (the request handler, then the static handler; the server
 * router again while rendering). Its default matcher tries each of the ~300
 * ranked branches in turn, walking every layout level with string joins:
 * 0.2-0.5 ms a match for this site map (V8, node and workerd), and growing
 * with every route added. React Router 8.4's route-pattern matcher (a trie,
 * behind `future.unstable_routePatternMatching`) finds the same matches in
 * 0.01-0.15 ms. Decision 026.
 *
 * It is turned on for the server only: the browser keeps the default matcher,
 * so guests download nothing more. Both matchers agree on every route of
 * app/routes.ts (workers/route-matching.test.ts). React Router also sends
 * the build's `future` flags to the browser in the hydration handoff (JSON),
 * and a browser told to use a matcher its bundle lacks fails hydration; so the
 * flag is left out of the JSON (`toJSON` answers the build's own flags) while
 * the server's static handler, which copies the object, still sees it.
 */
export function withTrieMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const future = { ...build.future, unstable_routePatternMatching: true, toJSON: () => build.future };
  return { ...build, future: future as unknown as ServerBuild["future"] };
}
