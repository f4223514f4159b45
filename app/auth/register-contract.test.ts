import { describe, expect, it } from "vitest";
import { registerRequestDescription } from "./api-contract";
import { registerSchema } from "./schema";

/** POST /auth/register's documented body (api-contract.ts) names every field the route validates (decision 043). */
describe("the registration's documented body", () => {
  it("covers the validated fields, username included", () => {
    const validated = Object.keys(registerSchema([{ id: "terms", label: "Terms of service" }], "optional").shape).filter((key) => key !== "redirect" && !key.startsWith("policy_"));
    expect(validated).toContain("username");
    expect(validated.filter((key) => !(key in registerRequestDescription.shape))).toEqual([]);
  });

  it("accepts the form's one checkbox or one per policy, and no confirmation", () => {
    const schema = registerSchema([
      { id: "terms", label: "Terms of service" },
      { id: "privacy", label: "Privacy policy" },
    ]);
    const base = { email: "quill@example.test", username: "Quill_Pike", password: "a long passphrase" };
    expect(schema.safeParse({ ...base, accept_policies: "on" }).data?.username).toBe("quill_pike");
    expect(schema.safeParse({ ...base, policy_terms: true, policy_privacy: "on" }).success).toBe(true);
    expect(schema.safeParse({ ...base, policy_terms: true }).success).toBe(false);
    expect(schema.safeParse({ ...base, accept_policies: "on", password_confirmation: "different" }).success).toBe(false);
    expect(schema.safeParse({ ...base, username: "no spaces", accept_policies: "on" }).success).toBe(false);
  });
});
