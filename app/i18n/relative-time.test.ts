import { describe, expect, it } from "vitest";
import { formatRelativeTime, relativeParts } from "./relative-time";

const t = (key: string) => key;
const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const ago = (seconds: number) => formatRelativeTime(new Date(now - seconds * 1000), { now, language: "en", t });

describe("relative times", () => {
  it("says 'a few seconds ago' under a minute, then minutes, hours, days, weeks, months, years", () => {
    expect(ago(0)).toBe("a few seconds ago");
    expect(ago(59)).toBe("a few seconds ago");
    expect(ago(60)).toBe("1 minute ago");
    expect(ago(5 * 60 + 30)).toBe("5 minutes ago");
    expect(ago(59 * 60)).toBe("59 minutes ago");
    expect(ago(3600)).toBe("1 hour ago");
    expect(ago(23 * 3600)).toBe("23 hours ago");
    expect(ago(24 * 3600)).toBe("1 day ago");
    expect(ago(6 * 86400)).toBe("6 days ago");
    expect(ago(7 * 86400)).toBe("1 week ago");
    expect(ago(29 * 86400)).toBe("4 weeks ago");
    expect(ago(31 * 86400)).toBe("1 month ago");
    expect(ago(364 * 86400)).toBe("11 months ago");
    expect(ago(366 * 86400)).toBe("1 year ago");
    expect(ago(3 * 366 * 86400)).toBe("3 years ago");
  });

  it("handles the future, other languages and bad input", () => {
    expect(formatRelativeTime(now + 30_000, { now, language: "en", t })).toBe("in a few seconds");
    expect(formatRelativeTime(now + 2 * 3600_000, { now, language: "en", t })).toBe("in 2 hours");
    expect(formatRelativeTime(now - 3 * 86400_000, { now, language: "es", t })).toBe("hace 3 días");
    expect(formatRelativeTime(now - 120_000, { now, language: "fr", t })).toBe("il y a 2 minutes");
    expect(formatRelativeTime("not a date", { now, language: "en", t })).toBe("");
    expect(formatRelativeTime(now - 60_000, { now, language: "zz-invalid-!!", t })).toBe("1 minute ago");
    expect(relativeParts(-90)).toEqual({ unit: "minute", value: -1 });
  });
});
