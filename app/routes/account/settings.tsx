import { data, redirect } from "react-router";
import { loadLibraryProfile } from "~/library/profile.server";
import { ProfilePrivacySection } from "~/library/ui/profile-privacy-section";
import { loadSocialProfile } from "~/social/follows.server";
import { ActivityVisibilitySection } from "~/social/ui/activity-visibility-section";
import { calendarToken } from "~/diary/calendar.server";
import { CalendarFeedSection } from "~/diary/ui/calendar-feed-section";
import { LogPreferenceSection } from "~/library/ui/log-preference-section";
import { profilePath } from "~/profiles/public-profile";
import { z } from "zod";
import type { Route } from "./+types/settings";
import {
  ensurePasswordConfirmed,
  finishTwoFactor,
  logoutOtherSessions,
  newRecoveryCodes,
  sessionList,
  startTwoFactor,
  turnOffTwoFactor,
  twoFactorQrCode,
  twoFactorStep,
} from "~/auth/account-security.server";
import { refreshSignedIn } from "~/auth/current-user.server";
import { requireUser } from "~/auth/guards.server";
import { rateLimitedReply } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { isPasswordConfirmed } from "~/auth/password-confirmation.server";
import { SessionsSection } from "~/auth/ui/sessions-section";
import { TwoFactorSection } from "~/auth/ui/two-factor-section";
import { twoFactorCodeSchema } from "~/auth/schema";
import { accountSettingsAction, loadAccountSections } from "~/account/settings.server";
import { AccountDetailsSection } from "~/account/ui/account-details-section";
import { DangerZoneSection } from "~/account/ui/danger-zone-section";
import { DevelopersSection } from "~/account/ui/developers-section";
import { DownloadDataSection } from "~/account/ui/download-data-section";
import { LocationSection } from "~/account/ui/location-section";
import { PasswordSection } from "~/account/ui/password-section";
import { SettingsNav } from "~/account/ui/settings-nav";
import { SETTINGS_SECTIONS } from "~/ui/settings-section";
import { SocialLoginSection } from "~/account/ui/social-login-section";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Account settings") }];

export async function loader(args: Route.LoaderArgs) {
  const { user, session } = requireUser(args);
  const s = await authServices(args.context, args.request);
  const step = twoFactorStep(user);
  // Independent reads, in parallel.
  const [setup, sessions, account, library, social, calendarFeed] = await Promise.all([
    step === 1 ? twoFactorQrCode(s, user) : null,
    sessionList(s, session, user.id),
    loadAccountSections(args, user, session),
    loadLibraryProfile(getApp(args.context).db, user.id),
    loadSocialProfile(getApp(args.context).db, user.id),
    calendarToken(getApp(args.context).db, user.id),
  ]);
  return {
    twoFactor: { step, setup, recoveryCodesRemaining: user.recoveryCodesRemaining },
    passwordConfirmed: !user.hasPassword || isPasswordConfirmed(session),
    sessions,
    account,
    // Profile privacy (app/library, decision 023).
    // The private calendar feed's address (decision 034).
    calendarFeedUrl: calendarFeed ? `${new URL(args.request.url).origin}/calendar/${calendarFeed}.ics` : null,
    // Logging keeps titles on the watchlist, or not (decision 030, app/library).
    keepLoggedOnWatchlist: library.keepLoggedOnWatchlist,
    profilePrivacy: {
      isPrivate: library.private,
      profilePath: profilePath({ id: user.id, firstName: user.firstName, lastName: user.lastName, displayName: user.customDisplayName, username: user.username }),
    },
    // Who sees my activity (decision 033, app/social).
    activityVisibility: social.activityVisibility,
  };
}

const optionalPassword = z.object({ password: z.string().max(255).optional() });

export async function action(args: Route.ActionArgs) {
  const result = await changeAccount(args);
  // A no-JS post renders this page in the same request: show the account as the action left it.
  if (!(result instanceof Response && result.status >= 300 && result.status < 400)) await refreshSignedIn(args.context, args.request);
  return result;
}

