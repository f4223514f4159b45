import { posix } from "node:path";
import type { Plugin } from "vite";

/**
 * Ships the Worker's own source maps inside the Worker, so the debug error
 * viewer (app/observability) can map a stack frame of the bundle back to
 * app/…/file.ts and show the code around it — in `wrangler dev` of the build
 * and, for admins with debug on, in production.
 *
 * For every chunk of the server build this emits a module
 * `__debug/source-maps/<chunk>.js` whose default export is the chunk's map as
 * a JSON string. The build's wrangler.json uploads every .js file under the
 * build directory as a module (no_bundle + find_additional_modules), so the
 * map modules are importable but loaded only when an error is mapped. The
 * identifier __DEBUG_SOURCE_MAPS__ in app/observability/source-maps.server.ts
 * is replaced by `{ "<chunk>": () => import("<relative path>") }`, on one line
 * so the chunk's own map stays right.
 *
 * To keep the Worker small, library sources keep their mappings but lose their
 * text (sourcesContent): vendor frames show file, line and function, not code.
 */
const MARKER = "__DEBUG_SOURCE_MAPS__";
const OUT_DIR = "__debug/source-maps";

interface RawMap {
  sources: string[];
  sourcesContent?: (string | null)[];
  [key: string]: unknown;
}

export function debugSourceMaps(): Plugin {
  return {
    name: "debug-source-maps",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle(_options, bundle) {
      const maps: { chunk: string; module: string }[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        const mapAsset = bundle[`${file.fileName}.map`];
        const raw = mapAsset?.type === "asset" ? String(mapAsset.source) : file.map ? file.map.toString() : null;
        if (!raw) continue;
        const map = JSON.parse(raw) as RawMap;
        if (map.sourcesContent) {
          map.sourcesContent = map.sources.map((source, i) => (source.includes("node_modules") ? null : (map.sourcesContent?.[i] ?? null)));
        }
        const module = `${OUT_DIR}/${file.fileName}`;
        this.emitFile({ type: "asset", fileName: module, source: `export default ${JSON.stringify(JSON.stringify(map))};\n` });
        maps.push({ chunk: file.fileName, module });
      }
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk" || !file.code.includes(MARKER)) continue;
        const from = posix.dirname(file.fileName);
        const entries = maps.map(({ chunk, module }) => {
          let specifier = posix.relative(from, module);
          if (!specifier.startsWith(".")) specifier = `./${specifier}`;
          return `${JSON.stringify(posix.basename(chunk))}: () => import(${JSON.stringify(specifier)})`;
        });
        file.code = file.code.split(MARKER).join(`({ ${entries.join(", ")} })`);
      }
    },
  };
}
