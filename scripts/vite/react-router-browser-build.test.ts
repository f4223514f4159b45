import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BROWSER_MESSAGE, reactRouterBrowserMessages, stripReactRouterMessages } from "./react-router-browser-messages";

const ROUTER_FILE = "/x/node_modules/react-router/dist/production/lib/router/router.js";

describe("react-router-browser-messages vite plugin", () => {
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
    expect(result?.code).toBe(
      [`invariant(matches, ${message});`, `warning(!ok, ${message});`, `warningOnce("key", cond, ${message});`, "invariant(value);"].join("\n"),
    );
  });

  it("leaves other calls and other packages alone", () => {
    expect(stripReactRouterMessages('throw new Error("Not found"); console.warn("x");', ROUTER_FILE)).toBeNull();
    expect(stripReactRouterMessages('invariant(a, "message");', "/x/app/shell/navbar.tsx")).toBeNull();
    expect(stripReactRouterMessages('invariant(a, "message");', "/x/node_modules/react-dom/cjs/react-dom-client.production.js")).toBeNull();
  });

  it("runs on the browser build only: the server keeps React Router's messages", () => {
    const plugin = reactRouterBrowserMessages();
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
