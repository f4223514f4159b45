/**
 * The debug trace ("Error response with trace"): the
 * exception, its message and the stack as frames — each with its file as a
 * path list, line, function and a code snippet keyed by line number — where
 * runs of library ("vendor") frames are grouped. Pure functions: the stack
 * is parsed here, source positions come from a `mapPosition` callback
 * (source maps, see source-maps.server.ts).
 */

export interface RawFrame {
  file: string;
  line: number;
  column: number;
  method: string;
}

export interface OriginalPosition {
  source: string;
  line: number;
  column: number;
  name: string | null;
  /** The whole source file's text, when the map has it. */
  content: string | null;
}

export interface TraceFrame {
  /** The source file split at "/" (e.g. ["app", "routes", "titles", "title.tsx"]). */
  path: string[];
  lineNumber: number;
  columnNumber: number;
  method: string;
  /** Lines around the failing one, keyed by line number ("12": "code"). Empty when the source is unknown. */
  codeSnippet: Record<string, string>;
  /** The frame's position in the whole stack, vendor frames included. */
  flatIndex: number;
  vendor: boolean;
}

export interface VendorGroup {
  vendorGroup: true;
  items: TraceFrame[];
}

export type TraceEntry = TraceFrame | VendorGroup;

export interface DebugTrace {
  ignitionTrace: true;
  exception: string;
  message: string;
  trace: TraceEntry[];
  totalVendorGroups: number;
  /** What the dialog may offer next (Download log, for admins). */
  action: { label: string; url: string } | null;
}

/** Lines shown before and after the failing line. */
export const SNIPPET_RADIUS = 8;
/** Frames kept from a stack (the error-reporting limit: 50 frames). */
export const MAX_FRAMES = 50;

const FRAME_WITH_METHOD = /^\s*at (?:async )?(.*?) \((.*?):(\d+):(\d+)\)\s*$/;
const FRAME_WITHOUT_METHOD = /^\s*at (?:async )?(.*?):(\d+):(\d+)\s*$/;

/** V8 stack lines ("    at fn (file:1:2)", "    at file:1:2") as frames; other lines are skipped. */
export function parseStack(stack: string | null | undefined): RawFrame[] {
  if (!stack) return [];
  const frames: RawFrame[] = [];
  for (const line of stack.split("\n")) {
    const named = FRAME_WITH_METHOD.exec(line);
    if (named) {
      frames.push({ method: named[1] || "<anonymous>", file: named[2], line: Number(named[3]), column: Number(named[4]) });
    } else {
      const bare = FRAME_WITHOUT_METHOD.exec(line);
      if (bare) frames.push({ method: "<anonymous>", file: bare[1], line: Number(bare[2]), column: Number(bare[3]) });
    }
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames;
}

/** "../../../app/x.ts" or "file:///work/main/app/x.ts" → "app/x.ts"; library paths start at node_modules. */
export function normalizeSourcePath(source: string): string {
  let path = source
    .replace(/^file:\/\//, "")
    .replace(/\\/g, "/")
    .replace(/[?#].*$/, "");
  const modules = path.lastIndexOf("node_modules/");
  if (modules >= 0) return path.slice(modules);
  const app = path.search(/(^|\/)(app|workers|scripts)\//);
  if (app >= 0) return path.slice(app).replace(/^\//, "");
  while (path.startsWith("../") || path.startsWith("./")) path = path.replace(/^\.\.?\//, "");
  return path.replace(/^\/+/, "");
}

export function isVendorPath(path: string): boolean {
  return path.startsWith("node_modules/") || path.startsWith("node:") || path.startsWith("cloudflare:") || !/\.(tsx?|jsx?|mjs)$/.test(path) || /^(internal|workerd)\b/.test(path);
}

export function codeSnippet(content: string | null, line: number, radius = SNIPPET_RADIUS): Record<string, string> {
  if (!content) return {};
  const lines = content.split("\n");
  const snippet: Record<string, string> = {};
  const first = Math.max(1, line - radius);
  const last = Math.min(lines.length, line + radius);
  for (let n = first; n <= last; n++) snippet[String(n)] = lines[n - 1].replace(/\r$/, "").slice(0, 500);
  return snippet;
}

/**
 * Frames mapped to their sources, vendor runs grouped. `mapPosition` returns
 * null for a position without a mapping; the bundle position is kept then.
 */
export function buildTrace(
  error: { exception: string; message: string; stack: string | null },
  mapPosition: (frame: RawFrame) => OriginalPosition | null,
  action: DebugTrace["action"] = null,
): DebugTrace {
  const frames: TraceFrame[] = parseStack(error.stack).map((raw, flatIndex) => {
    const original = mapPosition(raw);
    const file = normalizeSourcePath(original?.source ?? raw.file);
    const line = original?.line ?? raw.line;
    return {
      path: file.split("/").filter(Boolean),
      lineNumber: line,
      columnNumber: original?.column ?? raw.column,
      // The bundle is not minified, so its function names are the source's.
      method: raw.method.replace(/\$\d+$/, ""),
      codeSnippet: codeSnippet(original?.content ?? null, line),
      flatIndex,
      vendor: isVendorPath(file),
    };
  });
  const trace: TraceEntry[] = [];
  let totalVendorGroups = 0;
  for (const frame of frames) {
    const last = trace[trace.length - 1];
    if (!frame.vendor) trace.push(frame);
    else if (last && "vendorGroup" in last) last.items.push(frame);
    else {
      trace.push({ vendorGroup: true, items: [frame] });
      totalVendorGroups += 1;
    }
  }
  return { ignitionTrace: true, exception: error.exception, message: error.message, trace, totalVendorGroups, action };
}

/** The plain-text form of one logged error, for the downloadable log. */
export function formatLogEntry(
  entry: { createdAt: Date; requestId: string; exception: string; message: string; method: string; url: string; userId: number | null },
  trace: DebugTrace | null,
): string {
  const head = `[${entry.createdAt.toISOString()}] ${entry.exception}: ${entry.message}`;
  const context = `  request ${entry.requestId} · ${entry.method} ${entry.url}${entry.userId ? ` · user ${entry.userId}` : ""}`;
  const frames = (trace?.trace ?? [])
    .flatMap((item) => ("vendorGroup" in item ? item.items : [item]))
    .map((frame) => `    at ${frame.method} (${frame.path.join("/")}:${frame.lineNumber}:${frame.columnNumber})`);
  return [head, context, ...frames].join("\n");
}
