import { mustAccept } from "~/auth/schema";
import { z } from "zod";
import { ACCESS_TOKEN_NAME_MAX_LENGTH } from "~/constants";
import { currentPasswordField, newPasswordField, PASSWORD_MAX_LENGTH } from "~/auth/schema";
import { TOKEN_SCOPES } from "~/api/token-scopes";

/**
 * Input rules of the account-settings forms, shared by the browser (conform)
 * and the server. Messages are English keys, translated where shown. Rules
 * that need the database (is this language available?) are checked on the
 * server only, and land on the same fields.
 */
export const PERSON_NAME_MAX_LENGTH = 100;

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const accountDetailsSchema = z.object({
  first_name: optionalText(PERSON_NAME_MAX_LENGTH),
  last_name: optionalText(PERSON_NAME_MAX_LENGTH),
  display_name: optionalText(PERSON_NAME_MAX_LENGTH),
});
export type AccountDetailsInput = z.output<typeof accountDetailsSchema>;

/** Users with a password change it; users who signed up through a provider set a first one. */
export function passwordFormSchema(hasPassword: boolean) {
  const current = hasPassword ? currentPasswordField : z.string().max(PASSWORD_MAX_LENGTH).optional();
  return z
    .object({
      current_password: current,
      password: newPasswordField,
      password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
    })
    .refine((v) => v.password === v.password_confirmation, {
      path: ["password_confirmation"],
      message: "The passwords do not match.",
    });
}

export const locationSchema = z.object({
  language: z.string().trim().min(1).max(16),
  /** ISO 3166-1 alpha-2, or empty for none. */
  country: z.string().trim().max(2).optional(),
  /** An IANA zone or "auto" (the browser's). */
  timezone: z.string().trim().min(1).max(64),
});
export type LocationInput = z.output<typeof locationSchema>;

/** Token lifetimes offered when creating one, in days ("never": no expiry). */
export const TOKEN_EXPIRATIONS = ["never", "7", "30", "90", "365"] as const;

export const createTokenSchema = z.object({
  token_name: z.string().trim().min(1).max(ACCESS_TOKEN_NAME_MAX_LENGTH),
  expiration: z.enum(TOKEN_EXPIRATIONS).default("never"),
  /** What the token may do (decision 021); `admin` is checked against the user's role in the action. */
  scopes: z.array(z.enum(TOKEN_SCOPES), { error: "Choose at least one scope." }).min(1, "Choose at least one scope."),
});

export const tokenIdSchema = z.object({ token_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const sessionIdSchema = z.object({ session_id: z.string().regex(/^[A-Za-z0-9_-]{12}$/, "This session does not exist.") });

export const disconnectSchema = z.object({ service: z.string().min(1).max(32) });

/** Sensitive actions: a password unless it was confirmed in the last 9000 seconds. */
export const optionalPasswordSchema = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH).optional() });

export const deleteAccountSchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirm: mustAccept("Please confirm that you want to delete your account."),
});
