/**
 * Structured logs: one JSON object per line, each carrying the request id so
 * a request can be followed through Workers Logs (or wrangler tail).
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: Level = "info";

export function setLogLevel(level: string | undefined) {
  if (level && level in ORDER) threshold = level as Level;
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (ORDER[level] < ORDER[threshold]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export function errorFields(error: unknown) {
  if (error instanceof Error) return { error: error.name, message: error.message, stack: error.stack };
  if (typeof error === "object" && error !== null) {
    // Never "[object Object]" (decision 021).
    try {
      return { error: JSON.stringify(error).slice(0, 1000) };
    } catch {
      return { error: Object.prototype.toString.call(error) };
    }
  }
  return { error: String(error) };
}
