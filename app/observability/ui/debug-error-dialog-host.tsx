import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { checkDebugErrorCookie, debugTraceStore } from "../../log/debug-trace-store";

/**
 * The dialog is built on React Aria (~55 KB gzip); it loads only when a trace
 * arrives, so public pages do not ship it (the public-page JavaScript budget of decision 006).
 */
const ErrorDialog = lazy(() => import("./error-dialog").then((module) => ({ default: module.ErrorDialog })));

/**
 * Shows the full-screen error dialog whenever a debug trace arrives (an API
 * answer, or a failed page request whose trace the debug-error cookie points
 * at). Mounted by DebugErrorHost (./debug-error-host.tsx) once there is a
 * trace to show or a cookie to follow.
 */
export default function DebugErrorDialogHost() {
  const trace = useSyncExternalStore(debugTraceStore.subscribe, debugTraceStore.get, () => null);
  const location = useLocation();
  useEffect(() => {
    void checkDebugErrorCookie();
  }, [location.key]);
  if (!trace) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog trace={trace} onClose={debugTraceStore.close} />
    </Suspense>
  );
}
