import { z } from "zod";
import { TOKEN_SCOPE_DESCRIPTIONS, TOKEN_SCOPES } from "~/api/token-scopes";
import { requiredScope, type ApiEndpoint, type ApiResponseSpec } from "./contract";

/**
 * The OpenAPI 3.1 document of api/v1, generated from the endpoint contracts'
 * zod schemas (z.toJSONSchema; OpenAPI 3.1 schemas are JSON Schema 2020-12).
 * Requests are described as the server reads them (`io: "input"`: defaults
 * are optional, coercions accept strings), answers as it writes them.
 * Served at /api/v1/openapi.json; linted in the test suite.
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  siteName: string;
  baseUrl: string;
  version?: string;
}

export const API_TAGS: { name: string; description: string }[] = [
  { name: "Catalogue", description: "Titles with their seasons, episodes, credits and videos; people; search; genres." },
  { name: "Pages", description: "Custom content pages and lookups (value lists)." },
  { name: "Account", description: "The signed-in user, sessions and e-mail verification." },
  { name: "Billing", description: "Plans and prices; payment provider webhooks." },
  { name: "Uploads", description: "File uploads: direct, resumable (tus) and S3-style presigned or multipart." },
  { name: "Contact", description: "The contact form." },
  { name: "Site", description: "Bootstrap data for the site's own pages, human verification." },
  { name: "Logs", description: "The error log (admins)." },
];

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parametersOf(schema: z.ZodType | undefined, location: "path" | "query" | "header") {
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, deprecated, ...rest } = property;
    return {
      name,
      in: location,
      required: location === "path" ? true : required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      // A parameter on its way out (an old name kept for one release, decision 036) says so where tools look.
      ...(deprecated === true ? { deprecated: true } : {}),
      schema: rest,
    };
  });
}

function requestBodyOf(endpoint: ApiEndpoint) {
  const kind = endpoint.bodyKind ?? (endpoint.body ? "json" : null);
  if (!kind) return undefined;
  const schema = endpoint.body ? toSchema(endpoint.body, "input") : { type: "object" };
  switch (kind) {
    case "json":
      return {
        required: true,
        content: endpoint.forms === false ? { "application/json": { schema } } : { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
      };
    case "multipart":
      return { required: true, content: { "multipart/form-data": { schema } } };
    case "tus":
      return { required: false, content: { "application/offset+octet-stream": { schema: { type: "string", format: "binary" } } } };
    case "binary":
      return { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } };
  }
}

function responseOf(spec: ApiResponseSpec) {
  const content = spec.schema ? { "application/json": { schema: toSchema(spec.schema, "output") } } : spec.contentType ? { [spec.contentType]: { schema: { type: "string" } } } : undefined;
  return { description: spec.description, ...(spec.headers ? { headers: spec.headers } : {}), ...(content ? { content } : {}) };
}

/** The token scope goes in the bearer requirement (OpenAPI 3.1 allows role names for non-OAuth schemes). */
function securityOf(endpoint: ApiEndpoint) {
  const scope = requiredScope(endpoint);
  // An http bearer scheme carries no scopes in OpenAPI (Spectral: oas3-operation-security-defined);
  // the token scope a call needs is `x-token-scope` on the operation, documented on the scheme (decision 036).
  const bearer = scope ? [{ bearerAuth: [] }] : [];
  switch (endpoint.access) {
    case "public":
      return [{}, ...bearer, { cookieAuth: [] }];
    case "user":
      return [...bearer, { cookieAuth: [] }];
    case "session":
      return [{ cookieAuth: [] }];
    case "webhook":
      return [];
  }
}

function descriptionOf(endpoint: ApiEndpoint) {
  const notes = [endpoint.description ?? ""];
  if (endpoint.permission) notes.push(`Needs the \`${endpoint.permission}\` permission.`);
  const scope = requiredScope(endpoint);
  if (endpoint.access !== "webhook" && endpoint.access !== "session") notes.push(scope ? `API tokens need the \`${scope}\` scope.` : "Not available to API tokens.");
  if (endpoint.access === "session") notes.push("Only for the site's own pages (session cookie); API tokens are refused.");
  const override = endpoint.methodOverride ?? ["put", "patch", "delete"].includes(endpoint.method);
  if (override && endpoint.method !== "post") {
    notes.push(`Also accepted as \`POST\` with the header \`X-HTTP-Method-Override: ${endpoint.method.toUpperCase()}\` or the query \`_method=${endpoint.method.toUpperCase()}\`.`);
  }
  return notes.filter(Boolean).join("\n\n");
}

