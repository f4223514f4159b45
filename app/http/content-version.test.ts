import { describe, expect, it } from "vitest";
import { contentVersion, forgetContentVersion } from "./content-version.server";

/** A D1 stand-in that answers the version row after a tick and counts the reads. */
function countingD1(version: number) {
  const promises: Promise<unknown>[] = [];
  const db = {
    prepare: () => ({
      first: () => {
        const read = new Promise((resolve) => setTimeout(() => resolve({ version }), 5));
        promises.push(read);
        return read;
      },
    }),
  };
  return { db: db as unknown as D1Database, promises };
}

describe("content version", () => {
  it("never hands one request's read in flight to another: each reads on its own, then the known version serves all", async () => {
    // A D1 read belongs to the request that started it; another request awaiting it failed with
    // "Cannot perform I/O on behalf of a different request" when the first one ended before it (decision 026).
    forgetContentVersion();
    const { db, promises } = countingD1(42);
    const first = contentVersion(db);
    const second = contentVersion(db);
    expect(first).not.toBe(second);
    expect(await first).toBe(42);
    expect(await second).toBe(42);
    expect(promises).toHaveLength(2);
    // Known now: no read at all until the refresh interval has passed.
    expect(contentVersion(db)).toBe(42);
    expect(promises).toHaveLength(2);
  });
});
