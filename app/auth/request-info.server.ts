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
  const ipAddress = text(request.headers.get("CF-Connecting-IP"), 64);
  // No place for an address that has none (local, private or unknown): the
  // local runtime invents one ("Austin, US") for every request (decision 030).
  const located = ipAddress !== null && !isLocalAddress(ipAddress);
  return {
    ...parseUserAgent(request.headers.get("User-Agent")),
    ipAddress,
    city: located ? text(cf?.city, 100) : null,
    country: located ? text(cf?.country, 8) : null,
  };
}

/** Loopback, private, link-local and unique-local addresses (IPv4 and IPv6): they say nothing about where someone is. */
export function isLocalAddress(ip: string): boolean {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.)/, "");
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(address);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  return address === "::1" || address === "::" || /^f[cd][0-9a-f]{2}:/.test(address) || /^fe[89ab][0-9a-f]:/.test(address);
}
