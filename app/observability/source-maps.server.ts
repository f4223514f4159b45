import { originalPositionFor, sourceContentFor, TraceMap } from "@jridgewell/trace-mapping";
import { log } from "../log/log.server";
import type { OriginalPosition, RawFrame } from "../log/stack-trace";

/**
 * The server bundle's source maps, shipped as lazily imported modules by the
 * build (scripts/vite/debug-source-maps.ts replaces __DEBUG_SOURCE_MAPS__
 * with one loader per chunk, keyed by the chunk's file name). Outside a
 * build (vite dev, vitest) there are none and frames stay as they are: the
 * dev server already runs the source files themselves.
 *
 * A map is parsed once per isolate, on the first error that needs it.
 */
type Loaders = Record<string, () => Promise<{ default: string }>>;
declare const __DEBUG_SOURCE_MAPS__: Loaders | undefined;
const loaders: Loaders = typeof __DEBUG_SOURCE_MAPS__ === "undefined" ? {} : __DEBUG_SOURCE_MAPS__;

const cache = new Map<string, Promise<TraceMap | null>>();

function chunkName(file: string): string {
  return (
    file
      .replace(/[?#].*$/, "")
      .split("/")
      .pop() ?? file
  );
}

function loadMap(name: string): Promise<TraceMap | null> {
  let pending = cache.get(name);
  if (!pending) {
    const load = loaders[name];
    pending = load
      ? load()
          .then((module) => new TraceMap(module.default))
          .catch((error: unknown) => {
            log("warn", "source map could not be loaded", { chunk: name, error: String(error) });
            return null;
          })
      : Promise.resolve(null);
    cache.set(name, pending);
  }
  return pending;
}

/** Maps each frame's bundle position to its source (null where unknown). */
export async function sourceMapper(frames: RawFrame[]): Promise<(frame: RawFrame) => OriginalPosition | null> {
  const names = [...new Set(frames.map((frame) => chunkName(frame.file)))];
  const maps = new Map(await Promise.all(names.map(async (name) => [name, await loadMap(name)] as const)));
  return (frame) => {
    const map = maps.get(chunkName(frame.file));
    if (!map) return null;
    // Stack columns are 1-based, source map columns 0-based.
    const position = originalPositionFor(map, { line: frame.line, column: Math.max(0, frame.column - 1) });
    if (position.source === null || position.line === null) return null;
    return {
      source: position.source,
      line: position.line,
      column: (position.column ?? 0) + 1,
      name: position.name,
      content: sourceContentFor(map, position.source),
    };
  };
}
