/**
 * Device description for the sessions list and the security log, from the
 * User-Agent header (device type mobile, tablet or desktop;
 * platform; browser). Unknown parts stay null and show as "Unknown".
 */
export interface DeviceInfo {
  deviceType: "mobile" | "tablet" | "desktop";
  platform: string | null;
  browser: string | null;
}

const PLATFORMS: [RegExp, string][] = [
  [/Windows NT/i, "Windows"],
  [/iPhone|iPad|iPod/i, "iOS"],
  [/Android/i, "Android"],
  [/CrOS/i, "Chrome OS"],
  [/Mac OS X|Macintosh/i, "macOS"],
  [/Linux/i, "Linux"],
];

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//i, "Edge"],
  [/OPR\/|Opera/i, "Opera"],
  [/SamsungBrowser/i, "Samsung Internet"],
  [/Firefox|FxiOS/i, "Firefox"],
  [/Chrome|CriOS|Chromium/i, "Chrome"],
  [/Safari/i, "Safari"],
  [/curl\//i, "curl"],
];

export function parseUserAgent(userAgent: string | null | undefined): DeviceInfo {
  const ua = (userAgent ?? "").slice(0, 512);
  const tablet = /iPad|Tablet|PlayBook|Silk/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua));
  const mobile = !tablet && /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(ua);
  return {
    deviceType: tablet ? "tablet" : mobile ? "mobile" : "desktop",
    platform: PLATFORMS.find(([re]) => re.test(ua))?.[1] ?? null,
    browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null,
  };
}
