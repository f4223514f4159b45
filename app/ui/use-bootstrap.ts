import { useRouteLoaderData } from "react-router";
import { useAppearancePreview, withPreviewValues } from "~/ui/preview-store";
import type { loader as rootLoader } from "~/root";
import { useMemo } from "react";

/**
 * The root loader's data: bootstrap data, theme and flashed toast. Inside
 * the appearance editor's frame, the settings it previews are laid over it.
 */
export function useRootData() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
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
