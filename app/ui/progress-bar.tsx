import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { SPINNER_DELAY_MS, SPINNER_MIN_DURATION_MS } from "~/constants";

/**
 * Navigation progress: appears only when loading takes longer than
 * SPINNER_DELAY_MS, and once shown stays at least SPINNER_MIN_DURATION_MS so
 * it never flickers.
 */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, SPINNER_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (!visible) return;
    const remaining = Math.max(0, SPINNER_MIN_DURATION_MS - (Date.now() - shownAt.current));
    const timer = setTimeout(() => setVisible(false), remaining);
    return () => clearTimeout(timer);
  }, [busy, visible]);

  if (!visible) return null;
  return (
    <div role="progressbar" aria-label="Loading" data-testid="navigation-progress" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary-light">
      <div className="h-full w-2/5 bg-primary motion-safe:animate-[progress-indeterminate_1.1s_ease-in-out_infinite]" />
    </div>
  );
}
