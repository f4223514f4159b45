import { describe, expect, it } from "vitest";
import type { Viewer } from "~/request/viewer";
import { defaultSettings } from "~/settings/definitions";
import { canDownloadLog, debugTracesAllowed } from "./error-report.server";

function viewer(permissions: string[]): Viewer {
  return { userId: 1, roleIds: [], permissions: new Map(permissions.map((p) => [p, []])), isSubscribed: false };
}

describe("who sees debug traces (spec sections 2, 3, 8)", () => {
  const off = defaultSettings();
  const on = { ...defaultSettings(), "debug.admin_traces": true };

  it("everyone in local development", () => {
    expect(debugTracesAllowed({ isLocal: true }, null)).toBe(true);
    expect(debugTracesAllowed({ isLocal: true }, { settings: off, viewer: viewer([]) })).toBe(true);
  });

  it("in production only admins, and only while debug.admin_traces is on", () => {
    expect(debugTracesAllowed({ isLocal: false }, null)).toBe(false);
    expect(debugTracesAllowed({ isLocal: false }, { settings: on, viewer: viewer(["titles.view", "admin.access"]) })).toBe(false);
    expect(debugTracesAllowed({ isLocal: false }, { settings: off, viewer: viewer(["admin"]) })).toBe(false);
    expect(debugTracesAllowed({ isLocal: false }, { settings: on, viewer: viewer(["admin"]) })).toBe(true);
  });

  it("offers the log download to admins only", () => {
    expect(canDownloadLog({ viewer: viewer(["admin"]) })).toBe(true);
    expect(canDownloadLog({ viewer: viewer(["api.access"]) })).toBe(false);
    expect(canDownloadLog(null)).toBe(false);
  });
});
