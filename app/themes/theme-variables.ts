import { isValidThemeValue } from "../ui/themes";

/**
 * The theme variables the appearance editor offers, what kind of value each
 * takes, and the font stacks to choose from. Shared by the editor (browser)
 * and the server, which validates every value before it is stored.
 */
export type ThemeVariableKind = "colour" | "length" | "font";

export interface ThemeVariable {
  name: `--be-${string}`;
  label: string;
  kind: ThemeVariableKind;
}

export const THEME_VARIABLES: ThemeVariable[] = [
  { name: "--be-background", label: "Background", kind: "colour" },
  { name: "--be-foreground", label: "Text", kind: "colour" },
  { name: "--be-muted", label: "Secondary text", kind: "colour" },
  { name: "--be-paper", label: "Paper", kind: "colour" },
  { name: "--be-elevated", label: "Cards and popovers", kind: "colour" },
  { name: "--be-divider", label: "Dividers", kind: "colour" },
  { name: "--be-primary", label: "Primary", kind: "colour" },
  { name: "--be-primary-light", label: "Primary, light", kind: "colour" },
  { name: "--be-on-primary", label: "Text on primary", kind: "colour" },
  { name: "--be-danger", label: "Danger", kind: "colour" },
  { name: "--be-positive", label: "Positive", kind: "colour" },
  { name: "--be-warning", label: "Warning", kind: "colour" },
  { name: "--be-focus", label: "Focus ring", kind: "colour" },
  { name: "--be-navbar", label: "Navbar", kind: "colour" },
  { name: "--be-radius", label: "Corner radius", kind: "length" },
];

/** The variable the font choice sets (app.css reads it for the sans-serif stack). */
export const FONT_VARIABLE = "--be-font-family";

/**
 * Font stacks that render without loading anything from another site (the
 * CSP allows fonts from this site only, and none are downloaded at runtime).
 */
export const FONT_CHOICES: { id: string; label: string; family: string }[] = [
  { id: "default", label: "Inter / system sans-serif", family: "Inter, Liberation Sans, ui-sans-serif, system-ui, sans-serif" },
  { id: "system", label: "System interface", family: "system-ui, -apple-system, Segoe UI, Roboto, Ubuntu, sans-serif" },
  { id: "humanist", label: "Humanist sans-serif", family: "Seravek, Gill Sans Nova, Ubuntu, Calibri, DejaVu Sans, sans-serif" },
  { id: "rounded", label: "Rounded", family: "ui-rounded, Quicksand, Comfortaa, Manjari, Arial Rounded MT, sans-serif" },
  { id: "serif", label: "Transitional serif", family: "Charter, Bitstream Charter, Cambria, Liberation Serif, serif" },
  { id: "old-style", label: "Old-style serif", family: "Iowan Old Style, Palatino Linotype, URW Palladio L, P052, serif" },
  { id: "mono", label: "Monospace", family: "ui-monospace, Cascadia Code, Menlo, Consolas, DejaVu Sans Mono, monospace" },
];

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const FUNCTIONAL = new RegExp(String.raw`^(rgba?|hsla?)\(\s*${NUMBER}(%|deg)?\s*(,\s*|\s+)${NUMBER}%?\s*(,\s*|\s+)${NUMBER}%?\s*(,\s*${NUMBER}%?\s*)?\)$`, "i");
const NAMED = new Set([
  "transparent",
  "black",
  "white",
  "red",
  "green",
  "blue",
  "yellow",
  "orange",
  "purple",
  "pink",
  "gray",
  "grey",
  "silver",
  "maroon",
  "navy",
  "teal",
  "olive",
  "lime",
  "aqua",
  "fuchsia",
  "indigo",
  "violet",
  "brown",
  "gold",
  "crimson",
  "coral",
  "tomato",
  "salmon",
  "khaki",
  "beige",
  "ivory",
  "lavender",
  "plum",
  "orchid",
  "tan",
  "chocolate",
  "sienna",
  "turquoise",
  "cyan",
  "magenta",
  "slategray",
  "slategrey",
  "darkgray",
  "darkgrey",
  "lightgray",
  "lightgrey",
  "whitesmoke",
  "snow",
]);

/** A CSS colour the appearance editor accepts: hex, rgb()/rgba(), hsl()/hsla() (comma or space separated) or a common name. */
export function isCssColour(value: string): boolean {
  const text = value.trim();
  return HEX.test(text) || FUNCTIONAL.test(text) || NAMED.has(text.toLowerCase());
}

/** A CSS length for the corner radius: 0, or a number with px, rem or em (at most 4 digits). */
export function isCssLength(value: string): boolean {
  return /^(0|\d{1,4}(\.\d{1,3})?(px|rem|em))$/.test(value.trim());
}

/** A font stack: names separated by commas, letters, digits, spaces and hyphens only (no quotes, no url()). */
export function isFontStack(value: string): boolean {
  return /^[a-z0-9 -]{1,60}(,\s*[a-z0-9 -]{1,60}){0,15}$/i.test(value.trim()) && value.length <= 100;
}

/** Why a theme value is not acceptable (an English message key), or null. */
export function themeValueProblem(name: string, value: string): string | null {
  if (!/^--be-[a-z0-9-]{1,60}$/.test(name)) return "Unknown theme variable.";
  const variable = THEME_VARIABLES.find((v) => v.name === name);
  const kind: ThemeVariableKind | null = variable?.kind ?? (name === FONT_VARIABLE ? "font" : null);
  if (kind === "colour") return isCssColour(value) ? null : "Enter a valid colour, such as #6d28d9 or rgb(109, 40, 217).";
  if (kind === "length") return isCssLength(value) ? null : "Enter a size such as 0.5rem or 8px.";
  if (kind === "font") return isFontStack(value) ? null : "Choose a font from the list.";
  return isValidThemeValue(name, value) ? null : "This value is not valid.";
}
