import { formatInZone } from "~/i18n/dates";
import { isValidTimeZone } from "~/i18n/value-lists";

/**
 * Billing's dates, formatted on the server in the user's time zone (or the
 * site's), so the HTML and the hydrated page agree.
 */
export function billingTimeZone(userTimeZone: string | null | undefined, siteTimeZone: string): string {
  for (const zone of [userTimeZone, siteTimeZone]) if (isValidTimeZone(zone)) return zone;
  return "UTC";
}

export function formatBillingDate(date: Date | null | undefined, language: string, timeZone: string): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return formatInZone(date, { language, timeZone, style: "date" });
}
