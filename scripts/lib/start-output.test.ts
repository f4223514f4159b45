import { describe, expect, it } from "vitest";
import { terminalLine } from "./start-output";

describe("npm start's terminal output", () => {
  it("shows each request once, as one short line", () => {
    const worker = '{"time":"2026-11-28T12:55:05.649Z","level":"info","msg":"request","method":"GET","path":"/robots.txt","status":200,"ms":164}';
    expect(terminalLine(worker)).toBe("12:55:05 GET /robots.txt 200 (164 ms)");
    expect(terminalLine("[wrangler:info] GET /robots.txt 200 OK (889ms)")).toBeNull();
  });

  it("drops the offline noise and wrangler's banner, keeps real errors", () => {
    expect(terminalLine("[wrangler:warn] Unable to fetch the `Request.cf` object! Falling back to a default placeholder...")).toBeNull();
    expect(terminalLine("Error: getaddrinfo ENOTFOUND workers.cloudflare.com")).toBeNull();
    expect(terminalLine("    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:123:26)")).toBeNull();
    expect(terminalLine("env.DB (media-catalogue)     D1 Database     local")).toBeNull();
    expect(terminalLine("✘ [ERROR] Address already in use (127.0.0.1:8787)")).toBe("✘ [ERROR] Address already in use (127.0.0.1:8787)");
    expect(terminalLine('{"level":"error","msg":"unhandled"}')).toBe('{"level":"error","msg":"unhandled"}');
    expect(terminalLine('{"level":"info","msg":"cache refreshed"}')).toBeNull();
  });
});
