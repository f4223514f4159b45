import { createRequestHandler, RouterContextProvider } from "react-router";
import { applySecurityHeaders, asFormWrite, bodyLimitFor, createNonce, isCrossOriginWrite, limitRequestBody, malformedBodyReason, NOT_A_FORM_MESSAGE, PayloadTooLargeError } from "~/http/security";
import { crossOriginOf, isAllowedTokenWrite, isCorsPath, isPreflight, preflightResponse, withCorsHeaders } from "~/http/cors";
import { answerGuestPage, guestPageKey } from "~/request/guest-page-cache.server";
import { openD1 } from "~/db/client.server";
import { loadSettings } from "~/settings/settings.server";
import { answerAsGet } from "~/http/head";
import { withCleanText } from "~/http/text-hygiene";
import { reportError } from "~/observability/error-report.server";
import { log, setLogLevel } from "~/log/log.server";
import { pageErrorCookie } from "~/observability/page-errors.server";
import { workerContext, type WorkerContext } from "~/request/context";
import { consumeQueueBatch } from "~/scheduled/queues.server";
import { runScheduledJobs } from "~/scheduled/jobs.server";
import { r2UploadOrigin } from "~/uploads/s3/r2-s3-api.server";
import { withTrieMatching } from "./trie-matching";

/**
 * React Router's handler, made once per isolate from the loaded build. Given
 * a build *function*, createRequestHandler re-derives the route tree and the
 * static handler on every request (meant for dev reloads): about a fifth of a
 * cached guest page's CPU time (decision 018).
 * In development the build changes under the dev server, so it is read anew each time.
 */
const devHandler = import.meta.env.DEV ? createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE) : null;
let handlerOnce: Promise<ReturnType<typeof createRequestHandler>> | null = null;
function loadedHandler() {
  handlerOnce ??= import("virtual:react-router/server-build").then((build) => createRequestHandler(withTrieMatching(build), import.meta.env.MODE));
  return handlerOnce;
}

function requestHandler(request: Request, context: RouterContextProvider) {
  if (devHandler) return devHandler(request, context);
  return loadedHandler().then((handler) => handler(request, context));
}

/**
 * The only Worker entry. It guards the request (same-origin writes, body
 * size), answers a guest's request from the page cache when it can, gives
 * React Router a fresh context with the bindings otherwise, and adds the
 * security headers and a log line to every response.
 */
