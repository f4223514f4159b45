import { describe, expect, it } from "vitest";
import { ratingFormSchema, withoutEmpty } from "./schema";
import { ratingToStars, ratingValueSchema, today, watchedOnSchema } from "./rules";

describe("a rating", () => {
  it("is a whole number from 1 to 10", () => {
    for (const ok of ["1", "10", 7, "5"]) expect(ratingValueSchema.safeParse(ok).success).toBe(true);
    for (const bad of ["0", "11", "7.5", "x", "", -1, 1e3]) expect(ratingValueSchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it("reads as stars with halves", () => {
    expect([1, 7, 10].map(ratingToStars)).toEqual([0.5, 3.5, 5]);
  });

  it("the form needs a rating to rate, and none to remove; an empty episode field is absent", () => {
    expect(ratingFormSchema.safeParse(withoutEmpty({ intent: "rate", titleId: "3", episodeId: "", rating: "8" })).data).toEqual({ intent: "rate", titleId: 3, rating: 8 });
    expect(ratingFormSchema.safeParse({ intent: "rate", titleId: "3" }).success).toBe(false);
    expect(ratingFormSchema.safeParse({ intent: "remove", titleId: "3" }).success).toBe(true);
    expect(ratingFormSchema.safeParse({ intent: "rate", titleId: "-3", rating: "8" }).success).toBe(false);
  });
});

describe("a watch date", () => {
  it("is a real past day", () => {
    expect(watchedOnSchema.safeParse(today()).success).toBe(true);
    expect(watchedOnSchema.safeParse("2020-02-29").success).toBe(true);
    for (const bad of ["2021-02-29", "2999-01-01", "yesterday", "2020-1-1", "1700-01-01"]) expect(watchedOnSchema.safeParse(bad).success, bad).toBe(false);
  });
});
