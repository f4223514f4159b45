import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE, weakPasswordReason } from "./password-policy.server";
import { newPasswordField, registerSchema } from "./schema";

/** Decision 021: any 8-character password was accepted. */
describe("password policy", () => {
  it.each(["password", "12345678", "aaaaaaaa", "Password1", "qwertyuiop", "iloveyou", "abcdefgh", "87654321", "ZZZZZZZZZZ", "baseball1", "trustno1"])("refuses %j", (password) => {
    expect(weakPasswordReason(password)).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it.each(["correct horse battery", "long enough pw", "long enough", "new passphrase", "a long enough passphrase", "Tr0ub4dor&3x!", "whatever123"])("accepts %j", (password) => {
    expect(weakPasswordReason(password)).toBeNull();
  });

  it("is part of the shared new-password field on the server, with a field message", () => {
    const parsed = newPasswordField.safeParse("password1");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(newPasswordField.safeParse("correct horse battery").success).toBe(true);
    expect(registerSchema).toBeDefined();
  });
});
