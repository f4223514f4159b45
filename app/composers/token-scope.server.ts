import { effectiveMethod } from "~/auth/api.server";
import type { TokenScope } from "~/api/token-scopes";
import { requiredScope, type ApiEndpoint } from "../api/contract";
import { apiEndpoints } from "./api-endpoints";

interface Matcher {
  method: string;
  pattern: RegExp;
  params: number;
  endpoint: ApiEndpoint;
}

let matchers: Matcher[] | null = null;

/** The endpoints as path patterns, made once per isolate; literal paths win over parameters ("/users/me" before "/users/{id}"). */
function endpointMatchers(): Matcher[] {
  matchers ??= apiEndpoints
    .map((endpoint) => {
      const source = endpoint.path
        .split("/")
        .map((segment) => (segment.startsWith("{") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      return { method: endpoint.method, pattern: new RegExp(`^/api/v1${source}/?$`), params: (endpoint.path.match(/\{/g) ?? []).length, endpoint };
    })
    .sort((a, b) => a.params - b.params);
  return matchers;
}

/** The api/v1 endpoint a request is for (method overrides included), or null. */
export function endpointForRequest(request: Request, pathname: string): ApiEndpoint | null {
  const method = effectiveMethod(request).toLowerCase();
  const wanted = method === "head" ? "get" : method;
  return endpointMatchers().find((m) => m.method === wanted && m.pattern.test(pathname))?.endpoint ?? null;
}

/**
 * The scope a token needs for this request: the endpoint's declared scope,
 * `read` for a GET, and null for a write that declares none (refused to
 * tokens: a new write is closed to tokens until its contract names a scope).
 */
export function scopeForRequest(request: Request, pathname: string): TokenScope | null {
  // Uploaded files are no api/v1 operation; reading one needs files:read (decision 036).
  if (pathname.startsWith("/files/")) return effectiveMethod(request) === "GET" || effectiveMethod(request) === "HEAD" ? "files:read" : null;
  const endpoint = endpointForRequest(request, pathname);
  if (endpoint) return requiredScope(endpoint);
  // A path the API has, with a method it does not: the route answers 405, whatever the token.
  if (endpointMatchers().some((m) => m.pattern.test(pathname))) return "read";
  const method = effectiveMethod(request);
  return method === "GET" || method === "HEAD" ? "read" : null;
}
