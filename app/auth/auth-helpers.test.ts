import { deleteAccountSchema } from "~/account/schema";
import { describe, expect, it } from "vitest";
import { maskEmail, normalizeEmail } from "./email";
import { parseProfile } from "./social/providers.server";
import { parseUserAgent } from "./user-agent";
import { registerSchema, loginSchema } from "./schema";
import { buildViewer } from "./users.server";
import { checkQuota, hasPermission } from "../request/viewer";

describe("e-mail addresses", () => {
  it("masks as the verification screen shows them: two characters, four asterisks, the domain", () => {
    expect(maskEmail("johnny@example.com")).toBe("jo****@example.com");
    expect(maskEmail("ü@exämple.de")).toBe("ü****@exämple.de");
  });
  it("normalise Unicode and case so one person has one account", () => {
    expect(normalizeEmail("  José@Example.COM ")).toBe("josé@example.com");
    expect(normalizeEmail("Jose\u0301@example.com")).toBe(normalizeEmail("Jos\u00e9@example.com"));
  });
});

describe("device from User-Agent", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(parseUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1")).toEqual({
      deviceType: "mobile",
      platform: "iOS",
      browser: "Safari",
    });
    expect(parseUserAgent("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1").deviceType).toBe("tablet");
    expect(parseUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36 Edg/120.0").browser).toBe("Edge");
    expect(parseUserAgent(null)).toEqual({ deviceType: "desktop", platform: null, browser: null });
  });
});

describe("provider profiles", () => {
  it("read Google (OpenID Connect), X and Facebook answers", () => {
    expect(parseProfile("google", { sub: "1", email: "a@b.co", email_verified: false, given_name: "A" })).toMatchObject({ id: "1", emailVerified: false, firstName: "A" });
    expect(parseProfile("twitter", { data: { id: "9", username: "x", confirmed_email: "x@y.co" } })).toMatchObject({ id: "9", email: "x@y.co", username: "x" });
    expect(parseProfile("facebook", { id: 5, email: "f@b.co", picture: { data: { url: "https://p/1.jpg" } } })).toMatchObject({ id: "5", avatar: "https://p/1.jpg" });
    expect(parseProfile("google", { error: "nope" })).toBeNull();
  });
});

describe("form rules", () => {
  it("refuse 10 KB passwords with a field error and accept Unicode addresses", () => {
    const long = "x".repeat(10_240);
    const result = loginSchema.safeParse({ email: "a@b.co", password: long });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(["password"]);
    expect(loginSchema.safeParse({ email: "josé@exämple.de", password: "x" }).success).toBe(true);
    expect(loginSchema.safeParse({ email: "<script>@x", password: "x" }).success).toBe(false);
  });
  it("need every policy accepted and matching passwords to register", () => {
    const schema = registerSchema([{ id: "terms", label: "Terms" }]);
    const base = { email: "a@b.co", username: "ada_l", password: "long enough", password_confirmation: "long enough" };
    expect(schema.safeParse(base).success).toBe(false);
    expect(schema.safeParse({ ...base, policy_terms: "on" }).success).toBe(true);
    expect(schema.safeParse({ ...base, policy_terms: "on", password_confirmation: "other" }).success).toBe(false);
  });
  it('take JSON booleans for checkboxes as well as a form\'s "on": policies need true, remember takes true or false', () => {
    const schema = registerSchema([{ id: "terms", label: "Terms" }]);
    const base = { email: "a@b.co", username: "ada_l", password: "long enough", password_confirmation: "long enough" };
    expect(schema.safeParse({ ...base, policy_terms: true }).success).toBe(true);
    expect(schema.safeParse({ ...base, policy_terms: false }).success).toBe(false);
    expect(loginSchema.parse({ email: "a@b.co", password: "x", remember: true }).remember).toBe(true);
    expect(loginSchema.parse({ email: "a@b.co", password: "x", remember: false }).remember).toBe(false);
    expect(loginSchema.parse({ email: "a@b.co", password: "x", remember: "on" }).remember).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirm: true }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirm: false }).success).toBe(false);
  });
  it("take the extra name fields as the setting says: off (dropped), optional, required", () => {
    const base = { email: "a@b.co", username: "ada_l", password: "long enough", password_confirmation: "long enough", policy_terms: "on" };
    const policies = [{ id: "terms", label: "Terms" }];
    const off = registerSchema(policies, "off").safeParse({ ...base, first_name: "Ada", last_name: "<b>x</b>" });
    expect(off.success && off.data).toMatchObject({ first_name: undefined, last_name: undefined });

    const optional = registerSchema(policies, "optional");
    expect(optional.safeParse(base).success).toBe(true);
    expect(optional.safeParse({ ...base, first_name: "", last_name: "  " }).data).toMatchObject({ first_name: undefined, last_name: undefined });
    expect(optional.safeParse({ ...base, first_name: "  Zoë ", last_name: "O'Brien-Núñez" }).data).toMatchObject({ first_name: "Zoë", last_name: "O'Brien-Núñez" });
    expect(optional.safeParse({ ...base, first_name: "李", last_name: "St. John" }).success).toBe(true);
    for (const bad of ["<script>alert(1)</script>", "Robert'); DROP TABLE users;--", "x".repeat(101), "R2D2", "-Ann"]) {
      const result = optional.safeParse({ ...base, first_name: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["first_name"]);
    }

    const required = registerSchema(policies, "required");
    const missing = required.safeParse(base);
    expect(missing.error?.issues.map((i) => i.path[0]).sort()).toEqual(["first_name", "last_name"]);
    expect(missing.error?.issues[0]?.message).toBe("This field is required.");
    expect(required.safeParse({ ...base, first_name: " ", last_name: "Lovelace" }).success).toBe(false);
    expect(required.safeParse({ ...base, first_name: "Ada", last_name: "Lovelace" }).data).toMatchObject({ first_name: "Ada", last_name: "Lovelace" });
  });
});

describe("viewer permissions", () => {
  it("merge roles (most generous quota), let direct permissions override, and treat admin as everything", () => {
    const viewer = buildViewer(
      1,
      [1, 2],
      [
        { name: "workspaces.create", restrictions: [{ name: "count", value: 2 }] },
        { name: "workspaces.create", restrictions: [{ name: "count", value: 5 }] },
        { name: "files.create", restrictions: [] },
      ],
      [{ name: "files.create", restrictions: [{ name: "max_size_mb", value: 10 }] }],
    );
    expect(checkQuota(viewer, "workspaces.create", "count", 4)).toEqual({ noPermission: false, overQuota: false, failed: false });
    expect(checkQuota(viewer, "workspaces.create", "count", 5).overQuota).toBe(true);
    expect(viewer.permissions.get("files.create")).toEqual([{ name: "max_size_mb", value: 10 }]);
    expect(hasPermission(viewer, "admin.access")).toBe(false);
    const admin = buildViewer(2, [3], [{ name: "admin", restrictions: [] }], []);
    expect(hasPermission(admin, "anything.at.all")).toBe(true);
  });
});
