import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { apiEndpoints } from "../composers/api-endpoints";
import { buildOpenApiDocument, openApiPathsForRoute } from "./openapi";

/**
 * The OpenAPI document is generated from the endpoint contracts; these tests
 * keep it valid (Redocly's recommended rules, as `redocly lint` runs them) and
 * complete: every api/v1 route in app/routes.ts is described, and every
 * described path is a route.
 */

const document = buildOpenApiDocument(apiEndpoints, { siteName: "Reelbase", baseUrl: "https://reelbase.test" });

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

function apiRoutePaths(entries: RouteEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    // The catch-all JSON 404 (api/v1/*) is no operation.
    if (path.startsWith("api/v1/") && !path.endsWith("*")) out.push(path);
    if (entry.children) out.push(...apiRoutePaths(entry.children, path));
  }
  return out;
}

/** "/titles/{id}" matches "api/v1/titles/:id"; a route parameter matches any concrete segment ("s3/simple/:operation" ~ "/s3/simple/presign"). */
function routeMatchesDocPath(routePath: string, docPath: string) {
  return openApiPathsForRoute(routePath).some((candidate) => {
    const a = candidate.split("/");
    const b = docPath.split("/");
    return a.length === b.length && a.every((segment, i) => segment === b[i] || (segment.startsWith("{") && !b[i].startsWith("{")) || (segment.startsWith("{") && b[i].startsWith("{")));
  });
}

