import { z } from "zod";
import { RATING_MAX, RATING_MIN } from "~/constants";

/**
 * Rules of the library shared by forms, the API and the browser: what a
 * rating is, how it reads as stars, what a watch date may be.
 */

/** A vote: a whole number 1-10. "7.5", "0", "11" and "x" are refused (a field error, no row). */
export const ratingValueSchema = z.coerce
  .number({ message: "Choose a rating from 1 to 10." })
  .int({ message: "Choose a rating from 1 to 10." })
  .min(RATING_MIN, { message: "Choose a rating from 1 to 10." })
  .max(RATING_MAX, { message: "Choose a rating from 1 to 10." });

export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** "YYYY-MM-DD", a real day, not in the future (a day of slack for time zones ahead of UTC). */
export const watchedOnSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Enter a date as YYYY-MM-DD." })
  .refine(
    (value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && day.getTime() <= Date.now() + 86_400_000 && value >= "1888-01-01";
    },
    { message: "Enter a past date." },
  );

/** Today in UTC, "YYYY-MM-DD": the default watch date. */
export function today(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** A 1-10 rating as stars out of five: 7 → 3.5. */
export function ratingToStars(rating: number) {
  return rating / 2;
}

/** The ten choices of the star form, best first reading order: 1 = half a star ... 10 = five stars. */
export const RATING_CHOICES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => i + RATING_MIN);

/** How a suggestion is explained ("Because you rated Heat 9/10"). */
export type ForYouReason = { kind: "rated"; name: string; rating: number } | { kind: "watched"; name: string } | { kind: "watchlist"; name: string };

export const WATCHLIST_SORTS = ["added", "release_date", "rating", "name"] as const;
export type WatchlistSort = (typeof WATCHLIST_SORTS)[number];
export const WATCHLIST_RELEASE = ["released", "unreleased"] as const;
