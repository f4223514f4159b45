import { z } from "zod";
import { defineEndpoint, errorResponses } from "~/api/contract";

/** Custom pages over api/v1 (GET custom-pages/{idOrSlug} → page, seo, set_seo). */

export const seoSchema = z.object({
  title: z.string(),
  description: z.string(),
  canonical: z.string(),
  site_name: z.string(),
  siteName: z.string().meta({ deprecated: true }).describe("Deprecated: the same as site_name (sent until the next release)."),
  image: z.string().nullable().optional(),
  type: z.string().optional(),
  noindex: z.boolean().optional(),
});

export const getCustomPage = defineEndpoint({
  method: "get",
  path: "/custom-pages/{idOrSlug}",
  operationId: "getCustomPage",
  summary: "Get a custom page",
  description: "A visible custom page by id or slug; its body is sanitised HTML.",
  tag: "Pages",
  access: "public",
  params: z.object({
    idOrSlug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$|^\d{1,15}$/)
      .max(200)
      .describe("The page id, or its slug."),
  }),
  responses: {
    200: {
      description: "The page, with the SEO block to show for it.",
      schema: z.object({
        page: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), body: z.string(), type: z.string(), updated_at: z.string() }),
        seo: seoSchema,
        set_seo: z.boolean().describe("Apply `seo` to the document when showing the page."),
      }),
    },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const pagesEndpoints = [getCustomPage];
