import { z } from "zod";
import { defineEndpoint, errorResponses, idParam, paginationSchema } from "~/api/contract";
import { paginationQuery } from "~/api/query";
import { API_MAX_PAGE } from "~/constants";

/** The error log over api/v1 (admins), and the debug trace of a failed page request. */

const frameSchema = z.object({
  path: z.array(z.string()),
  lineNumber: z.number().int(),
  columnNumber: z.number().int(),
  method: z.string(),
  codeSnippet: z.record(z.string(), z.string()).describe("Source lines around the failing one, keyed by line number."),
  flatIndex: z.number().int(),
  vendor: z.boolean(),
});

export const debugTraceSchema = z.object({
  ignitionTrace: z.literal(true),
  exception: z.string(),
  message: z.string(),
  trace: z.array(z.union([frameSchema, z.object({ vendorGroup: z.literal(true), items: z.array(frameSchema) })])),
  totalVendorGroups: z.number().int(),
  action: z.object({ label: z.string(), url: z.string() }).nullable(),
});

const errorSummarySchema = z.object({
  id: z.number().int(),
  request_id: z.string(),
  source: z.string(),
  exception: z.string(),
  message: z.string(),
  method: z.string(),
  url: z.string(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
});

const base = { tag: "Logs", access: "user" as const, permission: "admin", scope: "admin" as const };

export const listErrorLog = defineEndpoint({
  ...base,
  method: "get",
  path: "/logs/error",
  operationId: "listErrorLog",
  summary: "List logged errors",
  description: "Newest first.",
  query: paginationQuery({ perPage: 50, maxPerPage: 100, maxPage: API_MAX_PAGE }),
  responses: { 200: { description: "A page of errors.", schema: paginationSchema(errorSummarySchema) }, ...errorResponses(401, 403, 422, 429) },
});

export const getErrorLogEntry = defineEndpoint({
  ...base,
  method: "get",
  path: "/logs/error/{id}",
  operationId: "getErrorLogEntry",
  summary: "One logged error with its trace",
  params: idParam("id", "Error log id."),
  responses: {
    200: { description: "The error and its stack mapped to the sources.", schema: z.object({ error: errorSummarySchema.extend({ user_agent: z.string().nullable(), trace: debugTraceSchema }) }) },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const downloadLatestErrorLog = defineEndpoint({
  ...base,
  method: "get",
  path: "/logs/error/download-latest",
  operationId: "downloadLatestErrorLog",
  summary: "Download the latest errors as a log file",
  description: "The newest 200 errors as plain text, stacks mapped to the sources (the error dialog's “Download log”).",
  responses: { 200: { description: "The log file.", contentType: "text/plain" }, ...errorResponses(401, 403, 429) },
});

export const getDebugTrace = defineEndpoint({
  method: "get",
  path: "/logs/error/trace/{requestId}",
  operationId: "getDebugTrace",
  summary: "The debug trace of a failed page request",
  description: "For the site's error dialog: in local development, or for admins while debug traces are on. The request id comes from the `debug-error` cookie the failed response set.",
  tag: "Logs",
  access: "public",
  params: z.object({
    requestId: z
      .string()
      .regex(/^[0-9a-f-]{36}$/)
      .describe("The failed request's X-Request-Id."),
  }),
  responses: {
    200: {
      description: "The trace.",
      schema: debugTraceSchema.extend({
        request_id: z.string(),
        requestId: z.string().meta({ deprecated: true }).describe("Deprecated: the same as request_id (sent until the next release)."),
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const logEndpoints = [listErrorLog, getErrorLogEntry, downloadLatestErrorLog, getDebugTrace];
