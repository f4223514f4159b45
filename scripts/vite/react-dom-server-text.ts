import type { Plugin } from "vite";
import { serverBuildTransform } from "./server-build-transform";

/**
 * React's server renderer writes a page's HTML as text and encodes it once
 * per 16 KB instead of once per fragment (decision 045).
 *
 * `react-dom/server.node` writes each fragment (a tag's name, `="`, an
 * attribute's value, `"`, ...) on its own: a TextEncoder call per fragment
 * into a 4 KB buffer, and a `Buffer.byteLength` call per fragment to size each
 * finished segment. A 100 KB page is thousands of fragments, and in workerd
 * every one of those calls crosses from JavaScript into the runtime. React's
 * own Bun build already works in text throughout (its fixed fragments are
 * strings, not bytes); this gives the Node build the same: fixed fragments
 * stay strings, text is joined in a string (V8 joins without copying) and
 * encoded when it reaches 16 KB or when React finishes a write, and a
 * segment's byte size is counted in JavaScript. The bytes sent are the same
 * (scripts/vite/react-dom-server-text.test.ts renders pages both ways).
 *
 * The joined text is module state like React's own buffer: React writes only
 * inside one synchronous flush, which starts by clearing it and always ends
 * by writing it out (`completeWriting` runs in a `finally`).
 *
 * The server build only; each rewrite checks that it still finds the code it
 * replaces, so a React upgrade that changes it fails the build.
 */
const NODE_SERVER = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/;

/** Text is encoded once this many UTF-16 units are waiting. */
const FLUSH_AT = 16_384;

/**
 * A text's UTF-8 length, counted in JavaScript (React sizes each finished
 * segment with it): 1 byte below U+0080, 2 below U+0800, 3 above, and 4 for a
 * surrogate pair (2 for each half); most fragments are ASCII, which a regular
 * expression tells at once. Source text, as it goes into React's module.
 */
const UTF8_LENGTH = `var __nonAscii = /[^\\0-\\x7f]/;
function __utf8Length(text) {
  if (!__nonAscii.test(text)) return text.length;
  for (var bytes = text.length, i = 0; i < text.length; i++) {
    var code = text.charCodeAt(i);
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}`;

/** The same function, for its test. */
export const utf8Length = new Function(`${UTF8_LENGTH}\nreturn __utf8Length;`)() as (text: string) => number;

const REWRITES: [find: string, replace: string][] = [
  [
    "function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}",
    // Fixed fragments stay text, as in React's Bun build.
    "function stringToPrecomputedChunk(content) {\n  return content;\n}",
  ],
  [
    "function writeChunk(destination, chunk) {\n",
    `var __pendingText = "";
${UTF8_LENGTH}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    __pendingText += chunk;
    if (__pendingText.length >= ${FLUSH_AT}) __writePendingText(destination);
    return;
  }
  __writePendingText(destination);
  __writeChunkNow(destination, chunk);
}
function __writePendingText(destination) {
  if (0 === __pendingText.length) return;
  var text = __pendingText;
  __pendingText = "";
  __writeChunkNow(destination, text);
}
function __writeChunkNow(destination, chunk) {
`,
  ],
  ["function completeWriting(destination) {\n", "function completeWriting(destination) {\n  __writePendingText(destination);\n"],
  ["function flushCompletedQueues(request, destination) {\n", 'function flushCompletedQueues(request, destination) {\n  __pendingText = "";\n'],
  ['return "string" === typeof chunk\n    ? Buffer.byteLength(chunk, "utf8")\n    : chunk.byteLength;', 'return "string" === typeof chunk ? __utf8Length(chunk) : chunk.byteLength;'],
];

/** The rewritten module, or null when `id` is not React's Node server renderer. */
export function reactDomServerTextTransform(code: string, id: string): string | null {
  if (!NODE_SERVER.test(id)) return null;
  let out = code;
  for (const [find, replace] of REWRITES) {
    if (!out.includes(find)) throw new Error(`react-dom-server-text: ${id} no longer has \`${find.split("\n")[0]}\`; check decision 045's text writer against this react-dom`);
    out = out.replace(find, replace);
  }
  return out;
}

export function reactDomServerText(): Plugin {
  return serverBuildTransform("react-dom-server-text", reactDomServerTextTransform);
}
