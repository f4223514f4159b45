import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";
import { lazySplitFor, NAVIGATION_CLOSURES, NAVIGATION_HELPERS, ROUTER_SPLIT, SINGLE_FETCH_SPLIT, splitModule } from "./lazy-router-navigation";
import { dropLinkPrefetching, dropServerOnlyScriptTexts, dropViewTransitions, usesLinkPrefetch, usesViewTransitions } from "./react-router-browser-build";

const require = createRequire(import.meta.url);
const DIST = join(dirname(require.resolve("react-router/package.json")), "dist/production");
const ROUTER_FILE = join(DIST, "lib/router/router.js");
const SINGLE_FETCH_FILE = join(DIST, "lib/dom/ssr/single-fetch.js");

describe("lazy-router-navigation: React Router's navigation code loads on the first interaction", () => {
  it("applies to router.js and single-fetch.js only", () => {
    expect(lazySplitFor(ROUTER_FILE)?.split).toBe(ROUTER_SPLIT);
    expect(lazySplitFor(SINGLE_FETCH_FILE)?.split).toBe(SINGLE_FETCH_SPLIT);
    expect(lazySplitFor(join(DIST, "lib/dom/lib.js"))).toBeNull();
  });

  it("moves every helper of the installed router.js, guards the three entry points and listens for the first interaction", () => {
    const { rest, module, moved } = splitModule(readFileSync(ROUTER_FILE, "utf8"), ROUTER_SPLIT, { selfSpecifier: "./router.js", moduleSpecifier: "./nav.js" });
    expect(moved).toBe(NAVIGATION_HELPERS.length + 1);
    // createRouter's navigation closures moved too, as a factory over its variables.
    for (const name of NAVIGATION_CLOSURES) expect(module).toMatch(new RegExp(`function ${name}\\(`));
    expect(rest).not.toContain("async function handleLoaders(");
    expect(module).toContain("function __rrnavCreateNavigation(__rrnavEnv)");
    expect(module).toContain("__rrnavEnv.state");
    for (const name of NAVIGATION_HELPERS) {
      expect(rest).not.toMatch(new RegExp(`function ${name}\\(`));
      expect(module).toMatch(new RegExp(`function ${name}\\(`));
    }
    expect(rest.split("if (!__rrnavLoaded) await __rrnavLoad();").length - 1).toBe(3);
    expect(rest).toContain("__rrnavOnFirstInteraction(isBrowser && routerWindow);");
    // Both halves are valid modules.
    expect(() => parseAst(rest, { sourceType: "module" })).not.toThrow();
    expect(() => parseAst(module, { sourceType: "module" })).not.toThrow();
  });

  it("moves the installed single-fetch.js's fetch-and-decode strategies, keeping hydration's decoder", () => {
    const { rest, module } = splitModule(readFileSync(SINGLE_FETCH_FILE, "utf8"), SINGLE_FETCH_SPLIT, { selfSpecifier: "./single-fetch.js", moduleSpecifier: "./sf.js" });
    expect(rest).toContain("function decodeViaTurboStream(");
    expect(rest).not.toContain("function fetchAndDecodeViaTurboStream(");
    expect(rest).toContain("(...args) => fetchAndDecodeViaTurboStream(...args)");
    expect(rest.split("if (!__rrsfLoaded) await __rrsfLoad();").length - 1).toBe(1);
    expect(module).toContain("async function singleFetchLoaderNavigationStrategy(");
    expect(() => parseAst(rest, { sourceType: "module" })).not.toThrow();
  });

  it("refuses to move a helper that a synchronous path still calls", () => {
    const code = ["function helper() { return 1; }", "function later() { return helper(); }", "async function entry() {", "return helper();", "}", "export { entry, later };"].join("\n");
    const split = { helpers: ["helper"], callers: new Set(["entry"]), guardsAfter: ["async function entry() {"], prefix: "__t", label: "test.js" };
    expect(() => splitModule(code, split, { selfSpecifier: "./a.js", moduleSpecifier: "./b.js" })).toThrow(/helper in later/);
    expect(() => splitModule(code, { ...split, helpers: ["missing"] }, { selfSpecifier: "./a.js", moduleSpecifier: "./b.js" })).toThrow(/missing not found/);
    // A module-level variable the moved code assigns would become a read-only import.
    const writes = ["let count = 0;", "function helper() { count++; }", "async function entry() {", "helper();", "}", "export { entry };"].join("\n");
    expect(() => splitModule(writes, split, { selfSpecifier: "./a.js", moduleSpecifier: "./b.js" })).toThrow(/assigns count/);
  });

  it("a router built from the split navigates, runs loaders and fetchers, and loads the moved code only then", async () => {
    const copy = mkdtempSync(join(tmpdir(), "rr-split-"));
    cpSync(DIST, copy, { recursive: true });
    const routerPath = join(copy, "lib/router/router.js");
    const { rest, module } = splitModule(readFileSync(ROUTER_FILE, "utf8"), ROUTER_SPLIT, { selfSpecifier: "./router.js", moduleSpecifier: "./router-navigation.js" });
    writeFileSync(routerPath, rest);
    writeFileSync(join(copy, "lib/router/router-navigation.js"), `${module}\nglobalThis.__rrNavigationLoaded = true;\n`);
    // The router's own modules (not the package's public entry): typed loosely on purpose.
    type LooseRouter = {
      state: { initialized: boolean; location: { pathname: string }; loaderData: Record<string, unknown>; actionData: unknown };
      initialize(): LooseRouter;
      navigate(to: string | number, opts?: object): Promise<void>;
      fetch(key: string, routeId: string, href: string): Promise<void>;
      dispose(): void;
    };
    const { createRouter } = (await import(routerPath)) as { createRouter: (init: object) => LooseRouter };
    const { createMemoryHistory } = (await import(join(copy, "lib/router/history.js"))) as { createMemoryHistory: (options: object) => object };
    const calls: string[] = [];
    const router = createRouter({
      history: createMemoryHistory({ initialEntries: ["/"] }),
      routes: [
        {
          id: "root",
          path: "/",
          loader: () => "home",
          children: [
            {
              id: "a",
              path: "a",
              loader: () => {
                calls.push("a");
                return "A";
              },
            },
            {
              id: "b",
              path: "b",
              loader: () => {
                calls.push("b");
                return "B";
              },
              action: async ({ request }: { request: Request }) => `posted ${(await request.formData()).get("x")}`,
            },
          ],
        },
      ],
      hydrationData: { loaderData: { root: "home" } },
    }).initialize();
    expect(router.state.initialized).toBe(true);
    expect((globalThis as { __rrNavigationLoaded?: boolean }).__rrNavigationLoaded).toBeUndefined();
    await router.navigate("/a");
    expect((globalThis as { __rrNavigationLoaded?: boolean }).__rrNavigationLoaded).toBe(true);
    expect(router.state.location.pathname).toBe("/a");
    expect(router.state.loaderData.a).toBe("A");
    const formData = new FormData();
    formData.set("x", "1");
    await router.navigate("/b", { formMethod: "post", formData });
    expect(router.state.actionData).toEqual({ b: "posted 1" });
    expect(router.state.loaderData.b).toBe("B");
    // A fetcher's load (its data is kept only while a component reads it: the loader's call shows it ran).
    await router.fetch("f", "root", "/a");
    await expect.poll(() => calls.length).toBe(3);
    await router.navigate(-1);
    await expect.poll(() => router.state.location.pathname).toBe("/a");
    expect(calls).toEqual(["a", "b", "a", "a"]);
    router.dispose();
  });
});

