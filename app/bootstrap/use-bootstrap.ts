import { useRouteLoaderData } from "react-router";
import { createTranslate, type Translate } from "~/i18n/translate";
import type { loader as rootLoader } from "~/root";
import { useMemo } from "react";

/** The root loader's data: bootstrap data, theme and flashed toast. */
export function useRootData() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useRootData used outside the root route");
  return data;
}

export function useBootstrap() {
  return useRootData().bootstrap;
}

export function useSettings() {
  return useBootstrap().settings;
}

/** The translation function for the visitor's language. */
export function useTrans(): Translate {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const lines = data?.bootstrap.i18n.lines;
  return useMemo(() => createTranslate(lines ?? {}), [lines]);
}
