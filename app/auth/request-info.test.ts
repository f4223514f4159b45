import { describe, expect, it } from "vitest";
import { isLocalAddress, requestInfo } from "./request-info.server";

describe("where a request comes from (decision 030)", () => {
  it("knows local and private addresses", () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.1", "192.168.1.10", "169.254.0.1", "100.64.0.1", "::1", "::ffff:127.0.0.1", "fd12:3456::1", "fe80::1"]) {
      expect(isLocalAddress(ip), ip).toBe(true);
    }
    for (const ip of ["8.8.8.8", "172.32.0.1", "192.169.0.1", "2001:4860:4860::8888", "100.128.0.1"]) {
      expect(isLocalAddress(ip), ip).toBe(false);
    }
  });

  it("names no place for a loopback or unknown address, whatever the runtime claims", () => {
    const at = (ip: string | null) => {
      const request = new Request("http://localhost/", { headers: ip ? { "CF-Connecting-IP": ip } : {} }) as Request & { cf?: unknown };
      Object.defineProperty(request, "cf", { value: { city: "Austin", country: "US" } });
      return requestInfo(request);
    };
    expect(at("127.0.0.1")).toMatchObject({ ipAddress: "127.0.0.1", city: null, country: null });
    expect(at(null)).toMatchObject({ ipAddress: null, city: null, country: null });
    expect(at("203.0.113.9")).toMatchObject({ city: "Austin", country: "US" });
  });
});
