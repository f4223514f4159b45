import { DEBUG_ERROR_COOKIE } from "~/constants";
import { DEBUG_TRACE_EVENT } from "./debug-trace-event";
import type { DebugTrace } from "./stack-trace";

/**
 * The browser side of the debug error viewer (an answer that
 * carries `ignitionTrace` opens the full-screen error dialog instead of a
 * toast). API answers hand their trace to `showDebugTrace`; a failed page
 * request leaves its request id in the debug-error cookie, and
 * `checkDebugErrorCookie` fetches that request's trace.
 */
export type ShownTrace = DebugTrace & { request_id?: string };
type Listener = () => void;

let current: ShownTrace | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export const debugTraceStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => current,
  close() {
    current = null;
    emit();
  },
};

export function isDebugTrace(value: unknown): value is ShownTrace {
  return typeof value === "object" && value !== null && (value as { ignitionTrace?: unknown }).ignitionTrace === true && Array.isArray((value as { trace?: unknown }).trace);
}

/** Opens the dialog when `body` (a parsed API answer) carries a trace; true when it did. */
export function showDebugTrace(body: unknown): boolean {
  if (!isDebugTrace(body)) return false;
  current = body;
  emit();
  // The root's host loads the dialog on this (it keeps the store out of every page's first load).
  if (typeof window !== "undefined") window.dispatchEvent(new Event(DEBUG_TRACE_EVENT));
  return true;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

let checking: string | null = null;

/** After a failed page request: fetch and show its trace (the cookie is cleared so it shows once). */
export async function checkDebugErrorCookie() {
  if (typeof document === "undefined") return;
  const requestId = readCookie(DEBUG_ERROR_COOKIE);
  if (!requestId || !/^[0-9a-f-]{36}$/.test(requestId) || checking === requestId) return;
  checking = requestId;
  document.cookie = `${DEBUG_ERROR_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    const response = await fetch(`/api/v1/logs/error/trace/${requestId}`, { headers: { Accept: "application/json" } });
    if (response.ok) showDebugTrace(await response.json());
  } catch {
    // No trace then; the generic error page is already showing.
  } finally {
    checking = null;
  }
}