export function buildOpenApiDocument(endpoints: readonly ApiEndpoint[], { siteName, baseUrl, version = "1.0.0" }: OpenApiOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(endpoint.responses)) responses[status] = responseOf(spec);
    const parameters = [...parametersOf(endpoint.params, "path"), ...parametersOf(endpoint.query, "query"), ...parametersOf(endpoint.headers, "header")];
    item[endpoint.method] = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: descriptionOf(endpoint),
      tags: [endpoint.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBodyOf(endpoint) ? { requestBody: requestBodyOf(endpoint) } : {}),
      responses,
      security: securityOf(endpoint),
      ...(requiredScope(endpoint) && endpoint.access !== "session" && endpoint.access !== "webhook" ? { "x-token-scope": requiredScope(endpoint) } : {}),
      ...(endpoint.permission ? { "x-permission": endpoint.permission } : {}),
    };
  }
  const usedTags = new Set(endpoints.map((e) => e.tag));
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteName} API`,
      version,
      description: [
        `The JSON API of ${siteName}: the catalogue, pages, account, billing and uploads.`,
        "Authenticate with a personal access token from Account settings › Developers: `Authorization: Bearer <token>`. Tokens need the `api.access` permission. The site's own pages call the same endpoints with their session cookie.",
        "Conventions: `with`, `load` and `loadCount` take comma-joined relation names; lists are paginated under `pagination.data` (`current_page`, `per_page`, `total`, `last_page`; a list whose count may stop early, such as `listTitles` and `listPeople`, also answers `total_is_lower_bound`: when true, `total` is a lower bound and `last_page` the deepest page it serves); `PUT`, `PATCH` and `DELETE` may be sent as `POST` with `X-HTTP-Method-Override` or `_method`; `workspaceId` is checked for membership. Every error is JSON with a `message`; validation errors (422) also carry `errors`, a map of field to messages; 429 answers carry `Retry-After`.",
      ].join("\n\n"),
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      // Spectral's info-contact rule: where a client's developer asks questions (the contact form).
      contact: { name: siteName, url: `${baseUrl.replace(/\/$/, "")}/contact` },
    },
    servers: [{ url: `${baseUrl.replace(/\/$/, "")}/api/v1`, description: siteName }],
    // Every tag an operation uses is declared here, described or not (Spectral: operation-tag-defined).
    tags: [
      ...API_TAGS.filter((tag) => usedTags.has(tag.name)),
      ...[...usedTags].filter((name) => !API_TAGS.some((tag) => tag.name === name)).map((name) => ({ name, description: `${name} operations.` })),
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: [
            "A personal access token (Account settings › Developers). Each token carries the scopes chosen when it was made; each operation names the one it needs in `x-token-scope` (a GET needs `read`). A token without it gets 403 with a message naming the missing scope; an expired token gets 401.",
            ...TOKEN_SCOPES.map((scope) => `- \`${scope}\`: ${TOKEN_SCOPE_DESCRIPTIONS[scope]}.`),
          ].join("\n"),
        },
        cookieAuth: { type: "apiKey", in: "cookie", name: "session", description: "The site's own session cookie." },
      },
    },
  };
}

/** "api/v1/titles/:id" (React Router) → "/titles/{id}"; an optional segment gives both paths. */
export function openApiPathsForRoute(routePath: string): string[] {
  const rest = routePath.replace(/^\/?api\/v1\/?/, "");
  const segments = rest.split("/").filter(Boolean);
  let variants: string[][] = [[]];
  for (const segment of segments) {
    const optional = segment.endsWith("?");
    const name = optional ? segment.slice(0, -1) : segment;
    const converted = name.startsWith(":") ? `{${name.slice(1)}}` : name;
    variants = optional ? [...variants, ...variants.map((v) => [...v, converted])] : variants.map((v) => [...v, converted]);
  }
  return variants.map((v) => `/${v.join("/")}`);
}
