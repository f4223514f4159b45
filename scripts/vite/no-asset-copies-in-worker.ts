import type { Plugin } from "vite";

/**
 * Keeps script files that Worker code imports only by URL (`?url`, e.g. the
 * Scalar API reference's 4.3 MB browser bundle) out of the Worker's build.
 * The browser gets them from the client build (same content hash, same URL);
 * a copy beside the Worker would be uploaded as a Worker module, because the
 * build's wrangler.json uploads every .js file under it, and would count
 * against the Worker's size (and break `upload_source_maps`, whose check
 * trips over the bundle's dangling sourceMappingURL). The debug viewer's
 * source-map modules (__debug/) are real Worker modules and stay.
 */
export function noAssetCopiesInWorker(): Plugin {
  return {
    name: "no-asset-copies-in-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle(_options, bundle) {
      for (const [fileName, file] of Object.entries(bundle)) {
        if (file.type === "asset" && /\.m?js$/.test(fileName) && !fileName.startsWith("__debug/")) delete bundle[fileName];
      }
    },
  };
}
