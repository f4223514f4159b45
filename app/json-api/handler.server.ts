import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { effectiveMethod } from "~/auth/api.server";
import { checkRateLimits, rateLimiterFor } from "~/auth/rate-limit.server";
import { hasPermission } from "~/request/viewer";
import { reportError } from "~/observability/error-report.server";
import { getApp, getWorker, type AppContext, type WorkerContext } from "~/request/context";
import { formErrorMap } from "~/ui/forms/error-map";
import type { ApiEndpoint } from "../api/contract";
import { firstValues } from "../api/query";
import { requireWorkspaceMember } from "./workspace.server";

/**
 * The api/v1 conventions in one place, so every route module
 * only parses nothing and shapes its answer:
 * - PUT/PATCH/DELETE also arrive as POST with X-HTTP-Method-Override or _method;
 * - API tokens (Authorization: Bearer) need api.access and the API switched on;
 *   a bad token is a 401 even on public calls; token calls are rate limited;
 * - path parameters, query and JSON body are validated by the endpoint's zod
 *   schemas (the same ones the OpenAPI document is built from): a bad path is
 *   a 404, a bad query or body a 422 with an `errors` map;
 * - `workspaceId` is checked for membership;
 * - every error is JSON with a `message`; an unexpected one is logged to the
 *   error log and, for the site's own requests in local development (or an
 *   admin with debug on), carries the debug trace.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type AuthMethod = "token" | "session" | "guest";

export interface ApiCall<E extends ApiEndpoint> {
  app: AppContext;
  worker: WorkerContext;
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
  auth: AuthMethod;
  params: E extends ApiEndpoint<infer P, z.ZodType, z.ZodType> ? z.output<P> : never;
  query: E extends ApiEndpoint<z.ZodType, infer Q, z.ZodType> ? z.output<Q> : never;
  body: E extends ApiEndpoint<z.ZodType, z.ZodType, infer B> ? z.output<B> : never;
}

type Handler<E extends ApiEndpoint> = (call: ApiCall<E>) => Promise<Response | object> | Response | object;

interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
}

/** A resource route's `loader` for one GET endpoint. */
export function apiLoader<E extends ApiEndpoint>(endpoint: E, handler: Handler<E>) {
  return (args: RouteArgs) => handleApi(args, [[endpoint, handler as Handler<ApiEndpoint>]]);
}

/** One endpoint and its handler, typed together, for `apiAction`. */
export function on<E extends ApiEndpoint>(endpoint: E, handler: Handler<E>): [ApiEndpoint, Handler<ApiEndpoint>] {
  return [endpoint, handler as unknown as Handler<ApiEndpoint>];
}

/** A resource route's `action` for one or more endpoints on the same path (POST, PUT, PATCH, DELETE): `apiAction(on(endpoint, handler), ...)`. */
export function apiAction(...routes: [ApiEndpoint, Handler<ApiEndpoint>][]) {
  return (args: RouteArgs) => handleApi(args, routes);
}

/** The `loader` of a path that only takes writes: GET answers 405 in JSON. */
export function writeOnlyLoader(allow: string) {
  return () => withApiHeaders(json({ message: "Method not allowed." }, 405, { Allow: allow }));
}

