/** The browser's IANA time zone, or null when the browser does not say. Its own module: every page's time-zone hint uses it. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}
