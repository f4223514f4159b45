import { describe, expect, it } from "vitest";
import { announcementFormSchema, broadcastApiSchema, broadcastInputSchema, toBroadcastInput } from "./schema";

/** The admin screen's announcement form and what it becomes for createBroadcast. */
describe("the announcement form", () => {
  it("becomes a broadcast to everyone, or to chosen roles, with an optional button", () => {
    const everyone = announcementFormSchema.parse({ title: " Maintenance ", body: "Tonight." });
    expect(toBroadcastInput(everyone)).toEqual({ title: "Maintenance", body: "Tonight.", action: null, roleIds: null, userIds: null });
    const some = announcementFormSchema.parse({ title: "New plan", actionLabel: "See plans", actionUrl: "/pricing", roleIds: ["2", "5"] });
    const input = toBroadcastInput(some);
    expect(input).toMatchObject({ body: "", action: { label: "See plans", action: "/pricing" }, roleIds: [2, 5] });
    expect(broadcastInputSchema.safeParse(input).success).toBe(true);
  });

  it("refuses a button without its address or label, an unsafe address, a missing title and odd role ids", () => {
    const issues = (value: unknown) => {
      const result = announcementFormSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(issues({ title: "x", actionLabel: "Go" })).toEqual(["actionUrl: Give the button an address too."]);
    expect(issues({ title: "x", actionUrl: "/titles" })).toEqual(["actionLabel: Give the button a label too."]);
    expect(issues({ title: "x", actionLabel: "Go", actionUrl: "javascript:alert(1)" })[0]).toContain("actionUrl");
    expect(issues({ title: "" })[0]).toMatch(/^title:/);
    expect(issues({ title: "x", roleIds: ["-1"] })[0]).toMatch(/^roleIds/);
    expect(issues({ title: "x".repeat(151) })[0]).toMatch(/^title:/);
  });
});

describe("api/v1's broadcast body (decision 036)", () => {
  it("takes role_ids and user_ids, and still the camelCase names for one release; the snake_case one counts when both come", () => {
    expect(broadcastApiSchema.parse({ title: "Hi", role_ids: [2], user_ids: [7, 8] })).toMatchObject({ roleIds: [2], userIds: [7, 8] });
    expect(broadcastApiSchema.parse({ title: "Hi", roleIds: [3], userIds: [9] })).toMatchObject({ roleIds: [3], userIds: [9] });
    expect(broadcastApiSchema.parse({ title: "Hi", role_ids: [4], roleIds: [5] }).roleIds).toEqual([4]);
    const refused = broadcastApiSchema.safeParse({ title: "Hi", user_ids: [-1] });
    expect(refused.error?.issues[0].path[0]).toBe("user_ids");
  });
});
