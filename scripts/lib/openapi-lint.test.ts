import { describe, expect, it } from "vitest";
import { apiEndpoints } from "~/composers/api-endpoints";
import { buildOpenApiDocument } from "~/api/openapi";
import { lintOpenApi } from "./openapi-lint";

/**
 * The OpenAPI stage of npm test (scripts/lint-openapi.ts): the generated
 * document passes Spectral's spectral:oas and Redocly's recommended rules
 * with nothing to report, and the lint does catch what it should: a planted
 * violation of each kind the issue found (decision 036).
 */
const document = () => structuredClone(buildOpenApiDocument(apiEndpoints, { siteName: "Reelbase", baseUrl: "https://reelbase.test" }));

describe("OpenAPI lint (Spectral spectral:oas, Redocly recommended)", () => {
  it("finds no error and no warning in the generated document", async () => {
    expect(await lintOpenApi(document())).toEqual([]);
  }, 60_000);

  it("catches planted violations: scopes on an http bearer scheme, an undeclared tag, a missing contact", async () => {
    const planted = document();
    const listTitles = planted.paths["/titles"].get as { security: Record<string, string[]>[]; tags: string[] };
    listTitles.security = [{ bearerAuth: ["read"] }];
    listTitles.tags = ["Undeclared"];
    delete (planted.info as Partial<typeof planted.info>).contact;
    const rules = (await lintOpenApi(planted)).map((p) => `${p.tool}:${p.rule}`);
    expect(rules).toEqual(expect.arrayContaining(["spectral:oas3-operation-security-defined", "spectral:operation-tag-defined", "spectral:info-contact"]));
  }, 60_000);
});
