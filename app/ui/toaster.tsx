import { Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import type { Toast } from "~/toasts/toast";
import { toastStore } from "~/toasts/toast-store";
import { lazyComponent } from "./lazy-component";
import { useHydrated } from "./use-hydrated";

/** The toast itself loads when there is one to show (the server renders a flashed one in place). */
const ToastView = lazyComponent(() => import("./toast-view").then((module) => module.ToastView));

/**
 * Shows the current toast: one at a time, at the bottom centre or right, for
 * 3 s (8 s for danger, until closed for loading), paused while the pointer or
 * focus is on it. Server-flashed toasts arrive through `flashed`.
 */
export function Toaster({ flashed }: { flashed: Toast | null }) {
  const current = useSyncExternalStore(toastStore.subscribe, toastStore.get, () => null);
  const lastFlashed = useRef<string | null>(null);

  useEffect(() => {
    if (flashed && flashed.id !== lastFlashed.current) {
      lastFlashed.current = flashed.id ?? null;
      toastStore.show(flashed);
    }
  }, [flashed]);

  // Before JavaScript runs (or without it) the flashed toast is rendered by
  // the server; a CSS animation then hides it after its duration.
  const hydrated = useHydrated();
  const toast = current ?? (flashed && lastFlashed.current === null ? { ...flashed, seq: 0 } : null);
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastView key={`${toast.id}:${toast.seq}`} toast={toast} cssTimer={!hydrated} />
    </Suspense>
  );
}
