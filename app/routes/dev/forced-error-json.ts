import { z } from "zod";
import type { Route } from "./+types/forced-error-json";
import { defineEndpoint, errorResponses } from "~/api/contract";
import { apiLoader } from "~/json-api/handler.server";
import { failDeliberately, requireForcedErrorsAllowed } from "~/observability/forced-error.server";

/** Not part of api/v1 (and so not in the OpenAPI document): a local tool. */
const forcedErrorEndpoint = defineEndpoint({
  method: "get",
  path: "/_dev/error.json",
  operationId: "forcedError",
  summary: "Fail on purpose",
  tag: "Logs",
  access: "public",
  responses: { 200: { description: "Never.", schema: z.object({}) }, ...errorResponses(404) },
});

/** GET /_dev/error.json: an API-style call that fails with an unexpected error. */
export const loader = apiLoader(forcedErrorEndpoint, ({ worker }) => {
  requireForcedErrorsAllowed(worker);
  return failDeliberately("API call");
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
