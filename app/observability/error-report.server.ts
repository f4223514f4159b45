import { isRouteErrorResponse } from "react-router";
import { hasPermission } from "~/request/viewer";
import { DEBUG_ERROR_COOKIE, DEBUG_ERROR_COOKIE_MAX_AGE_S } from "~/constants";
import { openD1 } from "~/db/client.server";
import { serializeCookie } from "~/http/cookies";
import type { AppContext, WorkerContext } from "~/request/context";
import { recordError, traceOf } from "./error-log.server";
import { errorFields, log } from "../log/log.server";
import type { DebugTrace } from "../log/stack-trace";

/** Where the "Download log" button of the error dialog points (admins only). */
export const DOWNLOAD_LOG_URL = "/api/v1/logs/error/download-latest";

/**
 * Who may see debug traces (spec sections 2, 3 and 8): everyone on a local
 * Worker (APP_ENV=local, development), and in production only admins while
 * the debug.admin_traces setting is on. Everyone else gets the generic
 * message and the request id.
 */
export function debugTracesAllowed(worker: Pick<WorkerContext, "isLocal">, app: Pick<AppContext, "settings" | "viewer"> | null): boolean {
  if (worker.isLocal) return true;
  return Boolean(app?.settings["debug.admin_traces"] && hasPermission(app.viewer, "admin"));
}

/** The dialog offers the log download only to those the endpoint will serve. */
export function canDownloadLog(app: Pick<AppContext, "viewer"> | null) {
  return Boolean(app && hasPermission(app.viewer, "admin"));
}

/**
 * The status of a client error (a thrown 4xx route response or Response: a
 * POST to a page with no action is 405, an unknown path 404), else null.
 * Those are the client's mistakes, not the server's: never error-log rows
 * (20 guest POSTs to /titles made 20 rows, decision 021).
 */
export function clientErrorStatus(error: unknown): number | null {
  const status = isRouteErrorResponse(error) ? error.status : error instanceof Response ? error.status : null;
  return status !== null && status >= 400 && status < 500 ? status : null;
}

/** A readable message for anything thrown: never "[object Object]". */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Response) return `${error.status} ${error.statusText}`.trim();
  if (typeof error === "object" && error !== null) {
    try {
      return JSON.stringify(error).slice(0, 1000);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

interface ReportOptions {
  worker: WorkerContext;
  app: AppContext | null;
  request: Request;
  url: URL;
  source: "api" | "page" | "worker";
  /** The answer may carry the trace (the site's own requests; not API-token clients). */
  withTrace: boolean;
}

/**
 * An unexpected error: one log line, one error-log row (written after the
 * response when possible), and — when allowed — the debug trace to answer with.
 */
export async function reportError(error: unknown, options: ReportOptions): Promise<{ trace: DebugTrace | null; written: Promise<unknown> }> {
  const { worker, app, request, url, source } = options;
  const fields = errorFields(error);
  log("error", `${source} error`, { requestId: worker.requestId, path: url.pathname, ...fields });
  const entry = {
    requestId: worker.requestId,
    source,
    exception: error instanceof Error ? error.name || "Error" : typeof error,
    message: describeError(error),
    stack: error instanceof Error ? (error.stack ?? null) : null,
    method: request.method,
    url: url.pathname + url.search,
    userId: app?.user?.id ?? null,
    userAgent: request.headers.get("User-Agent"),
  } as const;
  const db = app?.db ?? openD1(worker.env.DB, null).db;
  const write = Promise.resolve(recordError(db, entry)).catch((writeError: unknown) => log("warn", "error log write failed", { requestId: worker.requestId, error: String(writeError) }));
  worker.ctx.waitUntil(write);
  if (!options.withTrace || !debugTracesAllowed(worker, app)) return { trace: null, written: write };
  try {
    const action = canDownloadLog(app) ? { label: "Download log", url: DOWNLOAD_LOG_URL } : null;
    return { trace: await traceOf(entry, action), written: write };
  } catch (traceError) {
    log("warn", "debug trace failed", { requestId: worker.requestId, error: String(traceError) });
    return { trace: null, written: write };
  }
}

/**
 * A page error cannot carry the trace in its body (React Router answers page
 * and data requests itself), so the response sets a short-lived cookie with
 * the request id; the error boundary reads it and fetches the trace from
 * GET api/v1/logs/error/trace/{requestId}.
 */
export function debugErrorCookie(request: Request, requestId: string) {
  return serializeCookie(request, DEBUG_ERROR_COOKIE, requestId, { maxAge: DEBUG_ERROR_COOKIE_MAX_AGE_S, httpOnly: false });
}
