import { useCallback, useSyncExternalStore } from "react";
import { useRootData } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { formatInZone, type DateStyle } from "../i18n/dates";
import { formatRelativeTime } from "../i18n/relative-time";
import { AUTO_TIME_ZONE, effectiveTimeZone } from "../i18n/value-lists";
import { browserTimeZone } from "../i18n/browser-time-zone";

/**
 * Dates across the site: absolute ones in the user's time zone and relative
 * ones ("5 minutes ago"). The server renders with the zone it resolved
 * (bootstrap i18n.timezone) and its own clock; the browser hydrates with the
 * very same values, then switches to its own zone (when the user's zone is
 * "auto" or unset) and a clock that moves every 30 seconds. No hydration
 * mismatch, and relative times stay true while the page is open.
 */
export function useDates() {
  const root = useRootData();
  const t = useTrans();
  const { language, timezone: serverZone } = root.bootstrap.i18n;
  const chosen = root.bootstrap.user?.timezone ?? null;
  const followsBrowser = !chosen || chosen === AUTO_TIME_ZONE;
  const timeZone = useSyncExternalStore(
    noSubscription,
    () => (followsBrowser ? effectiveTimeZone({ browser: browserTimeZone(), fallback: serverZone }) : serverZone),
    () => serverZone,
  );
  const now = useSyncExternalStore(subscribeClock, clockNow, () => root.renderedAt);
  const format = useCallback((date: Date | string | number | null | undefined, style: DateStyle = "datetime") => formatInZone(date, { language, timeZone, style }), [language, timeZone]);
  const relative = useCallback((date: Date | string | number) => formatRelativeTime(date, { now, language, t }), [now, language, t]);
  return { format, relative, timeZone, language, now };
}

export { browserTimeZone };

const noSubscription = () => () => {};

// One shared clock for every relative time on the page.
const CLOCK_TICK_MS = 30_000;
let clock = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribeClock(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    clock = Date.now();
    timer = setInterval(() => {
      clock = Date.now();
      for (const l of listeners) l();
    }, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function clockNow() {
  return clock;
}
