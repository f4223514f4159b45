import { z } from "zod";
import { CHANNEL_PER_PAGE_MAX, CHANNEL_PER_PAGE_MIN } from "~/constants";
import { RATING_SOURCES, RULE_KINDS, RULE_TITLE_TYPES } from "./rules";
import { CHANNEL_LAYOUTS, CHANNEL_SOURCES } from "./tables";

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, numbers and hyphens.");

/** A comma-separated list of slugs ("drama, crime") as the form sends it. */
const slugCsv = z
  .string()
  .trim()
  .max(1000)
  .optional()
  .transform((text) =>
    text
      ? text
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean)
      : [],
  )
  .pipe(z.array(slug).max(20));

/**
 * The admin area's channel form (browser and server). The rule's fields
 * are flat (rule*) and apply to automatic channels only; the server turns
 * them into a ChannelRule (rules.ts) and checks genres and keywords exist.
 */
export const channelFormSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    slug: slug.optional(),
    description: z.string().trim().max(1000).optional(),
    seoTitle: z.string().trim().max(250).optional(),
    seoDescription: z.string().trim().max(500).optional(),
    layout: z.enum(CHANNEL_LAYOUTS).default("carousel"),
    perPage: z.number().int().min(CHANNEL_PER_PAGE_MIN).max(CHANNEL_PER_PAGE_MAX).default(20),
    public: z.boolean().default(false),
    source: z.enum(CHANNEL_SOURCES).default("manual"),
    ruleKind: z.enum(RULE_KINDS).default("popular"),
    ruleType: z.enum(RULE_TITLE_TYPES).default("both"),
    ruleGenres: slugCsv,
    ruleKeywords: slugCsv,
    ruleYearFrom: z.number().int().min(1870).max(2100).optional(),
    ruleYearTo: z.number().int().min(1870).max(2100).optional(),
    ruleCertification: z.string().trim().max(20).optional(),
    ruleLanguage: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, "A two-letter language code, e.g. en.")
      .optional(),
    ruleCountry: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "A two-letter country code, e.g. US.")
      .optional(),
    ruleRatingSource: z.enum(RATING_SOURCES).default("site"),
    ruleMinVotes: z.number().int().min(0).max(10_000_000).default(0),
    ruleDays: z.number().int().min(1).max(36500).optional(),
    ruleGenreFromUrl: z.boolean().default(false),
    /** Where to watch: a provider (watch_providers.id) and a region. */
    ruleProvider: z.number().int().positive().max(2_147_483_647).optional(),
    ruleRegion: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "A two-letter country code, e.g. US.")
      .optional(),
  })
  .refine((v) => v.ruleYearFrom === undefined || v.ruleYearTo === undefined || v.ruleYearFrom <= v.ruleYearTo, {
    message: "The first year must not be after the last.",
    path: ["ruleYearTo"],
  });
export type ChannelFormInput = z.output<typeof channelFormSchema>;

/** Adding an item to a manual or nested channel. */
export const channelItemInputSchema = z.object({
  kind: z.enum(["title", "person", "episode", "video", "channel"]),
  itemId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