describe("react-router-browser-build: Link prefetching left out when the app never asks for it", () => {
  it("answers the installed Link's prefetch hook with 'none' and drops the prefetch links", () => {
    const file = join(DIST, "lib/dom/lib.js");
    const out = dropLinkPrefetching(readFileSync(file, "utf8"), file);
    expect(out).toContain("= [false, null, {}];");
    expect(out).not.toContain("usePrefetchBehavior(prefetch, rest)");
    expect(dropLinkPrefetching("x", ROUTER_FILE)).toBeNull();
  });

  it("turns itself off when a file under app/ passes a prefetch prop", () => {
    const app = mkdtempSync(join(tmpdir(), "rr-prefetch-"));
    writeFileSync(join(app, "page.tsx"), '<Link to="/a">A</Link>');
    expect(usesLinkPrefetch(app)).toBe(false);
    writeFileSync(join(app, "nav.tsx"), '<Link to="/a" prefetch="intent">A</Link>');
    expect(usesLinkPrefetch(app)).toBe(true);
    expect(usesLinkPrefetch(join(dirname(require.resolve("../../package.json")), "app"))).toBe(false);
  });
});

describe("react-router-browser-build: <Scripts> without its server-only texts in the browser", () => {
  it('replaces the installed <Scripts>\' two server-only templates by the " " the browser always got', () => {
    const file = join(DIST, "lib/dom/ssr/components.js");
    const out = dropServerOnlyScriptTexts(readFileSync(file, "utf8"), file)!;
    expect(out).toContain('let contextScript = " ";');
    expect(out).toContain('let routeModulesScript = " ";');
    expect(out).not.toContain("window.__reactRouterRouteModules");
    expect(out).not.toContain("getPartialManifest(manifest, router)");
    expect(() => parseAst(out, { sourceType: "module" })).not.toThrow();
    expect(dropServerOnlyScriptTexts("x", ROUTER_FILE)).toBeNull();
    expect(() => dropServerOnlyScriptTexts('let contextScript = " ";', file)).toThrow(/not found/);
  });
});

describe("react-router-browser-build: no view-transition code when the app asks for none", () => {
  it("turns the installed RouterProvider's view-transition test off", () => {
    const file = join(DIST, "lib/components.js");
    const out = dropViewTransitions(readFileSync(file, "utf8"), file)!;
    expect(out).toContain("let isViewTransitionAvailable = false;");
    expect(dropViewTransitions("x", ROUTER_FILE)).toBeNull();
    expect(() => dropViewTransitions("let isViewTransitionAvailable = true;", file)).toThrow(/view-transition test/);
  });

  it("turns itself off when a file under app/ mentions viewTransition", () => {
    const app = mkdtempSync(join(tmpdir(), "rr-vt-"));
    writeFileSync(join(app, "page.tsx"), '<Link to="/a">A</Link>');
    expect(usesViewTransitions(app)).toBe(false);
    writeFileSync(join(app, "nav.tsx"), '<Link to="/a" viewTransition>A</Link>');
    expect(usesViewTransitions(app)).toBe(true);
    expect(usesViewTransitions(join(dirname(require.resolve("../../package.json")), "app"))).toBe(false);
  });
});