/** The `action` of a read-only path: POST, PUT, PATCH and DELETE answer 405 in JSON (React Router's own 405 is not JSON). */
export function readOnlyAction() {
  return () => withApiHeaders(json({ message: "Method not allowed." }, 405, { Allow: "GET, HEAD" }));
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function notFound(message = "Nothing here."): never {
  throw new ApiError(404, message);
}

async function handleApi(args: RouteArgs, routes: [ApiEndpoint, Handler<ApiEndpoint>][]): Promise<Response> {
  const { request, context } = args;
  const app = getApp(context);
  const worker = getWorker(context);
  const url = new URL(request.url);
  const method = effectiveMethod(request).toLowerCase();
  const match = routes.find(([endpoint]) => endpoint.method === method || (method === "head" && endpoint.method === "get"));
  const auth = authMethod(request, app);
  try {
    if (!match) {
      const allow = routes.map(([e]) => e.method.toUpperCase()).join(", ");
      throw new ApiError(405, app.t("Method not allowed."), undefined, { Allow: allow });
    }
    const [endpoint, handler] = match;
    await authorize(app, worker, endpoint, auth);
    const params = parseParams(endpoint, args.params);
    const query = parseOrFail(endpoint.query, firstValues(url.searchParams), app, "query");
    const rawBody = endpoint.body && (endpoint.bodyKind ?? "json") === "json" ? await readBody(request, app) : undefined;
    const body = endpoint.body && rawBody !== undefined ? parseOrFail(endpoint.body, rawBody, app, "body") : {};
    await requireWorkspaceMember(app, workspaceIdOf(url, rawBody));
    const result = await handler({ app, worker, request, url, context, auth, params, query, body } as ApiCall<ApiEndpoint>);
    return withApiHeaders(result instanceof Response ? result : json(result));
  } catch (error) {
    return withApiHeaders(await errorResponse(error, { app, worker, request, url, auth }));
  }
}

/** How the caller proved who they are. */
function authMethod(request: Request, app: AppContext): AuthMethod {
  if (bearerToken(request) !== null) return "token";
  return app.user ? "session" : "guest";
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

async function authorize(app: AppContext, worker: WorkerContext, endpoint: ApiEndpoint, auth: AuthMethod) {
  const { t } = app;
  if (auth === "token") {
    // The token was resolved to a user by the request middleware; a token it could not resolve is no sign-in.
    if (!app.user) throw new ApiError(401, t("The API token is missing, revoked or not valid."));
    if (!app.settings["api.integrated"]) throw new ApiError(403, t("The API is not enabled on this site."));
    if (!hasPermission(app.viewer, "api.access")) throw new ApiError(403, t("You do not have permission to use the API."));
    if (endpoint.access === "session") throw new ApiError(403, t("This call is only available to the site itself, not to API tokens."));
    const limited = await checkRateLimits(rateLimiterFor(worker.env, app.db), [["api:user", String(app.user.id)]]);
    if (!limited.ok) {
      throw new ApiError(429, t("Too many requests. Please try again in :seconds seconds.", { seconds: limited.retryAfter }), undefined, {
        "Retry-After": String(limited.retryAfter),
      });
    }
  }
  if ((endpoint.access === "user" || endpoint.access === "session") && !app.user) {
    throw new ApiError(401, t("You need to sign in first."));
  }
  if (endpoint.permission && !hasPermission(app.viewer, endpoint.permission)) {
    if (!app.user) throw new ApiError(401, t("You need to sign in first."));
    throw new ApiError(403, t("You do not have permission to do that."));
  }
}

function parseParams(endpoint: ApiEndpoint, params: Record<string, string | undefined>) {
  if (!endpoint.params) return {};
  const parsed = endpoint.params.safeParse(params);
  // A path that names nothing that can exist is simply not found.
  if (!parsed.success) throw new ApiError(404, "Nothing here.");
  return parsed.data;
}

function parseOrFail(schema: z.ZodType | undefined, raw: unknown, app: AppContext, where: "query" | "body") {
  if (!schema) return {};
  const parsed = schema.safeParse(raw, { error: formErrorMap(app.t) });
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error, app, where);
}

export function validationError(error: z.ZodError, app: Pick<AppContext, "t">, root: string) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : root;
    (errors[field] ??= []).push(app.t(issue.message));
  }
  const first = Object.values(errors)[0]?.[0];
  return new ApiError(422, first ?? app.t("The given data was invalid."), errors);
}

/**
 * The request body as a value for the schema: JSON, or a form (urlencoded or
 * multipart, fields as strings). Anything else is a 415; an empty body is {}.
 * Malformed JSON and oversized bodies never get here (workers/app.ts: 400, 413).
 */
async function readBody(request: Request, app: AppContext): Promise<unknown> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const text = type.startsWith("multipart/form-data") ? null : await request.text();
  if (text !== null && text.trim() === "") return {};
  if (type.startsWith("application/json") || type.endsWith("+json")) {
    try {
      return JSON.parse(text!);
    } catch {
      throw new ApiError(400, app.t("The request body is not valid JSON."));
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) return firstValues(new URLSearchParams(text!));
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData().catch(() => null);
    if (!form) throw new ApiError(400, app.t("The form data could not be read."));
    const out: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === "string" && !Object.hasOwn(out, key)) out[key] = value;
    return out;
  }
  throw new ApiError(415, app.t("Send the body as JSON (Content-Type: application/json)."));
}

function workspaceIdOf(url: URL, body: unknown): unknown {
  const fromQuery = url.searchParams.get("workspaceId");
  if (fromQuery !== null) return fromQuery;
  if (body && typeof body === "object" && !Array.isArray(body) && "workspaceId" in body) return (body as { workspaceId: unknown }).workspaceId;
  return null;
}

interface ErrorContext {
  app: AppContext;
  worker: WorkerContext;
  request: Request;
  url: URL;
  auth: AuthMethod;
}

async function errorResponse(error: unknown, { app, worker, request, url, auth }: ErrorContext): Promise<Response> {
  if (error instanceof ApiError) {
    return json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status, error.headers);
  }
  // Guards (requireUser, requirePermission) throw JSON responses for api paths.
  if (error instanceof Response) {
    if ((error.headers.get("Content-Type") ?? "").includes("json") || error.status < 400) return error;
    return json({ message: statusMessage(app, error.status) }, error.status);
  }
  // data(null, { status }) from shared helpers (parseId and friends).
  if (isDataWithInit(error)) {
    const status = error.init?.status ?? 500;
    const payload = error.data && typeof error.data === "object" && "message" in error.data ? error.data : { message: statusMessage(app, status) };
    return json(payload, status);
  }
  const report = await reportError(error, { worker, app, request, url, source: "api", withTrace: auth !== "token" });
  // request_id on the wire (decision 036); requestId, the older name, for one release more.
  return json({ message: app.t("There was an issue. Please try again."), request_id: worker.requestId, requestId: worker.requestId, ...(report.trace ?? {}) }, 500);
}

function statusMessage(app: AppContext, status: number) {
  if (status === 401) return app.t("You need to sign in first.");
  if (status === 403) return app.t("You do not have permission to do that.");
  if (status === 404) return app.t("Nothing here.");
  return app.t("There was an issue. Please try again.");
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

export function withApiHeaders(response: Response) {
  const out = new Response(response.body, response);
  // Answers depend on who asks: never let a shared cache mix them up.
  out.headers.append("Vary", "Authorization, Cookie");
  if (!out.headers.has("Cache-Control")) out.headers.set("Cache-Control", "no-store");
  return out;
}
