import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * vite.config.ts groups app modules into chunks by their path under app/
 * (decisions 041 and 045). A module that moves without its name changing
 * there silently leaves its chunk, and the public pages' JavaScript grows;
 * every path the config names must still be a module.
 */
describe("the chunk groups in vite.config.ts", () => {
  it("name only app modules that exist", () => {
    const config = readFileSync("vite.config.ts", "utf8");
    const named = [...config.matchAll(/modulePattern\(\s*\[[^\]]*\],\s*\[([^\]]*)\]/g)].flatMap((match) => [...match[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(10);
    const missing = named.filter((path) => ![".ts", ".tsx"].some((ext) => existsSync(`app/${path}${ext}`)));
    expect(missing).toEqual([]);
  });
});
