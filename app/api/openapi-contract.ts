import { z } from "zod";
import { defineEndpoint } from "./contract";

/** GET api/v1/openapi.json: this document itself. */
export const openApiDocumentEndpoint = defineEndpoint({
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This OpenAPI document",
  description: "OpenAPI 3.1, generated from the schemas the server validates requests with.",
  tag: "Site",
  access: "public",
  responses: {
    200: {
      description: "The document.",
      schema: z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) }).loose(),
    },
    404: { description: "The API is not enabled on this site.", schema: z.object({ message: z.string() }) },
  },
});
