import { data, type RouterContextProvider } from "react-router";
import { createAccessToken, deleteAccessToken, listAccessTokens, mayGrantScopes } from "~/auth/access-tokens.server";
import { TOKEN_SCOPES } from "~/api/token-scopes";
import { adminLockoutProblem } from "~/auth/admin-lockout.server";
import { ensurePasswordConfirmed } from "~/auth/account-security.server";
import type { AuthUser, CurrentSession } from "~/request/auth-user";
import { isPasswordConfirmed } from "~/auth/password-confirmation.server";
import { changePassword } from "~/auth/password-reset.server";
import { rateLimitedReply } from "~/auth/responses.server";
import { recordSecurityEvent } from "~/auth/security-log.server";
import { authServices, type AuthServices } from "~/auth/services.server";
import { clearSessionCookie, deleteOtherSession } from "~/auth/sessions.server";
import { enabledSocialServices } from "~/auth/social/providers.server";
import { isSocialService, SOCIAL_SERVICE_LABELS } from "~/auth/social/services";
import { disconnectSocial, lastSignInMethodMessage } from "~/auth/social/social-auth.server";
import { hasPermission } from "~/request/viewer";
import { paymentProviderFor } from "~/billing/payment-provider.server";
import { SubscriptionCancelError } from "~/billing/user-data.server";
import { log } from "~/log/log.server";
import { getApp, getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { deleteAccount } from "./account-deletion.server";
import { locationChoices, locationProblems, updateAccountDetails, updateLocation } from "./profile.server";
import { accountDetailsSchema, createTokenSchema, deleteAccountSchema, disconnectSchema, locationSchema, passwordFormSchema, sessionIdSchema, tokenIdSchema } from "./schema";

/**
 * The account-settings page's own sections: account
 * details, social login, password, location and language, developers
 * (API tokens) and the danger zone. Two-factor and active sessions come from
 * app/auth. The route module calls these; every form posts to it with an
 * `intent` and works without JavaScript.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const SETTINGS_PATH = "/account-settings";
const back = (section: string) => `${SETTINGS_PATH}#${section}`;

/** Whether the Developers section shows: the API is integrated and the user has api.access. */
export function canUseApiTokens(app: ReturnType<typeof getApp>) {
  return app.settings["api.integrated"] && hasPermission(app.viewer, "api.access");
}

export async function loadAccountSections(args: Args, user: AuthUser, session: CurrentSession) {
  const app = getApp(args.context);
  const s = await authServices(args.context, args.request);
  const services = enabledSocialServices(app.settings, s.env);
  const developers = canUseApiTokens(app);
  return {
    details: {
      first_name: user.firstName ?? "",
      last_name: user.lastName ?? "",
      display_name: user.customDisplayName ?? "",
      shown_name: user.displayName,
      email: user.email,
      avatar: user.avatar,
    },
    social: services.map((service) => {
      const profile = user.socialProfiles.find((p) => p.serviceName === service);
      return { service, label: SOCIAL_SERVICE_LABELS[service], connected: Boolean(profile), username: profile?.username ?? null };
    }),
    hasPassword: user.hasPassword,
    location: {
      values: { language: user.language ?? app.language, country: user.country ?? "", timezone: user.timezone || "auto" },
      ...locationChoices(app.language, app.localizations),
    },
    tokens: developers ? await listAccessTokens(app.db, user.id) : null,
    /** The scopes this user may put on a token (`admin` for admins only). */
    tokenScopes: developers ? TOKEN_SCOPES.filter((scope) => mayGrantScopes(app.viewer, [scope])) : [],
    passwordConfirmed: !user.hasPassword || isPasswordConfirmed(session),
  };
}

/** The page's actions for the intents this module owns; null for other intents (two-factor, sessions). */
export async function accountSettingsAction(args: Args, intent: string | null, formData: FormData, user: AuthUser, session: CurrentSession) {
  const { request, context } = args;
  const app = getApp(context);
  const t = app.t;
  switch (intent) {
    case "update-details": {
      const submission = await parseFormSubmission(formData, accountDetailsSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      await updateAccountDetails(app.db, user.id, submission.value);
      return redirectWithToast(request, back("account-details"), { message: t("Updated account details") });
    }
    case "disconnect-social": {
      const submission = await parseFormSubmission(formData, disconnectSchema, t);
      if (submission.status !== "success" || !isSocialService(submission.value.service)) {
        return invalidSubmission(submission, { formErrors: [t("This sign-in method is not available.")], status: 422 });
      }
      const service = submission.value.service;
      const label = SOCIAL_SERVICE_LABELS[service];
      const outcome = await disconnectSocial(await authServices(context, request), user.id, service);
      if (outcome === "last-sign-in-method") {
        return invalidSubmission(submission, { formErrors: [t(lastSignInMethodMessage, { service: label })], status: 422 });
      }
      return redirectWithToast(request, back("social-login"), { message: t("Disabled :service account", { service: label }) });
    }
    case "change-password": {
      const submission = await parseFormSubmission(formData, passwordFormSchema(user.hasPassword), t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const outcome = await changePassword(await authServices(context, request), user, session.id, submission.value);
      if (outcome.status === "rate-limited") return rateLimitedReply(t, submission, outcome.retryAfter);
      if (outcome.status === "wrong-password") {
        return invalidSubmission(submission, { fieldErrors: { current_password: [t("The password is incorrect.")] }, status: 422 });
      }
      return redirectWithToast(request, back("password"), { message: t("Password changed") });
    }
    case "logout-session": {
      const submission = await parseFormSubmission(formData, sessionIdSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission, { formErrors: [t("This session does not exist.")], status: 404 });
      const s = await authServices(context, request);
      const ended = await deleteOtherSession(app.db, user.id, submission.value.session_id, session.id);
      if (!ended) return invalidSubmission(submission, { formErrors: [t("This session does not exist.")], status: 404 });
      await recordSecurityEvent(app.db, user.id, "sessions-ended", s.info, { count: 1 });
      return redirectWithToast(request, back("sessions"), { message: t("Logged out the session.") });
    }
    case "update-location": {
      const submission = await parseFormSubmission(formData, locationSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const problems = locationProblems(submission.value, app.localizations);
      if (problems) {
        const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, messages]) => [field, messages.map((m) => t(m))]));
        return invalidSubmission(submission, { fieldErrors, status: 422 });
      }
      await updateLocation(app.db, user.id, submission.value);
      // Toasted in the newly chosen language.
      const lines = app.localizations.find((l) => l.language === submission.value.language)?.lines ?? {};
      return redirectWithToast(request, back("location-and-language"), { message: lines["Updated preferences"] ?? "Updated preferences" });
    }
    case "create-token": {
      if (!canUseApiTokens(app)) throw data(null, { status: 404 });
      const submission = await parseFormSubmission(formData, createTokenSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      if (!mayGrantScopes(app.viewer, submission.value.scopes)) {
        return invalidSubmission(submission, { fieldErrors: { scopes: [t("Only administrators can give a token the admin scope.")] }, status: 422 });
      }
      const days = submission.value.expiration === "never" ? null : Number(submission.value.expiration);
      const s = await authServices(context, request);
      const created = await createAccessToken(
        app.db,
        user.id,
        { name: submission.value.token_name, expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000), scopes: submission.value.scopes },
        s.info,
      );
      // Shown once, in this answer only: never stored, never cached.
      return data(
        { ok: true as const, intent: "create-token" as const, message: t("Token created"), plainTextToken: created.plainTextToken, token: created.token },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "delete-token": {
      if (!canUseApiTokens(app)) throw data(null, { status: 404 });
      const submission = await parseFormSubmission(formData, tokenIdSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission, { formErrors: [t("This token does not exist.")], status: 404 });
      const s = await authServices(context, request);
      const deleted = await deleteAccessToken(app.db, user.id, submission.value.token_id, s.info);
      if (!deleted) return invalidSubmission(submission, { formErrors: [t("This token does not exist.")], status: 404 });
      return redirectWithToast(request, back("developers"), { message: t("Token deleted") });
    }
    case "delete-account":
      return deleteAccountAction(args, formData, user, session);
    default:
      return null;
  }
}

/** Danger zone: password confirmation (unless recent), subscriptions cancelled, everything deleted, signed out. */
async function deleteAccountAction(args: Args, formData: FormData, user: AuthUser, session: CurrentSession) {
  const { request, context } = args;
  const app = getApp(context);
  const t = app.t;
  const submission = await parseFormSubmission(formData, deleteAccountSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const s: AuthServices = await authServices(context, request);
  const guard = await ensurePasswordConfirmed(s, user, session, submission.value.password || null);
  if (guard.status === "rate-limited") return rateLimitedReply(t, submission, guard.retryAfter);
  if (guard.status === "wrong-password" || guard.status === "password-required") {
    const message = guard.status === "wrong-password" ? t("The password is incorrect.") : t("Please confirm your password first.");
    return invalidSubmission(submission, { fieldErrors: { password: [message] }, status: 423 });
  }
  // The site's last full administrator cannot leave it without one.
  const lockout = await adminLockoutProblem(app.db, { kind: "remove-users", userIds: [user.id] }, null);
  if (lockout) return invalidSubmission(submission, { formErrors: [t(lockout)], status: 409 });
  const worker = getWorker(context);
  try {
    await deleteAccount(
      // The provider is needed even when billing has since been switched off: subscriptions may still run.
      { db: app.db, bucket: worker.env.FILES, payments: paymentProviderFor(worker.env, app.db, new URL(request.url).origin) },
      user,
    );
  } catch (error) {
    if (!(error instanceof SubscriptionCancelError)) throw error;
    log("error", "account deletion stopped: a subscription could not be cancelled", { userId: user.id, error: error.message });
    return invalidSubmission(submission, {
      formErrors: [t("Your subscription could not be cancelled, so your account was not deleted. Please try again later or contact us.")],
      status: 502,
    });
  }
  log("info", "account deleted", { userId: user.id });
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  return redirectWithToast(request, "/login", { message: t("Account deleted") }, { headers });
}
