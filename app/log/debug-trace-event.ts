/** Dispatched on window when a debug trace arrives, so the root's light host knows to load the dialog. */
export const DEBUG_TRACE_EVENT = "be-debug-trace";
