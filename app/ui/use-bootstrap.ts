import { useRouteLoaderData } from "react-router";
import { useAppearancePreview, withPreviewValues } from "~/ui/preview-store";
import { useMemo } from "react";

/**
 * The root route's loader data. The root route (app/root.tsx) fills this interface in by
 * declaration merging, so this module (and every widget reading it) never imports the
 * route layer, not even for a type (decision 044).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by app/root.tsx
export interface RootData {}

/**
 * The root loader's data: bootstrap data, theme and flashed toast. Inside
 * the appearance editor's frame, the settings it previews are laid over it.
 */
export function useRootData() {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useRootData used outside the root route");
  const preview = useAppearancePreview();
  return useMemo(() => {
    if (!preview || Object.keys(preview.settings).length === 0) return data;
    return { ...data, bootstrap: { ...data.bootstrap, settings: withPreviewValues(data.bootstrap.settings, preview.settings) } };
  }, [data, preview]);
}

export function useBootstrap() {
  return useRootData().bootstrap;
}

export function useSettings() {
  return useBootstrap().settings;
}
