import { describe, expect, it } from "vitest";
import { isE2eWorker, requireE2eWorker } from "./e2e-only.server";
import type { WorkerContext } from "./context";

function worker(isLocal: boolean, vars: Record<string, string>): WorkerContext {
  return { env: vars as unknown as Env, ctx: {} as ExecutionContext, requestId: "r", nonce: "n", isLocal };
}

describe("the e2e-only routes' guard", () => {
  it("opens only for a local Worker started with E2E=1", () => {
    expect(isE2eWorker(worker(true, { E2E: "1" }))).toBe(true);
    expect(isE2eWorker(worker(true, {}))).toBe(false);
    expect(isE2eWorker(worker(true, { E2E: "true" }))).toBe(false);
    // A production Worker stays closed even if someone sets E2E there.
    expect(isE2eWorker(worker(false, { E2E: "1" }))).toBe(false);
  });

  it("answers 404 where it is closed", () => {
    let thrown: unknown;
    try {
      requireE2eWorker(worker(false, { E2E: "1" }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
    expect(() => requireE2eWorker(worker(true, { E2E: "1" }))).not.toThrow();
  });
});
