import { describe, expect, it } from "vitest";
import { filterByQuery, matchesQuery } from "./filter";

describe("matchesQuery", () => {
  it("matches a substring anywhere, ignoring case", () => {
    expect(matchesQuery("The Godfather Part II", "father")).toBe(true);
    expect(matchesQuery("The Godfather Part II", "GODFATHER")).toBe(true);
    expect(matchesQuery("Amélie", "AMÉ")).toBe(true);
    expect(matchesQuery("Español", "ESPAÑ")).toBe(true);
  });

  it("does not match what is absent", () => {
    expect(matchesQuery("Alien", "aliens")).toBe(false);
  });

  it("treats an empty or blank query as matching everything", () => {
    expect(matchesQuery("Anything", "")).toBe(true);
    expect(matchesQuery("Anything", "   ")).toBe(true);
  });

  it("filters a list and keeps its order", () => {
    const items = [{ name: "French" }, { name: "English" }, { name: "Spanish" }];
    expect(filterByQuery(items, "SH", (i) => i.name).map((i) => i.name)).toEqual(["English", "Spanish"]);
  });
});
