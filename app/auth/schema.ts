import { z } from "zod";
import { RECOVERY_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH, VERIFICATION_CODE_LENGTH } from "~/constants";
import type { Policy, RegistrationNameFields } from "~/settings/definitions";
import { usernameField } from "./username";

/**
 * Input rules of the account forms, shared by the browser
 * (conform) and the server. Messages are English keys, translated where shown.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that nobody can make hashing expensive. */
export const PASSWORD_MAX_LENGTH = 255;
export const EMAIL_MAX_LENGTH = 255;

/**
 * An address with Unicode letters allowed (RFC 6531: "josé@exämple.de"), but
 * only the characters an address may hold: no spaces, quotes or angle
 * brackets, a dotted domain with a real top-level part.
 */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~.-]{1,64}(?<!\.)@(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+[\p{L}\p{M}]{2,63}$/u;

export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: "Enter a valid email address." }));

/**
 * The server's password blocklist check (app/auth/password-policy.server.ts
 * registers it when the server starts). The list stays out of the browser's
 * bundle: there this check is absent and the server answers with the field
 * message (decision 021).
 */
let serverPasswordCheck: ((password: string) => string | null) | null = null;
export function registerServerPasswordCheck(check: (password: string) => string | null) {
  serverPasswordCheck = check;
}

export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .superRefine((password, ctx) => {
    const problem = serverPasswordCheck?.(password);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
/** Sign-in and confirmation take any stored password, but never a huge one. */
export const currentPasswordField = z.string().min(1).max(PASSWORD_MAX_LENGTH);

/** A checkbox: a form's "on" (absent when unticked) or, in JSON, a boolean (decision 036). */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal("false"), z.literal("0"), z.boolean()])
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1" || v === true);

/** A checkbox that must be ticked: "on" from a form, `true` in JSON (decision 036). */
export function mustAccept(error: string) {
  return z.union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal(true)], { error }).transform(() => true as const);
}

export const redirectField = z.string().max(2000).optional();

export const loginSchema = z.object({
  email: emailField,
  password: currentPasswordField,
  remember: checkbox,
  redirect: redirectField,
});

/** As long as the account settings allow (app/account/schema.ts). */
export const PERSON_NAME_MAX_LENGTH = 100;

/**
 * A first or last name: letters of any script, spaces and the punctuation
 * names use (O'Brien, Jean-Luc, St. John); no markup, digits or control characters.
 */
const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .,\u2019-]*$/u;

function personNameField(mode: RegistrationNameFields): z.ZodType<string | undefined> {
  // Not asked: whatever is posted under the name is dropped, never stored.
  if (mode === "off") return z.optional(z.unknown().transform(() => undefined));
  const name = z.string().trim().max(PERSON_NAME_MAX_LENGTH).regex(PERSON_NAME_PATTERN, "Use letters, spaces, hyphens and apostrophes only.");
  if (mode === "required") return z.string({ error: "This field is required." }).trim().min(1, "This field is required.").pipe(name);
  // Optional: an empty field is no name (a no-JS form posts it as "").
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), name.optional());
}

/** The registration form's one checkbox for every policy (decision 043); the JSON API may also send one per policy. */
export const ACCEPT_POLICIES_FIELD = "accept_policies";

/**
 * Registration (decision 043): e-mail, username, one password (shown or
 * hidden by its own button), the extra name fields the
 * `registration.name_fields` setting asks for (ignored when off, so
 * nothing posted for them is stored) and the policies. The spec asks for an
 * explicit acceptance of each policy: the form gives it as one checkbox
 * naming them all (`accept_policies`); `policy_<id>` for each still counts,
 * as API clients send it. `password_confirmation` is optional, and must
 * match when sent.
 */
export function registerSchema(policies: Policy[], nameFields: RegistrationNameFields = "off") {
  const policyFields: Record<string, z.ZodType> = {};
  for (const policy of policies) policyFields[`policy_${policy.id}`] = checkbox;
  return z
    .object({
      email: emailField,
      username: usernameField,
      password: newPasswordField,
      password_confirmation: z.string().max(PASSWORD_MAX_LENGTH).optional(),
      first_name: personNameField(nameFields),
      last_name: personNameField(nameFields),
      redirect: redirectField,
      [ACCEPT_POLICIES_FIELD]: checkbox,
      ...policyFields,
    })
    .refine((v) => v.password_confirmation === undefined || v.password === v.password_confirmation, {
      path: ["password_confirmation"],
      message: "The passwords do not match.",
    })
    .refine((v) => policies.length === 0 || v[ACCEPT_POLICIES_FIELD] || policies.every((p) => (v as Record<string, unknown>)[`policy_${p.id}`] === true), {
      path: [ACCEPT_POLICIES_FIELD],
      message: "You must accept this to create an account.",
    });
}

export const verificationCodeSchema = z.object({
  code: z.string().trim().min(1).max(VERIFICATION_CODE_LENGTH).regex(/^\d+$/, "The code may only contain digits."),
  redirect: redirectField,
});

export const twoFactorChallengeSchema = z
  .object({
    code: z.string().trim().length(TWO_FACTOR_CODE_LENGTH).regex(/^\d+$/, "The code may only contain digits.").optional(),
    recovery_code: z.string().trim().length(RECOVERY_CODE_LENGTH).optional(),
  })
  .refine((v) => v.code || v.recovery_code, { path: ["code"], message: "This field is required." });

export const twoFactorCodeSchema = z.object({
  code: z.string().trim().length(TWO_FACTOR_CODE_LENGTH).regex(/^\d+$/, "The code may only contain digits."),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "The passwords do not match.",
  });

export const changePasswordSchema = z
  .object({
    current_password: currentPasswordField,
    password: newPasswordField,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "The passwords do not match.",
  });

export const confirmPasswordSchema = z.object({ password: currentPasswordField });
