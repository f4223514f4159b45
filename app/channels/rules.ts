import { z } from "zod";

/**
 * An automatic channel's rule (decision 022): which titles (or episodes)
 * the refresh job stores, in what order. Pure data, shared by the admin
 * form, the API description and the refresh job (refresh.server.ts).
 */
export const RULE_KINDS = ["trending", "popular", "top_rated", "new_releases", "coming_soon", "airing_this_week", "recently_added", "where_to_watch"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  trending: "Trending",
  popular: "Most popular",
  top_rated: "Top rated",
  new_releases: "New releases",
  coming_soon: "Coming soon",
  airing_this_week: "Airing this week (episodes)",
  recently_added: "Recently added",
  where_to_watch: "Where to watch (a provider in a region)",
};

/**
 * Where "top rated" reads its rating and vote count. A new source (a TMDB
 * rating column, say) is one entry here and one in refresh.server.ts's
 * RATING_COLUMNS.
 */
export const RATING_SOURCES = ["site", "imdb", "tmdb"] as const;
export type RatingSource = (typeof RATING_SOURCES)[number];
export const RATING_SOURCE_LABELS: Record<RatingSource, string> = { site: "This site's users", imdb: "IMDb", tmdb: "TMDB" };

export const RULE_TITLE_TYPES = ["both", "movie", "series"] as const;

const slugList = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use slugs: lowercase letters, numbers and hyphens.")
      .max(80),
  )
  .max(20)
  .default([]);
const year = z.number().int().min(1870).max(2100);

export const channelRuleSchema = z
  .object({
    kind: z.enum(RULE_KINDS),
    type: z.enum(RULE_TITLE_TYPES).default("both"),
    /** Genre slugs (any of them). */
    genres: slugList,
    /** Keyword slugs (any of them). */
    keywords: slugList,
    yearFrom: year.optional(),
    yearTo: year.optional(),
    certification: z.string().trim().max(20).optional(),
    /** ISO 639-1. */
    language: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, "A two-letter language code, e.g. en.")
      .optional(),
    /** ISO 3166-1 alpha-2. */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "A two-letter country code, e.g. US.")
      .optional(),
    ratingSource: z.enum(RATING_SOURCES).default("site"),
    /** Top rated: only titles with at least this many votes. */
    minVotes: z.number().int().min(0).max(10_000_000).default(0),
    /** New releases: released in the last N days (none: the newest released, however old). */
    days: z.number().int().min(1).max(36500).optional(),
    /** Where to watch: a TMDB watch provider id (watch_providers.id) ... */
    provider: z.number().int().positive().max(2_147_483_647).optional(),
    /** ... in this region (ISO 3166-1 alpha-2): titles available on it there, any kind (subscription, free, rent, buy). */
    region: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "A two-letter country code, e.g. US.")
      .optional(),
    /** Take the genre from the address (/channel/genre/{slug}): one stored list per genre. */
    genreFromUrl: z.boolean().default(false),
  })
  .refine((rule) => rule.yearFrom === undefined || rule.yearTo === undefined || rule.yearFrom <= rule.yearTo, {
    message: "The first year must not be after the last.",
    path: ["yearTo"],
  })
  .refine((rule) => rule.kind !== "where_to_watch" || rule.provider !== undefined, { message: "Choose a provider.", path: ["provider"] })
  .refine((rule) => rule.kind !== "where_to_watch" || rule.region !== undefined, { message: "A two-letter country code, e.g. US.", path: ["region"] });
export type ChannelRule = z.output<typeof channelRuleSchema>;
export type ChannelRuleInput = z.input<typeof channelRuleSchema>;

/** Whether a rule's items are episodes (the rest are titles). */
export function ruleListsEpisodes(rule: ChannelRule) {
  return rule.kind === "airing_this_week";
}
