import type { Plugin } from "vite";

/** A Vite plugin that rewrites modules of the server build only (the build's `ssr` environment), without a source map. */
export function serverBuildTransform(name: string, transform: (code: string, id: string) => string | null): Plugin {
  return {
    name,
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      const out = transform(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
