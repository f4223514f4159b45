import { describe, expect, it } from "vitest";
import { cleanQueryRedirectTarget, formWithoutEmptyFields, withoutEmptyParams } from "./clean-query";

describe("browse addresses without empty parameters", () => {
  it("drops empty parameters and keeps repeated filled ones", () => {
    expect(withoutEmptyParams(new URLSearchParams("genre=drama&genre=&year=&sort=rating-desc&q=%20")).toString()).toBe("genre=drama&sort=rating-desc");
  });

  it("redirects only an address that has an empty parameter", () => {
    expect(cleanQueryRedirectTarget(new URL("https://x.test/titles?genre=&type=movie&year="))).toBe("/titles?type=movie");
    expect(cleanQueryRedirectTarget(new URL("https://x.test/titles?genre=&year="))).toBe("/titles");
    expect(cleanQueryRedirectTarget(new URL("https://x.test/titles?type=movie"))).toBeNull();
    expect(cleanQueryRedirectTarget(new URL("https://x.test/titles"))).toBeNull();
  });

  it("cleans a form's data the same way", () => {
    const form = new FormData();
    form.append("genre", "drama");
    form.append("genre", "");
    form.append("sort", "");
    expect([...formWithoutEmptyFields(form)]).toEqual([["genre", "drama"]]);
  });
});
