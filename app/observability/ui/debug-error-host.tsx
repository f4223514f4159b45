import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { DEBUG_ERROR_COOKIE } from "~/constants";
import { DEBUG_TRACE_EVENT } from "../../log/debug-trace-event";

/** The trace store, its cookie check and the dialog load only when there is something to show. */
const DebugErrorDialogHost = lazy(() => import("./debug-error-dialog-host"));

/**
 * Mounted once in the root. Most visitors never see a debug trace, so the
 * browser loads the error viewer only when one arrives (an API answer calls
 * showDebugTrace, which announces it with DEBUG_TRACE_EVENT) or when the
 * debug-error cookie says a page request failed with a trace to fetch.
 * Traces exist only in the browser: the server renders nothing here.
 */
export function DebugErrorHost() {
  const location = useLocation();
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (document.cookie.split("; ").some((cookie) => cookie.startsWith(`${DEBUG_ERROR_COOKIE}=`))) setActive(true);
  }, [location.key]);
  useEffect(() => {
    const activate = () => setActive(true);
    window.addEventListener(DEBUG_TRACE_EVENT, activate);
    return () => window.removeEventListener(DEBUG_TRACE_EVENT, activate);
  }, []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <DebugErrorDialogHost />
    </Suspense>
  );
}
