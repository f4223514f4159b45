import { z } from "zod";
import { CREDIT_KINDS, GENDERS, IMAGE_TYPES, TITLE_TYPES, VIDEO_CATEGORIES, VIDEO_SOURCES } from "./tables";

/**
 * What the catalogue editor (admin area) submits, one schema per form. The
 * same schemas validate in the browser (conform) and on the server, so they
 * must stay free of server code. Empty form fields arrive as undefined and
 * mean "none" (stored as null).
 */

/** A picture or file address: a path on this site ("/files/…", "/artwork/…") or an https:// URL. */
export const mediaAddress = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^\/(?![/\\])\S*$/.test(value) || /^https:\/\/[^\s/]+\S*$/i.test(value), {
    message: "Use a path on this site (/…) or an https:// address.",
  });

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the form YYYY-MM-DD.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: "Enter a valid date.",
  });

const year = z.number().int().min(1870).max(2100);
const shortText = (max: number) => z.string().trim().max(max);
const languageCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, "Use a two-letter language code such as en.");

/** "drama, heist , Drama" -> ["drama", "heist"] (case-insensitively unique). */
export const commaList = (maxItems: number, maxLength: number) =>
  z
    .string()
    .max(maxItems * (maxLength + 2))
    .optional()
    .transform((value) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const part of (value ?? "").split(",")) {
        const item = part.trim().replace(/\s+/g, " ");
        if (!item || seen.has(item.toLowerCase())) continue;
        seen.add(item.toLowerCase());
        out.push(item);
      }
      return out;
    })
    .pipe(z.array(z.string().max(maxLength, `Each entry may have at most ${maxLength} characters.`)).max(maxItems, `At most ${maxItems} entries.`));

/** A new title: the facts needed to create it; the rest is edited afterwards. */
export const newTitleSchema = z.object({
  type: z.enum(TITLE_TYPES),
  name: shortText(250).min(1),
  releaseDate: isoDate.optional(),
  plot: shortText(10_000).optional(),
});
export type NewTitleInput = z.output<typeof newTitleSchema>;

export const titleFactsSchema = z
  .object({
    type: z.enum(TITLE_TYPES),
    name: shortText(250).min(1),
    originalName: shortText(250).optional(),
    tagline: shortText(500).optional(),
    plot: shortText(10_000).optional(),
    releaseDate: isoDate.optional(),
    endYear: year.optional(),
    runtime: z.number().int().min(1).max(2000).optional(),
    certification: shortText(20).optional(),
    language: languageCode.optional(),
    countries: commaList(30, 2).pipe(
      z.array(
        z
          .string()
          .regex(/^[A-Za-z]{2}$/, "Use two-letter country codes such as US, GB.")
          .transform((c) => c.toUpperCase()),
      ),
    ),
    budget: z.number().int().min(0).max(10_000_000_000).optional(),
    revenue: z.number().int().min(0).max(100_000_000_000).optional(),
    popularity: z.number().min(0).max(1_000_000).optional(),
    externalRating: z.number().min(0).max(10).optional(),
    poster: mediaAddress.optional(),
    backdrop: mediaAddress.optional(),
    genres: z.array(z.number().int().positive()).max(30, "At most 30 genres.").default([]),
    keywords: commaList(40, 60),
  })
  .refine((value) => value.endYear === undefined || value.type === "series", { message: "Only series have an end year.", path: ["endYear"] })
  .refine((value) => !value.endYear || !value.releaseDate || value.endYear >= Number(value.releaseDate.slice(0, 4)), {
    message: "The end year is before the first year.",
    path: ["endYear"],
  });
export type TitleFactsInput = z.output<typeof titleFactsSchema>;

export const personSchema = z.object({
  name: shortText(250).min(1),
  biography: shortText(20_000).optional(),
  birthDate: isoDate.optional(),
  deathDate: isoDate.optional(),
  birthPlace: shortText(250).optional(),
  gender: z.enum(GENDERS).default("unknown"),
  knownFor: shortText(60).optional(),
  popularity: z.number().min(0).max(1_000_000).optional(),
  profile: mediaAddress.optional(),
});
export type PersonInput = z.output<typeof personSchema>;

export const seasonSchema = z.object({
  number: z.number().int().min(0).max(1000),
  name: shortText(250).optional(),
  plot: shortText(10_000).optional(),
  airDate: isoDate.optional(),
  poster: mediaAddress.optional(),
});
export type SeasonInput = z.output<typeof seasonSchema>;

export const episodeSchema = z.object({
  episodeNumber: z.number().int().min(0).max(10_000),
  name: shortText(250).min(1),
  plot: shortText(10_000).optional(),
  airDate: isoDate.optional(),
  runtime: z.number().int().min(1).max(2000).optional(),
  still: mediaAddress.optional(),
});
export type EpisodeInput = z.output<typeof episodeSchema>;

export const creditSchema = z
  .object({
    personId: z.number().int().positive({ message: "Choose a person." }),
    kind: z.enum(CREDIT_KINDS),
    character: shortText(250).optional(),
    department: shortText(60).optional(),
    job: shortText(60).optional(),
    episodeId: z.number().int().positive().optional(),
  })
  .refine((value) => value.kind === "cast" || (value.department && value.job), {
    message: "Crew credits need a department and a job.",
    path: ["job"],
  });
export type CreditInput = z.output<typeof creditSchema>;

/** Where a video plays from; checked per source on the server too. */
export const videoSchema = z
  .object({
    name: shortText(250).min(1),
    category: z.enum(VIDEO_CATEGORIES),
    source: z.enum(VIDEO_SOURCES),
    src: shortText(2000).min(1),
    quality: z.enum(["2160p", "1080p", "720p", "480p", "sd"]).optional(),
    language: languageCode.optional(),
    duration: z.number().int().min(1).max(100_000).optional(),
    thumbnail: mediaAddress.optional(),
    episodeId: z.number().int().positive().optional(),
  })
  .superRefine((value, ctx) => {
    const problem = videoSourceProblem(value.source, value.src);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["src"] });
  });
export type VideoInput = z.output<typeof videoSchema>;

/** Why `src` cannot be played from `source`, or null when it can. */
export function videoSourceProblem(source: (typeof VIDEO_SOURCES)[number], src: string): string | null {
  switch (source) {
    case "youtube":
      return /^[A-Za-z0-9_-]{11}$/.test(src) ? null : "Enter the 11-character YouTube video id.";
    case "vimeo":
      return /^\d{1,12}$/.test(src) ? null : "Enter the numeric Vimeo video id.";
    case "external":
      return /^https:\/\/[^\s/]+\S*$/i.test(src) ? null : "Enter an https:// address of the video file.";
    case "r2":
      return /^files\/[a-f0-9]{32}$/.test(src) || /^catalogue\/(?!.*\.\.)[\w./-]{1,300}$/.test(src) ? null : "Upload the video, or give its storage key.";
  }
}

export const imageSchema = z.object({
  type: z.enum(IMAGE_TYPES),
  url: mediaAddress,
});

export const genreSchema = z.object({
  name: shortText(60).min(1),
});
