import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BROWSER_MESSAGE,
  dropRouterInstrumentations,
  dropRscBranches,
  makeComponentsTreeShakable,
  reactRouterBrowserBuild,
  reactRouterBrowserTransform,
  stripReactRouterMessages,
  usesInstrumentations,
} from "./react-router-browser-build";

const ROUTER_FILE = "/x/node_modules/react-router/dist/production/lib/router/router.js";

describe("react-router-browser-build vite plugin: developer messages", () => {
  it("replaces the message of invariant, warning and warningOnce calls, keeping the checks", () => {
    const code = [
      'invariant(matches, "No matches for the current location");',
      "warning(!ok, `Route ${id} has no element`);",
      'warningOnce("key", cond, "A long " + "message");',
      "invariant(value);",
    ].join("\n");
    const result = stripReactRouterMessages(code, ROUTER_FILE);
    expect(result?.replaced).toBe(3);
    const message = JSON.stringify(BROWSER_MESSAGE);
    expect(result?.code).toBe([`invariant(matches, ${message});`, `warning(!ok, ${message});`, `warningOnce("key", cond, ${message});`, "invariant(value);"].join("\n"));
  });

  it("replaces the message of the errors it throws", () => {
    const result = stripReactRouterMessages('throw new Error(`Cannot submit ${what}`); reject(Error("Aborted")); new TypeError("kept");', ROUTER_FILE);
    const message = JSON.stringify(BROWSER_MESSAGE);
    expect(result?.code).toBe(`throw new Error(${message}); reject(Error(${message})); new TypeError("kept");`);
  });

  it("leaves other calls and other packages alone", () => {
    expect(stripReactRouterMessages('throw new TypeError("Not found"); console.warn("x");', ROUTER_FILE)).toBeNull();
    expect(stripReactRouterMessages('invariant(a, "message");', "/x/app/shell/navbar.tsx")).toBeNull();
    expect(stripReactRouterMessages('invariant(a, "message");', "/x/node_modules/react-dom/cjs/react-dom-client.production.js")).toBeNull();
  });

  it("runs on the browser build only: the server keeps React Router's messages", () => {
    const plugin = reactRouterBrowserBuild();
    expect(plugin.apply).toBe("build");
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: "client" })).toBe(true);
    expect(applies({ name: "ssr" })).toBe(false);
  });

  it("still finds the messages in the installed react-router (fails after an upgrade that renames the helpers)", () => {
    const require = createRequire(import.meta.url);
    const lib = join(dirname(require.resolve("react-router/package.json")), "dist/production/lib");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith(".js")) files.push(path);
      }
    };
    walk(lib);
    let replaced = 0;
    for (const file of files) {
      const result = stripReactRouterMessages(readFileSync(file, "utf8"), file);
      if (!result) continue;
      replaced += result.replaced;
      // The output still parses: the replacement is one string literal in place of another expression.
      expect(() => stripReactRouterMessages(result.code, file)).not.toThrow();
    }
    // router.js, hooks.js, components.js and the dom/ssr helpers: about a hundred messages in 8.4.
    expect(replaced).toBeGreaterThan(60);
  });
});

