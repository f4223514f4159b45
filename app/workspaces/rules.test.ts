import { describe, expect, it } from "vitest";
import { canChangeRole, canDelete, canInvite, canLeave, canRemoveMember, canRename } from "./rules";
import { inviteSchema, workspaceNameSchema } from "./schema";

describe("workspace roles", () => {
  it("let owners do everything but leave, admins manage members, members only leave", () => {
    expect([canRename("owner"), canRename("admin"), canRename("member"), canRename(null)]).toEqual([true, true, false, false]);
    expect([canInvite("owner"), canInvite("admin"), canInvite("member")]).toEqual([true, true, false]);
    expect([canDelete("owner"), canDelete("admin")]).toEqual([true, false]);
    expect([canLeave("owner"), canLeave("admin"), canLeave("member"), canLeave(null)]).toEqual([false, true, true, false]);
  });

  it("never let anyone remove or demote the owner; admins remove plain members only", () => {
    expect(canRemoveMember("owner", "owner")).toBe(false);
    expect(canRemoveMember("owner", "admin")).toBe(true);
    expect(canRemoveMember("admin", "admin")).toBe(false);
    expect(canRemoveMember("admin", "member")).toBe(true);
    expect(canRemoveMember("member", "member")).toBe(false);
    expect(canChangeRole("owner", "member", "admin")).toBe(true);
    expect(canChangeRole("owner", "owner", "member")).toBe(false);
    expect(canChangeRole("admin", "member", "admin")).toBe(false);
  });
});

describe("workspace input", () => {
  it("trims names and refuses empty or long ones", () => {
    expect(workspaceNameSchema.parse({ name: "  Crew " })).toEqual({ name: "Crew" });
    expect(workspaceNameSchema.safeParse({ name: "   " }).success).toBe(false);
    expect(workspaceNameSchema.safeParse({ name: "x".repeat(61) }).success).toBe(false);
  });

  it("reads invite addresses from a list or from text, and refuses invalid ones or too many", () => {
    expect(inviteSchema.parse({ emails: "a@example.test, b@example.test\nc@example.test", role: "admin" })).toEqual({
      emails: ["a@example.test", "b@example.test", "c@example.test"],
      role: "admin",
    });
    expect(inviteSchema.parse({ emails: ["a@example.test"] }).role).toBe("member");
    const invalid = inviteSchema.safeParse({ emails: "a@example.test, not-an-address" });
    expect(invalid.success ? null : invalid.error.issues[0].message).toBe("Enter valid email addresses, separated by commas.");
    expect(inviteSchema.safeParse({ emails: " , " }).success).toBe(false);
    expect(inviteSchema.safeParse({ emails: Array.from({ length: 21 }, (_, i) => `u${i}@example.test`) }).success).toBe(false);
    expect(inviteSchema.safeParse({ emails: ["a@example.test"], role: "owner" }).success).toBe(false);
  });
});

describe("invite addresses as the browser's form kit hands them over", () => {
  it("splits a one-item array of comma-separated text", async () => {
    const { parseWithZod } = await import("@conform-to/zod/v4");
    const form = new FormData();
    form.set("emails", "a@example.test, b@example.test");
    form.set("role", "member");
    const submission = parseWithZod(form, { schema: inviteSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" ? submission.value.emails : null).toEqual(["a@example.test", "b@example.test"]);
  });
});
