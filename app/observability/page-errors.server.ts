import type { RouterContextProvider } from "react-router";
import { appContext, workerContext, type AppContext } from "~/request/context";
import { clientErrorStatus, debugErrorCookie, debugTracesAllowed, reportError } from "./error-report.server";
import { errorFields, log } from "../log/log.server";

/**
 * Errors thrown by loaders, actions and rendering reach React Router's
 * handleError (app/entry.server.tsx), not our code: they are logged and
 * recorded here, and the response of that request then carries the
 * debug-error cookie (workers/app.ts) when the visitor may see traces.
 */
const failedRequests = new WeakMap<object, { requestId: string; reported: Promise<{ written: Promise<unknown> }> }>();

function appOf(context: Readonly<RouterContextProvider>): AppContext | null {
  try {
    return context.get(appContext);
  } catch {
    // The root middleware itself failed: no app context for this request.
    return null;
  }
}

export function reportPageError(error: unknown, request: Request, context: Readonly<RouterContextProvider>) {
  let worker;
  try {
    worker = context.get(workerContext);
  } catch {
    log("error", "route error", { path: new URL(request.url).pathname, ...errorFields(error) });
    return;
  }
  const status = clientErrorStatus(error);
  if (status !== null) {
    // A client error (405 for a POST to a page without an action, 404...): a warning line, never an error-log row.
    log("warn", "client error", { requestId: worker.requestId, status, method: request.method, path: new URL(request.url).pathname });
    return;
  }
  const reported = reportError(error, { worker, app: appOf(context), request, url: new URL(request.url), source: "page", withTrace: false });
  failedRequests.set(context, { requestId: worker.requestId, reported });
}

/**
 * The Set-Cookie value that lets the error dialog fetch this request's trace,
 * or null. For those who may see traces, the error-log row is written before
 * the response goes out, so the dialog's fetch finds it.
 */
export async function pageErrorCookie(context: Readonly<RouterContextProvider>, request: Request): Promise<string | null> {
  const failed = failedRequests.get(context);
  if (!failed || !debugTracesAllowed(context.get(workerContext), appOf(context))) return null;
  await (await failed.reported).written;
  return debugErrorCookie(request, failed.requestId);
}