describe("react-router-browser-build vite plugin: tree-shakable components", () => {
  const LIB_FILE = "/x/node_modules/react-router/dist/production/lib/dom/lib.js";

  it("marks module-level forwardRef/createContext calls pure and drops their displayName lines", () => {
    const code = [
      "const NavLink = React$1.forwardRef(function NavLinkWithRef(props, ref) {",
      "\tlet FetcherForm = React$1.forwardRef((p, r) => null);",
      '\tFetcherForm.displayName = "fetcher.Form";',
      "});",
      'NavLink.displayName = "NavLink";',
      "const RouteContext = React$1.createContext(null);",
    ].join("\n");
    const result = makeComponentsTreeShakable(code, LIB_FILE);
    expect(result).toMatchObject({ annotated: 2, displayNames: 1 });
    expect(result?.code).toContain("const NavLink = /* @__PURE__ */ React$1.forwardRef(");
    expect(result?.code).toContain("const RouteContext = /* @__PURE__ */ React$1.createContext(null);");
    // Inside a function body nothing changes: only module-level statements keep components alive.
    expect(result?.code).toContain("\tlet FetcherForm = React$1.forwardRef(");
    expect(result?.code).toContain('\tFetcherForm.displayName = "fetcher.Form";');
    expect(result?.code).not.toContain("NavLink.displayName");
  });

  it("leaves other packages alone", () => {
    expect(reactRouterBrowserTransform('const A = React$1.forwardRef(f);\nA.displayName = "A";', "/x/app/ui/button.tsx")).toBeNull();
  });

  it("still finds the components in the installed react-router (fails after an upgrade that changes the pattern)", () => {
    const require = createRequire(import.meta.url);
    const file = join(dirname(require.resolve("react-router/package.json")), "dist/production/lib/dom/lib.js");
    const result = makeComponentsTreeShakable(readFileSync(file, "utf8"), file);
    expect(result?.code).toMatch(/const NavLink = \/\* @__PURE__ \*\/ React\$1\.forwardRef\(/);
    expect(result?.code).not.toMatch(/^NavLink\.displayName/m);
    // The result is still a module the bundler can parse.
    expect(() => stripReactRouterMessages(result!.code, file)).not.toThrow();
  });
});

describe("react-router-browser-build vite plugin: no instrumentation code when the app passes none", () => {
  const require = createRequire(import.meta.url);
  const routerFile = join(dirname(require.resolve("react-router/package.json")), "dist/production/lib/router/router.js");

  it("turns both instrumentation tests of the installed createRouter off (fails after an upgrade that changes them)", () => {
    const result = dropRouterInstrumentations(readFileSync(routerFile, "utf8"), routerFile);
    expect(result?.dropped).toBe(2);
    expect(result?.code).not.toContain("if (init.instrumentations)");
    expect(result?.code).toContain("if (false) router = instrumentClientSideRouter(");
  });

  it("keeps them when asked to (an app/entry.client that passes instrumentations)", () => {
    const code = readFileSync(routerFile, "utf8");
    expect(reactRouterBrowserTransform(code, routerFile, { keepInstrumentations: true })).toContain("if (init.instrumentations)");
    expect(dropRouterInstrumentations(code, "/x/node_modules/react-router/dist/production/lib/dom/lib.js")).toBeNull();
  });

  it("finds out whether the app's client entry hands the router instrumentations", () => {
    const app = mkdtempSync(join(tmpdir(), "rr-entry-"));
    expect(usesInstrumentations(app)).toBe(false);
    writeFileSync(join(app, "entry.client.tsx"), "hydrateRoot(document, <HydratedRouter />);");
    expect(usesInstrumentations(app)).toBe(false);
    writeFileSync(join(app, "entry.client.tsx"), "hydrateRoot(document, <HydratedRouter instrumentations={[logging]} />);");
    expect(usesInstrumentations(app)).toBe(true);
  });

  it("this app has no client entry of its own, so the step is on", () => {
    expect(usesInstrumentations(join(import.meta.dirname, "../../app"))).toBe(false);
  });
});

describe("react-router-browser-build vite plugin: no RSC code outside RSC mode", () => {
  const require = createRequire(import.meta.url);
  const lib = join(dirname(require.resolve("react-router/package.json")), "dist/production/lib");

  it("replaces every RSC context read of the installed react-router (throws after an upgrade that moves them)", () => {
    for (const [file, reads] of [
      ["hooks.js", 2],
      ["dom/ssr/components.js", 2],
    ] as const) {
      const path = join(lib, file);
      const result = dropRscBranches(readFileSync(path, "utf8"), path);
      expect(result?.replaced, file).toBe(reads);
      expect(result?.code).not.toContain("useIsRSCRouterContext();\n");
      expect(() => stripReactRouterMessages(result!.code, path)).not.toThrow();
    }
  });

  it("fails loudly when a read it expects is missing", () => {
    expect(() => dropRscBranches("function PrefetchPageLinks() {}", join(lib, "dom/ssr/components.js"))).toThrow(/react-router changed/);
    expect(dropRscBranches("let x = 1;", join(lib, "router/router.js"))).toBeNull();
  });
});
