import { z } from "zod";
import { defineEndpoint, errorResponses } from "~/api/contract";

/** GET api/v1/bootstrap-data (data.data = the bootstrap object). */
export const getBootstrapData = defineEndpoint({
  method: "get",
  path: "/bootstrap-data",
  operationId: "getBootstrapData",
  summary: "Bootstrap data",
  description:
    "Everything the browser may need to render a page: browser-safe settings, the user, translations, every theme, default meta tags and the menus filtered for the caller. Pages embed the part their own code reads.",
  tag: "Site",
  access: "public",
  responses: {
    200: {
      description: "The bootstrap object under `data`.",
      schema: z.object({
        data: z
          .object({
            settings: z.record(z.string(), z.unknown()),
            user: z.record(z.string(), z.unknown()).nullable(),
            guest_role: z.object({ permissions: z.array(z.object({ name: z.string() })) }),
            i18n: z.object({
              language: z.string(),
              lines: z.record(z.string(), z.string()),
              timezone: z.string().describe('The IANA time zone dates are rendered in ("auto": the browser\'s own).'),
            }),
            localizations: z.array(z.object({ language: z.string(), name: z.string() })),
            themes: z.object({ all: z.array(z.record(z.string(), z.unknown())), selectedThemeId: z.number().int().nullable() }),
            default_meta_tags: z.array(z.record(z.string(), z.string())),
          })
          .loose(),
      }),
    },
    ...errorResponses(401, 429),
  },
});

export const bootstrapEndpoints = [getBootstrapData];
