import { lazy, Suspense, useEffect, useState } from "react";
import { isInAppearanceEditor } from "../../ui/appearance-editor-mode";

const PreviewHost = lazy(() => import("./preview-host"));

/**
 * Loads the appearance editor's preview side when the page is in editor
 * mode (the server saw the flag, or the frame's address carries it).
 * Every other page pays only for this check: the host is a separate chunk.
 */
export function AppearancePreview({ flagged }: { flagged: boolean }) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!active && (flagged || isInAppearanceEditor()) && window.self !== window.top) setActive(true);
  }, [active, flagged]);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <PreviewHost />
    </Suspense>
  );
}
