import { useEffect } from "react";
import { PREFERENCE_COOKIE_MAX_AGE_S, TIME_ZONE_HINT_COOKIE } from "~/constants";
import { browserTimeZone } from "./browser-time-zone";

/**
 * Tells the server the browser's time zone (a small cookie), so pages of
 * users whose zone is "auto" are rendered in it from the next request on.
 * The first page is rendered in the site's zone and corrected in the browser.
 */
export function TimeZoneHint() {
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone) return;
    const current = document.cookie
      .split("; ")
      .find((c) => c.startsWith(`${TIME_ZONE_HINT_COOKIE}=`))
      ?.slice(TIME_ZONE_HINT_COOKIE.length + 1);
    if (current && decodeURIComponent(current) === zone) return;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${TIME_ZONE_HINT_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  }, []);
  return null;
}