const entry = {
  async fetch(request, env, ctx): Promise<Response> {
    // HEAD: the same status and headers as GET (Content-Type, CSP...), without the body (app/http/head.ts).
    // Not on the API: tus answers HEAD itself (an upload's offset), and api/v1 routes handle their own methods.
    if (request.method === "HEAD" && !new URL(request.url).pathname.startsWith("/api/")) {
      return answerAsGet(request, (get): Promise<Response> => entry.fetch(get as typeof request, env, ctx));
    }
    setLogLevel(env.LOG_LEVEL);
    const started = Date.now();
    const url = new URL(request.url);
    const worker: WorkerContext = {
      env,
      ctx,
      requestId: crypto.randomUUID(),
      nonce: createNonce(),
      isLocal: env.APP_ENV === "local",
      guestPageKey: guestPageKey(request, url),
      documentRequest: request.method === "GET" && !url.pathname.endsWith(".data"),
    };
    let response: Response;
    // CORS for api/v1 (decision 036): only a cross-origin request reads the allowed origins (settings, cached per isolate).
    let corsOrigins: readonly string[] | null = null;
    try {
      if (isCorsPath(url.pathname) && crossOriginOf(request)) corsOrigins = (await loadSettings(openD1(env.DB, null).db))["api.cors_origins"];
      response = corsOrigins && isPreflight(request) ? preflightResponse(request, corsOrigins) : await handle(request, url, worker, corsOrigins ?? []);
    } catch (error) {
      // Answers to the site's own API calls may carry the debug trace (local development only here: no viewer yet).
      const withTrace = url.pathname.startsWith("/api/") && !request.headers.has("Authorization");
      const { trace } = await reportError(error, { worker, app: null, request, url, source: "worker", withTrace });
      response = errorResponse(url, 500, "There was an issue. Please try again.", worker.requestId, trace);
    }
    if (corsOrigins) response = withCorsHeaders(response, request, corsOrigins);
    // Browsers upload straight to R2 when its S3 credentials are set (decision 008).
    const r2Origin = r2UploadOrigin(env);
    response = applySecurityHeaders(response, { ...worker, connectSources: r2Origin ? [r2Origin] : [] });
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

  /** Queue consumers (wrangler.toml): mail deliveries and notification jobs. */
  async queue(batch, env, ctx) {
    setLogLevel(env.LOG_LEVEL);
    await consumeQueueBatch(batch, env, ctx);
  },
} satisfies ExportedHandler<Env>;
export default entry;

async function handle(request: Request, url: URL, worker: WorkerContext, corsOrigins: readonly string[]): Promise<Response> {
  // An address made only of slashes is the home page: the server's route-pattern matcher would call it
  // not found while the browser's matcher finds the home page (the one address where they differ).
  if (/^\/{2,}$/.test(url.pathname) && (request.method === "GET" || request.method === "HEAD")) {
    return new Response(null, { status: 301, headers: { Location: `/${url.search}` } });
  }
  // A token client's write from an allowed origin is no forgery: it carries its own credentials (decision 036).
  if (isCrossOriginWrite(request) && !isAllowedTokenWrite(request, corsOrigins)) {
    log("warn", "cross-origin write refused", { requestId: worker.requestId, origin: request.headers.get("Origin") });
    return errorResponse(url, 403, "This request came from another site and was refused.", worker.requestId);
  }
  // GET and HEAD carry no body anyone reads: skip the body checks on the requests that matter most for speed.
  const limit = request.method === "GET" || request.method === "HEAD" ? null : bodyLimitFor(url.pathname);
  if (limit !== null) {
    try {
      request = await limitRequestBody(request, limit, { drainRefused: worker.isLocal });
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        return errorResponse(url, 413, "The request is too large.", worker.requestId);
      }
      throw error;
    }
    const malformed = await malformedBodyReason(request);
    if (malformed) return errorResponse(url, 400, malformed, worker.requestId);
    // NFC, no NUL or lone surrogates, no controls or bidi overrides in names: once, for every action (decision 021).
    request = await withCleanText(request, url.pathname);
  }
  // Form actions get a form (or an empty one), never JSON or text (decision 021).
  const asForm = await asFormWrite(request, url.pathname, { drainRefused: worker.isLocal });
  if (!asForm) return errorResponse(url, 415, NOT_A_FORM_MESSAGE, worker.requestId);
  request = asForm;
  // A guest's copy of a public page is served before React Router runs: this isolate's
  // (micro-caching, decision 018), else the data centre's (Cache API, decision 026).
  if (worker.guestPageKey) {
    // A copy from the Cache API may run a page's hit hook (a view count), registered as the build loads.
    if (!devHandler) await loadedHandler();
    const cached = await answerGuestPage(request, worker);
    if (cached) return cached;
  }
  const context = new RouterContextProvider();
  context.set(workerContext, worker);
  const response = await requestHandler(request, context);
  // Locally, wrangler's dev proxy fails a request whose body the Worker never read ("Network connection
  // lost", a 500 instead of our answer): an action that refused before reading (an unknown upload target,
  // a missing permission) has its body drained first. In production the unread body is simply dropped.
  if (worker.isLocal && request.body && !request.bodyUsed) await request.body.pipeTo(new WritableStream()).catch(() => undefined);
  // A page or data request that failed tells the error dialog where its trace is (debug viewers only).
  const debugCookie = await pageErrorCookie(context, request);
  if (!debugCookie) return response;
  const withCookie = new Response(response.body, response);
  withCookie.headers.append("Set-Cookie", debugCookie);
  return withCookie;
}

function errorResponse(url: URL, status: number, message: string, requestId: string, trace: object | null = null) {
  if (url.pathname.startsWith("/api/")) {
    // request_id is api/v1's snake_case name (decision 036); requestId, the older one, is sent for one release more.
    return Response.json({ message, request_id: requestId, requestId, ...(trace ?? {}) }, { status });
  }
  return new Response(`${message}\n\nRequest id: ${requestId}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
