import { z } from "zod";
import { defineEndpoint, errorResponses } from "~/api/contract";

/** GET api/v1/value-lists/{names}: lookups for the account forms. */

export const VALUE_LISTS = ["localizations", "timezones", "countries"] as const;

export const getValueLists = defineEndpoint({
  method: "get",
  path: "/value-lists/{names}",
  operationId: "getValueLists",
  summary: "Get value lists",
  description: "One or more lookups, comma-joined: `localizations` (language, name), `timezones` (grouped by region: value, text), `countries` (code, name, in the request's language).",
  tag: "Pages",
  access: "public",
  params: z.object({
    names: z
      .string()
      .max(100)
      .describe(`Comma-separated, any of: ${VALUE_LISTS.join(", ")}.`)
      .refine((value) => value.split(",").every((name) => (VALUE_LISTS as readonly string[]).includes(name.trim())), "Unknown value list."),
  }),
  responses: {
    200: {
      description: "The lists asked for, each under its name.",
      schema: z.object({
        localizations: z.array(z.object({ language: z.string(), name: z.string() })).optional(),
        timezones: z.record(z.string(), z.array(z.object({ value: z.string(), text: z.string() }))).optional(),
        countries: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
      }),
    },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const valueListEndpoints = [getValueLists];
