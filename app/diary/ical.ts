/**
 * iCalendar (RFC 5545) text for the private calendar feed (decision 034):
 * all-day events (DTSTART;VALUE=DATE, DTEND the next day), TEXT values
 * escaped (section 3.3.11), lines folded at 75 octets without splitting a
 * UTF-8 character (section 3.1), CRLF line ends.
 */

export interface CalendarEvent {
  uid: string;
  /** "YYYY-MM-DD" */
  date: string;
  summary: string;
  description?: string;
  url: string;
}

/** TEXT escaping: backslash, semicolon, comma, and newlines as \n. */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Folds one content line: at most 75 octets a line, continuation lines start with a space. */
export function foldLine(line: string) {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  // The first line holds 75 octets, each continuation 74 after its leading space.
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = 74;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (date: string) => date.replaceAll("-", "");

function nextDay(date: string) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** DTSTAMP form, UTC: 20261128T125400Z. */
function stamp(now: Date) {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function buildCalendar(events: CalendarEvent[], { name, now = new Date() }: { name: string; now?: Date }) {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Reelbase//Calendar//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${escapeText(name)}`];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      `URL:${event.url}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
