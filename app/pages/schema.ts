import { z } from "zod";

/**
 * The admin area's custom page form (browser and server). An empty slug is
 * made from the title. Same limits as the stored page (pages.server.ts).
 */
export const pageFormSchema = z.object({
  title: z.string().trim().min(1).max(250),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, numbers and hyphens.")
    .optional(),
  body: z.string().max(200_000).default(""),
  seoTitle: z.string().trim().max(250).optional(),
  seoDescription: z.string().trim().max(500).optional(),
  hidden: z.boolean().default(false),
});
