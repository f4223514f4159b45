/**
 * What `npm start` shows of wrangler's output: one line per request and the
 * Worker's own warnings and errors. Everything wrangler prints still goes to
 * the log file, so nothing is lost; the terminal keeps what a person reads.
 */

/** Offline noise that says nothing about this app (no internet on a local start). */
const HARMLESS = [/Unable to fetch the `Request\.cf` object/, /getaddrinfo ENOTFOUND workers\.cloudflare\.com/, /^\s+at .*\(node:/, /GetAddrInfoReqWrap/];

/** wrangler's own request line duplicates the Worker's structured one. */
const WRANGLER_REQUEST = /^\[wrangler:info\] (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /;

interface LogRecord {
  time?: string;
  level?: string;
  msg?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

const ANSI = /\x1b\[[0-9;]*m/g;

/** The line to show for one line of wrangler's output, or null to keep it in the log file only. */
export function terminalLine(raw: string): string | null {
  const line = raw.replace(ANSI, "").trimEnd();
  if (!line.trim()) return null;
  if (HARMLESS.some((pattern) => pattern.test(line))) return null;
  if (WRANGLER_REQUEST.test(line)) return null;
  if (line.startsWith("{")) {
    let record: LogRecord;
    try {
      record = JSON.parse(line) as LogRecord;
    } catch {
      return line;
    }
    if (record.msg === "request" && record.method && record.path) {
      const time = record.time ? record.time.slice(11, 19) : "";
      return `${time} ${record.method} ${record.path} ${record.status ?? ""} (${record.ms ?? "?"} ms)`.trim();
    }
    if (record.level === "warn" || record.level === "error") return line;
    return null;
  }
  // wrangler's own errors (a port in use, a broken config) are for the person at the terminal.
  if (/✘|\[ERROR\]|^Error\b/.test(line)) return line;
  return null;
}