describe("OpenAPI document", () => {
  it("passes Redocly's recommended lint rules without errors or warnings", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
    const report = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(report).toEqual([]);
  });

  it("documents what the API answers: the 403's missing_scope and bootstrap's i18n.timezone (decision 036)", () => {
    const text = JSON.stringify(document);
    expect(text).toContain('"missing_scope"');
    const bootstrap = JSON.stringify((document.paths as Record<string, unknown>)["/bootstrap-data"]);
    expect(bootstrap).toContain('"timezone"');
  });

  it("puts no scopes on the http bearer scheme and declares every tag it uses globally (Spectral's spectral:oas rules)", () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item as Record<string, { security?: Record<string, string[]>[]; tags?: string[] }>));
    expect(operations.flatMap((op) => (op.security ?? []).filter((s) => s.bearerAuth && s.bearerAuth.length > 0))).toEqual([]);
    const declared = new Set((document.tags as { name: string }[]).map((t) => t.name));
    expect([...new Set(operations.flatMap((op) => op.tags ?? []))].filter((tag) => !declared.has(tag))).toEqual([]);
  });

  it("documents the upload calls as they answer: JSON bodies only, tus's 412 and headers, GET on a tus upload, files:read (decision 036)", () => {
    type Op = {
      requestBody?: { content: Record<string, unknown> };
      responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, unknown> } }> }>;
      parameters?: { name: string; in: string; required: boolean }[];
      "x-token-scope"?: string;
    };
    const ops = document.paths as unknown as Record<string, Record<string, Op>>;
    for (const path of ["/s3/multipart/create", "/s3/entries", "/tus/entries", "/file-entries/delete"]) {
      expect(Object.keys(ops[path].post.requestBody!.content), path).toEqual(["application/json"]);
    }
    const patch = ops["/tus/upload/{uploadId}"].patch;
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(["204", "400", "409", "412", "413", "415", "423"]));
    expect(patch.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Tus-Resumable", in: "header", required: true })]));
    const get = ops["/tus/upload/{uploadId}"].get;
    expect(Object.keys(get.responses["200"].content!["application/json"].schema.properties)).toEqual(["upload_id", "offset", "length", "expires_at", "complete"]);
    expect(get.responses["422"].content!["application/json"].schema.properties).toHaveProperty("code");
    expect(ops["/file-entries"].get["x-token-scope"]).toBe("files:read");
    expect(document.components.securitySchemes.bearerAuth.description).toContain("`files:read`");
  });

  it("speaks snake_case on the wire: every request and response property and query parameter, but the listed exceptions (decision 036)", () => {
    // Names the product specification itself gives (section 7 and the uploads section); renaming them
    // breaks the clients written against it, so each waits for a release that accepts both (like title_id).
    const specified = "named so by the product specification's API section";
    const uppy = "the S3 multipart protocol Uppy's AwsS3 plugin speaks (its names, PascalCase from S3 itself)";
    const EXCEPTIONS: Record<string, string> = {
      "cf-turnstile-response": "Cloudflare Turnstile's widget posts this field name",
      activeWorkspaceId: specified,
      deleteCurrentUser: specified,
      deleteForever: specified,
      entryIds: specified,
      fileEntry: specified,
      loadCount: specified,
      markAllAsUnread: specified,
      plainTextToken: specified,
      selectedThemeId: specified,
      tokenName: specified,
      unreadCount: specified,
      uploadKey: specified,
      workspaceId: `${specified} (the uploads' and file entries' query and body; api/v1/lists now takes workspace_id)`,
      ETag: uppy,
      PartNumber: uppy,
      Size: uppy,
      partCount: uppy,
      partNumber: uppy,
      partNumbers: uppy,
      partSize: uppy,
      uploadId: uppy,
      clientExtension: `${specified} (POST s3/entries)`,
      clientMime: `${specified} (POST s3/entries)`,
      clientName: `${specified} (POST s3/entries)`,
      buttonActions: `${specified} (section 3: a notification's data)`,
      mainAction: `${specified} (section 3: a notification's data)`,
      inviteId: `${specified} (section 3: a workspace invitation's notification data)`,
      codeSnippet: "the Ignition trace format the error viewer renders",
      columnNumber: "the Ignition trace format the error viewer renders",
      flatIndex: "the Ignition trace format the error viewer renders",
      ignitionTrace: "the Ignition trace format the error viewer renders",
      lineNumber: "the Ignition trace format the error viewer renders",
      totalVendorGroups: "the Ignition trace format the error viewer renders",
      vendorGroup: "the Ignition trace format the error viewer renders",
    };
    type Schema = { $ref?: string; deprecated?: boolean; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: Schema | boolean } & Record<string, unknown>;
    const components = (document.components as unknown as { schemas?: Record<string, Schema> }).schemas ?? {};
    const snake = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
    const offenders = new Map<string, string>();
    const walk = (schema: Schema | undefined, where: string, seen: Set<string>) => {
      if (!schema || typeof schema !== "object") return;
      if (schema.$ref) {
        const name = schema.$ref.split("/").pop()!;
        if (!seen.has(name)) walk(components[name], where, new Set([...seen, name]));
        return;
      }
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        // A deprecated name is on its way out (accepted for one release beside its snake_case twin).
        if (property.deprecated) continue;
        if (!snake.test(name) && !offenders.has(name)) offenders.set(name, where);
        walk(property, where, seen);
      }
      if (schema.items) walk(schema.items, where, seen);
      if (typeof schema.additionalProperties === "object") walk(schema.additionalProperties, where, seen);
      for (const key of ["anyOf", "oneOf", "allOf"]) for (const sub of (schema[key] as Schema[] | undefined) ?? []) walk(sub, where, seen);
    };
    type Op = {
      parameters?: { name: string; in: string; deprecated?: boolean }[];
      requestBody?: { content: Record<string, { schema?: Schema }> };
      responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
    };
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Op>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of op.parameters ?? [])
          if (parameter.in === "query" && !parameter.deprecated && !snake.test(parameter.name) && !offenders.has(parameter.name)) offenders.set(parameter.name, `${where} query`);
        for (const media of Object.values(op.requestBody?.content ?? {})) walk(media.schema, `${where} request`, new Set());
        for (const [status, response] of Object.entries(op.responses)) for (const media of Object.values(response.content ?? {})) walk(media.schema, `${where} ${status}`, new Set());
      }
    }
    const unexpected = [...offenders].filter(([name]) => !EXCEPTIONS[name]).map(([name, where]) => `${name} (${where})`);
    expect(unexpected, "camelCase names on the wire").toEqual([]);
    // An exception no longer used is removed from the list, so the list stays the truth.
    expect(Object.keys(EXCEPTIONS).filter((name) => !offenders.has(name))).toEqual([]);
    // What this round renamed: the lists endpoints (their camelCase twins are deprecated for one release).
    const lists = JSON.stringify([document.paths["/lists"], document.paths["/lists/{listId}/reorder"]]);
    expect(lists).toContain('"workspace_id"');
    expect(lists).toContain('"item_ids"');
    // And the other names that were camelCase without the specification asking for it: each snake_case name is
    // in the document, and its camelCase twin, where one is still accepted or sent, is marked deprecated.
    const renamed: [string, string, string][] = [
      ["/titles", "per_page", "perPage"],
      ["/search", "per_page", "perPage"],
      ["/notifications", "per_page", "perPage"],
      ["/notifications/broadcasts", "role_ids", "roleIds"],
      ["/notifications/broadcasts", "user_ids", "userIds"],
      ["/notifications/updates", "latest_id", "latestId"],
      ["/custom-pages/{idOrSlug}", "site_name", "siteName"],
      ["/lists/{listId}", "vote_count", "voteCount"],
      ["/lists/{listId}", "external_rating", "externalRating"],
      ["/feed", "watched_on", "watchedOn"],
      ["/logs/error/trace/{requestId}", "request_id", "requestId"],
    ];
    const resolved = (value: unknown): string =>
      JSON.stringify(value, (_key, inner) => (inner && typeof inner === "object" && typeof inner.$ref === "string" ? components[inner.$ref.split("/").pop()!] : inner));
    for (const [path, name, old] of renamed) {
      const text = resolved(document.paths[path]);
      expect(text, `${path} ${name}`).toContain(`"${name}"`);
      expect(text, `${path} ${old}`).toMatch(new RegExp(`"${old}"(:\\{[^{}]*"deprecated":true|,"in":"query"[^{}]*"deprecated":true)`));
    }
  });

  it("is OpenAPI 3.1 with unique operation ids", () => {
    expect(document.openapi).toBe("3.1.0");
    const ids = apiEndpoints.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("describes every api/v1 route, and names no route that does not exist", () => {
    const routePaths = [...new Set(apiRoutePaths(routes as RouteEntry[]))];
    expect(routePaths.length).toBeGreaterThan(20);
    const docPaths = Object.keys(document.paths);
    const undescribed = routePaths.filter(
      (route) => !openApiPathsForRoute(route).some((path) => docPaths.some((doc) => routeMatchesDocPath(route, doc) && doc.split("/").length === path.split("/").length)),
    );
    const unrouted = docPaths.filter((doc) => !routePaths.some((route) => routeMatchesDocPath(route, doc)));
    expect({ undescribed, unrouted }).toEqual({ undescribed: [], unrouted: [] });
  });

  it("names the token scope of every call tokens may make, and every write names its own", () => {
    const writesWithoutScope = apiEndpoints.filter((e) => e.method !== "get" && e.access !== "webhook" && e.access !== "session" && !e.scope).map((e) => `${e.method.toUpperCase()} ${e.path}`);
    expect(writesWithoutScope).toEqual([]);
    type Operation = { security: Record<string, string[]>[]; "x-token-scope"?: string };
    const listLogs = document.paths["/logs/error"]!.get as Operation;
    expect(listLogs).toMatchObject({ "x-token-scope": "admin" });
    expect(listLogs.security).toContainEqual({ bearerAuth: [] });
    expect((document.paths["/titles"]!.get as Operation)["x-token-scope"]).toBe("read");
    expect((document.paths["/file-entries"]!.post as Operation)["x-token-scope"]).toBe("uploads");
    expect(document.components.securitySchemes.bearerAuth.description).toContain("`lists:write`");
  });

  it("documents the conventions: pagination, relations, errors with a message", () => {
    const titles = document.paths["/titles"].get as {
      parameters: { name: string; in: string; schema: Record<string, unknown> }[];
      responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
    };
    expect(titles.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["page", "perPage", "type", "genre", "order"]));
    expect(titles.parameters.find((p) => p.name === "perPage")?.schema).toMatchObject({ maximum: 100, minimum: 1 });
    const ok = titles.responses["200"].content!["application/json"].schema as { properties: { pagination: { properties: Record<string, unknown> } } };
    expect(Object.keys(ok.properties.pagination.properties)).toEqual(expect.arrayContaining(["data", "current_page", "per_page", "total", "last_page"]));
    const invalid = titles.responses["422"].content!["application/json"].schema as { properties: Record<string, unknown>; required: string[] };
    expect(invalid.required).toContain("message");
    expect(invalid.properties).toHaveProperty("errors");
    const title = document.paths["/titles/{id}"].get as { parameters: { name: string; in: string }[] };
    expect(title.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "id", in: "path" }), expect.objectContaining({ name: "with", in: "query" })]));
  });

  it("says when a list's total is a lower bound: the capped counts of listTitles and listPeople, not the lists that count exactly", () => {
    type Pagination = { properties: Record<string, { type?: string; description?: string }>; required: string[] };
    const paginationOf = (path: string) =>
      (document.paths[path].get as { responses: Record<string, { content: Record<string, { schema: { properties: { pagination: Pagination } } }> }> }).responses["200"].content["application/json"]
        .schema.properties.pagination;
    for (const path of ["/titles", "/people"]) {
      const pagination = paginationOf(path);
      expect(pagination.properties.total_is_lower_bound, path).toMatchObject({ type: "boolean", description: expect.stringContaining("lower bound") });
      expect(pagination.required, path).toContain("total_is_lower_bound");
      expect(pagination.properties.total.description, path).toContain("total_is_lower_bound");
      expect((document.paths[path].get as { description: string }).description, path).toContain("total_is_lower_bound");
    }
    // Lists that count exactly keep the plain shape.
    expect(paginationOf("/channels").properties).not.toHaveProperty("total_is_lower_bound");
  });

  it("describes request bodies with the schemas the server validates (contact form)", () => {
    const contact = document.paths["/contact-page"].post as { requestBody: { content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> } };
    const schema = contact.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(expect.arrayContaining(["name", "email", "message"]));
    expect(schema.properties.message).toMatchObject({ type: "string", maxLength: 5000 });
  });
});
