import type { Route } from "./+types/openapi";
import { apiEndpoints } from "~/composers/api-endpoints";
import { ApiError, apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { buildOpenApiDocument } from "~/api/openapi";
import { openApiDocumentEndpoint } from "~/api/openapi-contract";

/** The document depends only on the code and these two values: built once per isolate and origin. */
let cached: { key: string; body: string } | null = null;

/** GET api/v1/openapi.json: the API's description, generated from the endpoint contracts. */
export const loader = apiLoader(openApiDocumentEndpoint, ({ app, url }) => {
  if (!app.settings["api.integrated"]) throw new ApiError(404, app.t("The API is not enabled on this site."));
  const siteName = app.settings["branding.site_name"];
  const key = `${url.origin}\n${siteName}`;
  if (cached?.key !== key) cached = { key, body: JSON.stringify(buildOpenApiDocument(apiEndpoints, { siteName, baseUrl: url.origin })) };
  return new Response(cached.body, { headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" } });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
