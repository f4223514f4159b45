import { z } from "zod";
import type { TokenScope } from "~/api/token-scopes";

/**
 * One description per api/v1 call: its path, method, who may call it and the
 * zod schemas of its path parameters, query, body and answers. Route modules
 * validate requests with these very schemas (app/json-api/handler.server.ts), and
 * the OpenAPI document is generated from them (app/api/openapi.ts), so the
 * document cannot drift from what the server accepts.
 *
 * Contracts live in the owning domain's folder (app/<domain>/api-contract.ts)
 * and are listed in app/api/endpoints.ts.
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * - `public`: anyone; a signed-in caller (cookie or token) is still recognised.
 * - `user`: a signed-in user (session cookie or API token).
 * - `session`: the site's own pages only (session cookie; tokens are refused).
 * - `webhook`: a third party that proves itself another way (a signature).
 */
export type ApiAccess = "public" | "user" | "session" | "webhook";

export type BodyKind = "json" | "multipart" | "binary" | "tus";

export interface ApiResponseSpec {
  description: string;
  /** JSON body schema; omitted for empty answers or non-JSON ones (see contentType). */
  schema?: z.ZodType;
  /** Non-JSON answers (file downloads): the media type. */
  contentType?: string;
  headers?: Record<string, { description: string; schema: { type: "string" | "integer" } }>;
}

export interface ApiEndpoint<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** OpenAPI path below /api/v1, e.g. "/titles/{id}". */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: ApiAccess;
  /** A permission the caller must hold, checked on the server. */
  permission?: string;
  /**
   * The API-token scope this call needs (decision 021). Default: `read`
   * for a GET; any other method must name one, or tokens are refused
   * (app/api/openapi.test.ts checks that every write names one).
   */
  scope?: TokenScope;
  params?: P;
  query?: Q;
  /** Request headers the call reads (documented as header parameters; e.g. tus's `Tus-Resumable`). */
  headers?: z.ZodObject;
  body?: B;
  /** How the body is sent; JSON when omitted. Non-JSON bodies are read by the route itself. */
  bodyKind?: BodyKind;
  /** A JSON body may also be sent as a urlencoded form (default true); false where the route reads JSON only (uploads). */
  forms?: boolean;
  /** Also reachable as POST with X-HTTP-Method-Override / _method. Default: true for put, patch and delete. */
  methodOverride?: boolean;
  responses: Record<number, ApiResponseSpec>;
}

/** The scope a token needs for `endpoint`: its own, else `read` for a GET, else none (tokens refused). */
export function requiredScope(endpoint: Pick<ApiEndpoint, "method" | "scope">): TokenScope | null {
  return endpoint.scope ?? (endpoint.method === "get" ? "read" : null);
}

/** Keeps the schema types of one endpoint for the route that implements it. */
export function defineEndpoint<P extends z.ZodType = z.ZodObject<{}>, Q extends z.ZodType = z.ZodObject<{}>, B extends z.ZodType = z.ZodObject<{}>>(
  endpoint: ApiEndpoint<P, Q, B>,
): ApiEndpoint<P, Q, B> {
  return endpoint;
}

// --- Shared shapes ---------------------------------------------------------------

/** Every error answer (always JSON with a message). */
export const errorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional().describe("Validation messages per field (422)."),
    code: z.string().optional().describe("A stable machine-readable reason, e.g. `file_too_large`, `upload_expired`, `tus_error` (the upload calls)."),
    missing_scope: z.string().optional().describe("403 to an API token: the scope the call needs and the token lacks."),
    status: z.string().optional().describe("403 `needs_email_verification`: the account must verify its e-mail address before this call."),
    request_id: z.string().optional().describe("The request's X-Request-Id, on answers the server logged (500) or refused before routing."),
    requestId: z.string().optional().meta({ deprecated: true }).describe("Deprecated: the same as request_id (sent until the next release)."),
  })
  .meta({ title: "Error" });

export const messageSchema = z.object({ message: z.string() });

/** A paginated list (pagination.data). */
export function paginationSchema<T extends z.ZodType>(item: T) {
  return z.object({
    pagination: z.object({
      data: z.array(item),
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
      from: z.number().int().nullable(),
      to: z.number().int().nullable(),
    }),
  });
}

/**
 * A paginated list whose count may stop early (listTitles, listPeople: a
 * capped count, so a broad filter on a large catalogue does not count every
 * row; decision 026, "Scale"). It always answers `total_is_lower_bound`
 * (`paginated` with `totalIsLowerBound`); lists that count exactly use
 * paginationSchema and do not have the field.
 */
export function cappedPaginationSchema<T extends z.ZodType>(item: T) {
  const { pagination } = paginationSchema(item).shape;
  return z.object({
    pagination: pagination.extend({
      total: z.number().int().describe("How many match; when `total_is_lower_bound` is true, at least this many (the count stopped early)."),
      last_page: z.number().int().describe("The last page; when `total_is_lower_bound` is true, the deepest page this list serves."),
      total_is_lower_bound: z
        .boolean()
        .describe(
          "false: `total` and `last_page` are exact. true: the count stopped early (a broad filter on a large catalogue), so `total` is a lower bound and `last_page` the deepest page this list serves; page until a page comes back short or empty.",
        ),
    }),
  });
}

export const idParam = (name = "id", description = "Numeric id.") =>
  z.object({
    [name]: z
      .string()
      .regex(/^\d{1,15}$/, "Must be a positive whole number.")
      .describe(description),
  });

/** The standard error answers most endpoints can give. */
export function errorResponses(...statuses: number[]): Record<number, ApiResponseSpec> {
  const descriptions: Record<number, string> = {
    400: "The request could not be read (malformed JSON or form data, wrong content type).",
    401: "Not signed in, or the API token is missing, revoked or wrong.",
    403: "Signed in, but without the permission this needs (api.access to use tokens at all).",
    404: "Nothing here.",
    405: "This path does not accept the method.",
    409: "The resource changed meanwhile.",
    410: "Gone: the upload expired.",
    411: "The body needs a Content-Length header.",
    412: "A precondition failed: tus calls need the header `Tus-Resumable: 1.0.0`.",
    413: "The request body is too large.",
    415: "The body's content type is not accepted here.",
    422: "Validation failed: `errors` maps each field to its messages.",
    423: "Locked by another request.",
    429: "Too many requests: wait for Retry-After seconds.",
    502: "The storage service did not answer; try again.",
  };
  const out: Record<number, ApiResponseSpec> = {};
  for (const status of statuses) {
    out[status] = {
      description: descriptions[status] ?? "Error.",
      schema: errorSchema,
      ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" as const } } } } : {}),
    };
  }
  return out;
}
