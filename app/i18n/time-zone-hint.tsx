import { useEffect } from "react";
import { PREFERENCE_COOKIE_MAX_AGE_S, TIME_ZONE_HINT_COOKIE, TIME_ZONE_HINT_IDLE_TIMEOUT_MS } from "~/constants";
import { browserTimeZone } from "./browser-time-zone";

/**
 * Tells the server the browser's time zone (a small cookie), so pages of
 * users whose zone is "auto" are rendered in it from the next request on.
 * The first page is rendered in the site's zone and corrected in the browser.
 *
 * It runs when the browser is idle, not in hydration's task: the browser's
 * first Intl.DateTimeFormat loads its locale data (about 19 ms of main
 * thread on a desktop CPU, four times that on Lighthouse's mobile profile),
 * and the cookie only matters from the next request on (TBT, decision 026).
 */
export function TimeZoneHint() {
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const handle = requestIdleCallback(sendTimeZoneHint, { timeout: TIME_ZONE_HINT_IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(sendTimeZoneHint, TIME_ZONE_HINT_IDLE_TIMEOUT_MS);
    return () => clearTimeout(handle);
  }, []);
  return null;
}

function sendTimeZoneHint() {
  const zone = browserTimeZone();
  if (!zone) return;
  const current = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${TIME_ZONE_HINT_COOKIE}=`))
    ?.slice(TIME_ZONE_HINT_COOKIE.length + 1);
  if (current && decodeURIComponent(current) === zone) return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${TIME_ZONE_HINT_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}