async function changeAccount(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user, session } = requireUser(args);
  const app = getApp(context);
  const s = await authServices(context, request);
  const formData = await request.formData();
  const intent = readIntent(formData);
  // Account details, social login, password, single sessions, location, tokens, deletion (app/account).
  const handled = await accountSettingsAction(args, intent, formData, user, session);
  if (handled) return handled;

  if (intent === "logout-other-sessions") {
    const submission = await parseFormSubmission(formData, z.object({ password: z.string().min(1).max(255) }), app.t);
    if (submission.status !== "success") return invalidSubmission(submission);
    const result = await logoutOtherSessions(s, user, session, submission.value.password);
    if (result.status === "rate-limited") return rateLimitedReply(app.t, submission, result.retryAfter);
    if (result.status === "wrong-password") {
      return invalidSubmission(submission, { fieldErrors: { password: [app.t("The password is incorrect.")] }, status: 422 });
    }
    return redirectWithToast(request, "/account-settings#sessions", { message: app.t("Logged out other sessions.") });
  }

  // Everything below changes two-factor authentication: password confirmation first.
  const passwordSubmission = await parseFormSubmission(formData, optionalPassword, app.t);
  if (passwordSubmission.status !== "success") return invalidSubmission(passwordSubmission);
  const guard = await ensurePasswordConfirmed(s, user, session, passwordSubmission.value.password || null);
  if (guard.status === "rate-limited") return rateLimitedReply(app.t, passwordSubmission, guard.retryAfter);
  if (guard.status === "wrong-password" || guard.status === "password-required") {
    const message = guard.status === "wrong-password" ? app.t("The password is incorrect.") : app.t("Please confirm your password first.");
    return invalidSubmission(passwordSubmission, { fieldErrors: { password: [message] }, status: 423 });
  }

  switch (intent) {
    case "enable-two-factor":
      await startTwoFactor(s, user);
      return redirect("/account-settings#two-factor");
    case "confirm-two-factor": {
      const submission = await parseFormSubmission(formData, twoFactorCodeSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const outcome = await finishTwoFactor(s, user, submission.value.code);
      if (outcome.status === "rate-limited") return rateLimitedReply(app.t, submission, outcome.retryAfter);
      if (outcome.status === "invalid") {
        return invalidSubmission(submission, { fieldErrors: { code: [app.t("The provided two factor authentication code was invalid.")] }, status: 422 });
      }
      return data({ ok: true, recoveryCodes: outcome.recoveryCodes, message: app.t("Two factor authentication has been enabled.") });
    }
    case "regenerate-recovery-codes": {
      const codes = await newRecoveryCodes(s, user);
      return data({ ok: true, recoveryCodes: codes ?? [] });
    }
    case "disable-two-factor":
      await turnOffTwoFactor(s, user);
      return redirectWithToast(request, "/account-settings#two-factor", {
        message: user.twoFactorConfirmedAt ? app.t("Two factor authentication has been disabled.") : app.t("Two factor setup cancelled."),
      });
    default:
      throw data(null, { status: 400 });
  }
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const subscribed = useBootstrap().user?.subscriptions.some((sub) => sub.valid) ?? false;
  const { account } = loaderData;
  const sections = SETTINGS_SECTIONS.filter(({ id }) => (id !== "social-login" || account.social.length > 0) && (id !== "developers" || account.tokens !== null));
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-semibold">{t("Account settings")}</h1>
      <p className="mt-1 text-sm text-muted">{t("View and update your account details, profile and more.")}</p>
      <div className="mt-8 flex flex-col gap-8 md:flex-row md:items-start">
        <aside className="md:w-56 md:shrink-0">
          <SettingsNav sections={sections.map((s) => ({ id: s.id, label: s.label }))} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col gap-8">
          <AccountDetailsSection details={account.details} actionData={actionData} />
          <SocialLoginSection connections={account.social} actionData={actionData} />
          <PasswordSection hasPassword={account.hasPassword} actionData={actionData} />
          <TwoFactorSection
            step={loaderData.twoFactor.step}
            setup={loaderData.twoFactor.setup}
            recoveryCodesRemaining={loaderData.twoFactor.recoveryCodesRemaining}
            passwordConfirmed={loaderData.passwordConfirmed}
            actionData={actionData}
          />
          <SessionsSection sessions={loaderData.sessions} actionData={actionData} />
          <LocationSection location={account.location} actionData={actionData} />
          {account.tokens ? <DevelopersSection tokens={account.tokens} scopes={account.tokenScopes} actionData={actionData} /> : null}
          <ProfilePrivacySection {...loaderData.profilePrivacy} />
          <ActivityVisibilitySection visibility={loaderData.activityVisibility} />
          <CalendarFeedSection feedUrl={loaderData.calendarFeedUrl} />
          <LogPreferenceSection keep={loaderData.keepLoggedOnWatchlist} />
          <DownloadDataSection passwordConfirmed={account.passwordConfirmed} />
          <DangerZoneSection passwordConfirmed={account.passwordConfirmed} hasSubscription={subscribed} actionData={actionData} />
        </div>
      </div>
    </div>
  );
}
