import type { Plugin } from "vite";
import { serverBuildTransform } from "./server-build-transform";

/**
 * React Router's document render builds the route tree once per isolate
 * instead of once per request (decision 045). `<ServerRouter>` turns the
 * whole route manifest (every route of app/routes.ts, about 240) into route
 * objects and `createStaticRouter` copies them into data routes on every
 * render: about 0.4 ms of an uncached page's CPU in the isolate, for a tree
 * that only changes with the build. Both results depend only on their input
 * objects, which are the same for every request of a build (the manifest is
 * the build's, the route objects carry the route modules, never request
 * data), so each is kept in a WeakMap keyed by its input. Nothing mutates
 * them: routes are never lazy on the server (no SPA mode) and the static
 * router refuses route patches.
 *
 * The server build only; each rewrite checks that it still finds the code it
 * replaces (scripts/vite/react-router-server-routes.test.ts), so an upgrade
 * that changes it fails the build instead of silently building per request.
 */
const SERVER_ROUTER = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]server\.js$/;
const STATIC_ROUTER = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]server\.js$/;

const SERVER_ROUTES_CALL = "let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);";
const SERVER_ROUTES_ONCE = `let routes = context.isSpaMode ? createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode) : __serverRoutesByManifest.get(manifest.routes);
	if (!routes) __serverRoutesByManifest.set(manifest.routes, routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode));`;

const DATA_ROUTES_CALL = "let manifest = {};\n\tlet dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);";
const DATA_ROUTES_ONCE = `let converted = __dataRoutesByRoutes.get(routes);
	if (!converted) {
		let routeManifest = {};
		converted = { manifest: routeManifest, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, routeManifest) };
		__dataRoutesByRoutes.set(routes, converted);
	}
	let manifest = converted.manifest;
	let dataRoutes = converted.dataRoutes;`;

function rewrite(code: string, find: string, replace: string, map: string, id: string): string {
  if (!code.includes(find)) throw new Error(`react-router-server-routes: ${id} no longer has \`${find.split("\n")[0]}\`; check decision 045's route-tree cache against this react-router`);
  return `const ${map} = new WeakMap();\n${code.replace(find, replace)}`;
}

/** The rewritten module, or null when `id` is not one of the two. */
export function reactRouterServerRoutesTransform(code: string, id: string): string | null {
  if (SERVER_ROUTER.test(id)) return rewrite(code, SERVER_ROUTES_CALL, SERVER_ROUTES_ONCE, "__serverRoutesByManifest", id);
  if (STATIC_ROUTER.test(id)) return rewrite(code, DATA_ROUTES_CALL, DATA_ROUTES_ONCE, "__dataRoutesByRoutes", id);
  return null;
}

export function reactRouterServerRoutes(): Plugin {
  return serverBuildTransform("react-router-server-routes", reactRouterServerRoutesTransform);
}
