import { describe, expect, it } from "vitest";
import { buildTrace, codeSnippet, formatLogEntry, normalizeSourcePath, parseStack, type OriginalPosition, type RawFrame } from "./stack-trace";

const stack = `TypeError: boom
    at loadThing (file:///srv/build/server/assets/server-build-abc.js:120:15)
    at async loader$70 (assets/server-build-abc.js:300:3)
    at callRouteHandler (assets/server-build-abc.js:900:10)
    at assets/server-build-abc.js:950:1
    at Object.fetch (index.js:40:7)
    not a frame line`;

describe("debug traces", () => {
  it("parses V8 stack lines, with and without a function name", () => {
    expect(parseStack(stack)).toEqual([
      { method: "loadThing", file: "file:///srv/build/server/assets/server-build-abc.js", line: 120, column: 15 },
      { method: "loader$70", file: "assets/server-build-abc.js", line: 300, column: 3 },
      { method: "callRouteHandler", file: "assets/server-build-abc.js", line: 900, column: 10 },
      { method: "<anonymous>", file: "assets/server-build-abc.js", line: 950, column: 1 },
      { method: "Object.fetch", file: "index.js", line: 40, column: 7 },
    ]);
    expect(parseStack(null)).toEqual([]);
  });

  it("names source files from the repository root, libraries from node_modules", () => {
    expect(normalizeSourcePath("../../../app/routes/x.ts")).toBe("app/routes/x.ts");
    expect(normalizeSourcePath("file:///work/main/app/x.ts")).toBe("app/x.ts");
    expect(normalizeSourcePath("../../../node_modules/react-router/dist/a.js")).toBe("node_modules/react-router/dist/a.js");
  });

  it("cuts a snippet around the line, keyed by line number", () => {
    const content = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n");
    const snippet = codeSnippet(content, 2, 3);
    expect(Object.keys(snippet)).toEqual(["1", "2", "3", "4", "5"]);
    expect(snippet["2"]).toBe("line 2");
    expect(codeSnippet(null, 5)).toEqual({});
  });

  it("maps frames to sources and groups runs of vendor frames", () => {
    const sources: Record<number, OriginalPosition> = {
      120: { source: "../../../app/catalogue/thing.server.ts", line: 12, column: 5, name: null, content: "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nthrow here\nm" },
      300: { source: "../../../app/routes/things.tsx", line: 8, column: 3, name: null, content: null },
      900: { source: "../../../node_modules/react-router/dist/data.js", line: 14, column: 10, name: null, content: null },
      950: { source: "../../../node_modules/react-router/dist/server.js", line: 2, column: 1, name: null, content: null },
    };
    const map = (frame: RawFrame) => sources[frame.line] ?? null;
    const trace = buildTrace({ exception: "TypeError", message: "boom", stack }, map, { label: "Download log", url: "/log" });
    expect(trace.ignitionTrace).toBe(true);
    expect(trace.totalVendorGroups).toBe(1);
    const [first, second, group, last] = trace.trace;
    expect(first).toMatchObject({ path: ["app", "catalogue", "thing.server.ts"], lineNumber: 12, method: "loadThing", flatIndex: 0, vendor: false });
    expect((first as { codeSnippet: Record<string, string> }).codeSnippet["12"]).toBe("throw here");
    expect(second).toMatchObject({ method: "loader", path: ["app", "routes", "things.tsx"] });
    expect(group).toMatchObject({ vendorGroup: true, items: [{ flatIndex: 2 }, { flatIndex: 3 }] });
    // An unmapped bundle frame stays as it is.
    expect(last).toMatchObject({ path: ["index.js"], lineNumber: 40, flatIndex: 4 });
    const text = formatLogEntry({ createdAt: new Date("2026-01-02T03:04:05Z"), requestId: "r1", exception: "TypeError", message: "boom", method: "GET", url: "/x", userId: 7 }, trace);
    expect(text).toContain("[2026-01-02T03:04:05.000Z] TypeError: boom");
    expect(text).toContain("at loadThing (app/catalogue/thing.server.ts:12:5)");
    expect(text).toContain("node_modules/react-router/dist/data.js:14:10");
  });
});
