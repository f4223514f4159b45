import { createRequestHandler, RouterContextProvider } from "react-router";
import {
  applySecurityHeaders,
  bodyLimitFor,
  createNonce,
  isCrossOriginWrite,
  limitRequestBody,
  malformedBodyReason,
  PayloadTooLargeError,
} from "~/http/security";
import { errorFields, log, setLogLevel } from "~/observability/log.server";
import { workerContext, type WorkerContext } from "~/request/context";
import { runScheduledJobs } from "~/scheduled/jobs.server";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

/**
 * The only Worker entry. It guards the request (same-origin writes, body
 * size), gives React Router a fresh context with the bindings, and adds the
 * security headers and a log line to every response.
 */
export default {
  async fetch(request, env, ctx) {
    setLogLevel(env.LOG_LEVEL);
    const started = Date.now();
    const worker: WorkerContext = {
      env,
      ctx,
      requestId: crypto.randomUUID(),
      nonce: createNonce(),
      isLocal: env.APP_ENV === "local",
    };
    const url = new URL(request.url);
    let response: Response;
    try {
      response = await handle(request, url, worker);
    } catch (error) {
      log("error", "unhandled error", { requestId: worker.requestId, path: url.pathname, ...errorFields(error) });
      response = errorResponse(url, 500, "There was an issue. Please try again.", worker.requestId);
    }
    response = applySecurityHeaders(response, worker);
    log("info", "request", {
      requestId: worker.requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      ms: Date.now() - started,
    });
    return response;
  },

  async scheduled(controller, env, ctx) {
    setLogLevel(env.LOG_LEVEL);
    ctx.waitUntil(runScheduledJobs(env, controller.cron));
  },
} satisfies ExportedHandler<Env>;

async function handle(request: Request, url: URL, worker: WorkerContext): Promise<Response> {
  if (isCrossOriginWrite(request)) {
    log("warn", "cross-origin write refused", { requestId: worker.requestId, origin: request.headers.get("Origin") });
    return errorResponse(url, 403, "This request came from another site and was refused.", worker.requestId);
  }
  const limit = bodyLimitFor(url.pathname);
  if (limit !== null) {
    try {
      request = await limitRequestBody(request, limit);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        return errorResponse(url, 413, "The request is too large.", worker.requestId);
      }
      throw error;
    }
    const malformed = await malformedBodyReason(request);
    if (malformed) return errorResponse(url, 400, malformed, worker.requestId);
  }
  const context = new RouterContextProvider();
  context.set(workerContext, worker);
  return requestHandler(request, context);
}

function errorResponse(url: URL, status: number, message: string, requestId: string) {
  if (url.pathname.startsWith("/api/")) {
    return Response.json({ message, requestId }, { status });
  }
  return new Response(`${message}\n\nRequest id: ${requestId}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
