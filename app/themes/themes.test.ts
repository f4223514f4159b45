import { describe, expect, it } from "vitest";
import { oppositeTheme, resolveActiveTheme, themeStyle, type Theme } from "../ui/themes";

const light: Theme = { id: 1, name: "Light", values: { "--be-background": "#fff" }, is_dark: false, default_light: true, default_dark: false };
const dark: Theme = { id: 2, name: "Dark", values: { "--be-background": "#000" }, is_dark: true, default_light: false, default_dark: true };
const sepia: Theme = { id: 3, name: "Sepia", values: {}, is_dark: false, default_light: false, default_dark: false };
const all = [light, dark, sepia];

describe("resolveActiveTheme", () => {
  it("uses the visitor's choice when users may change themes", () => {
    expect(resolveActiveTheme(all, { userChange: true, defaultId: 0, chosenId: 2 })?.id).toBe(2);
  });

  it("ignores the choice when users may not change themes", () => {
    expect(resolveActiveTheme(all, { userChange: false, defaultId: 3, chosenId: 2 })?.id).toBe(3);
  });

  it("falls back from an unknown id to the default, then the first theme", () => {
    expect(resolveActiveTheme(all, { userChange: true, defaultId: 0, chosenId: 99 })?.id).toBe(1);
    expect(resolveActiveTheme([sepia, dark], { userChange: true, defaultId: 0, chosenId: null })?.id).toBe(3);
    expect(resolveActiveTheme([], { userChange: true, defaultId: 0, chosenId: 1 })).toBeNull();
  });

  it("toggles between the default light and dark themes", () => {
    expect(oppositeTheme(all, light)?.id).toBe(2);
    expect(oppositeTheme(all, dark)?.id).toBe(1);
  });
});

describe("themeStyle", () => {
  it("keeps only well-formed custom properties", () => {
    const theme = { ...light, values: { "--be-primary": "#6d28d9", color: "red", "--be-x": "red; background: url(evil)" } };
    expect(themeStyle(theme)).toEqual({ "--be-primary": "#6d28d9" });
  });
});
