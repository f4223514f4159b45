import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { reactRouterServerRoutesTransform } from "./react-router-server-routes";

const dist = join(dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist", "production", "lib", "dom");
const serverRouter = join(dist, "ssr", "server.js");
const staticRouter = join(dist, "server.js");

describe("react-router-server-routes vite plugin (decision 045)", () => {
  it("finds both route-tree builds in the installed react-router and keeps each per input", () => {
    const router = reactRouterServerRoutesTransform(readFileSync(serverRouter, "utf8"), serverRouter);
    expect(router).toContain("__serverRoutesByManifest.get(manifest.routes)");
    expect(router).not.toContain("\tlet routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);");
    const data = reactRouterServerRoutesTransform(readFileSync(staticRouter, "utf8"), staticRouter);
    expect(data).toContain("__dataRoutesByRoutes.get(routes)");
    expect(data).not.toContain("let dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);");
  });

  it("builds the tree on the first render of a build only", () => {
    const code = `function createServerRoutes(routes) { calls.push(routes); return [{ id: "root" }]; }
function ServerRouter({ context, manifest, routeModules }) {
	let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
	return routes;
}
return ServerRouter;`;
    const out = reactRouterServerRoutesTransform(code, serverRouter)!;
    const calls: unknown[] = [];
    const ServerRouter = new Function("calls", out)(calls) as (props: object) => unknown;
    const manifest = { routes: { root: {} } };
    const first = ServerRouter({ context: { isSpaMode: false }, manifest, routeModules: {} });
    const second = ServerRouter({ context: { isSpaMode: false }, manifest, routeModules: {} });
    expect(second).toBe(first);
    expect(calls).toHaveLength(1);
    ServerRouter({ context: { isSpaMode: false }, manifest: { routes: { root: {} } }, routeModules: {} });
    expect(calls).toHaveLength(2);
  });

  it("fails the build when react-router no longer has the code it replaces, and leaves other modules alone", () => {
    expect(() => reactRouterServerRoutesTransform("function ServerRouter() {}", serverRouter)).toThrow(/decision 045/);
    expect(reactRouterServerRoutesTransform("let routes = 1;", "/x/node_modules/react-router/dist/production/lib/router/router.js")).toBeNull();
  });
});
