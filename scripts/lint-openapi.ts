/**
 * npm test's OpenAPI stage: the api/v1 document, generated from the domains'
 * api-contract.ts files, linted by Spectral (spectral:oas) and Redocly
 * (recommended). Any error or warning fails the stage (decision 036).
 */
import { apiEndpoints } from "~/composers/api-endpoints";
import { buildOpenApiDocument } from "~/api/openapi";
import { lintOpenApi } from "./lib/openapi-lint";

const document = buildOpenApiDocument(apiEndpoints, { siteName: "Reelbase", baseUrl: "https://reelbase.example" });
const problems = await lintOpenApi(document);
for (const p of problems) console.error(`${p.tool} ${p.severity} ${p.rule}: ${p.message} at ${p.at}`);
const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(`OpenAPI document: ${operations} operations; Spectral (spectral:oas) and Redocly (recommended): ${problems.length} problems.`);
process.exit(problems.length === 0 ? 0 : 1);
