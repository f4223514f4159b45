/** A theme as the browser receives it. */
export interface Theme {
  id: number;
  name: string;
  values: Record<string, string>;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
}

/** Theme values are CSS custom properties; only well-formed names and values are applied. */
const VARIABLE_NAME = /^--be-[a-z0-9-]{1,60}$/;
const VARIABLE_VALUE = /^[#(),.%\sa-z0-9-]{1,100}$/i;

export function themeStyle(theme: Theme | null): Record<string, string> {
  const style: Record<string, string> = {};
  if (!theme) return style;
  for (const [name, value] of Object.entries(theme.values)) {
    if (VARIABLE_NAME.test(name) && VARIABLE_VALUE.test(value)) style[name] = value;
  }
  return style;
}

export function isValidThemeValue(name: string, value: string) {
  return VARIABLE_NAME.test(name) && VARIABLE_VALUE.test(value);
}

/**
 * The theme a visitor sees: when users may change themes, the
 * one chosen by id in the cookie; otherwise, or when that id is unknown, the
 * configured default; otherwise the first theme.
 */
export function resolveActiveTheme(themes: readonly Theme[], options: { userChange: boolean; defaultId: number; chosenId: number | null }): Theme | null {
  if (options.userChange && options.chosenId !== null) {
    const chosen = themes.find((t) => t.id === options.chosenId);
    if (chosen) return chosen;
  }
  return themes.find((t) => t.id === options.defaultId) ?? themes.find((t) => t.default_light) ?? themes[0] ?? null;
}

/** The theme the light/dark toggle switches to. */
export function oppositeTheme(themes: readonly Theme[], current: Theme | null): Theme | null {
  const wantDark = !current?.is_dark;
  return themes.find((t) => t.is_dark === wantDark && (wantDark ? t.default_dark : t.default_light)) ?? themes.find((t) => t.is_dark === wantDark) ?? null;
}
