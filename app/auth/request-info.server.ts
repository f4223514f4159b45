import { parseUserAgent, type DeviceInfo } from "./user-agent";

/** Where a request comes from, for sessions and the security log. */
export interface RequestInfo extends DeviceInfo {
  ipAddress: string | null;
  city: string | null;
  country: string | null;
}

export function requestInfo(request: Request): RequestInfo {
  // Cloudflare sets CF-Connecting-IP and request.cf (city, country) at the edge.
  const cf = (request as Request & { cf?: { city?: unknown; country?: unknown } }).cf;
  const text = (value: unknown, max: number) => (typeof value === "string" && value ? value.slice(0, max) : null);
  return {
    ...parseUserAgent(request.headers.get("User-Agent")),
    ipAddress: text(request.headers.get("CF-Connecting-IP"), 64),
    city: text(cf?.city, 100),
    country: text(cf?.country, 8),
  };
}
