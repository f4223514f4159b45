import { Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { DEMO_LOGIN } from "~/auth/demo-accounts";
import { guestOnly } from "~/auth/guards.server";
import { rateLimitedReply } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { enabledSocialServices } from "~/auth/social/providers.server";
import { readPendingSocialConnect } from "~/auth/social/social-auth.server";
import { completeTwoFactorChallenge, readTwoFactorChallenge, signInWithPassword } from "~/auth/sign-in.server";
import { SocialButtons, SocialPasswordForm } from "~/auth/ui/social-buttons";
import { loginSchema, twoFactorChallengeSchema } from "~/auth/schema";
import { useSettings } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { RECOVERY_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from "~/constants";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { CheckboxField, FormErrors, IntentField, PasswordField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Sign in") }];

export async function loader(args: Route.LoaderArgs) {
  const { request, context, url } = args;
  const app = getApp(context);
  const s = await authServices(context, request);
  const mode = url.searchParams.get("two_factor") === "1" ? "two-factor" : url.searchParams.get("social") === "connect" ? "social-connect" : "login";
  // Finishing a two-factor or social step happens before anyone is signed in.
  if (mode === "login") guestOnly(args);
  const twoFactor = mode === "two-factor" ? await readTwoFactorChallenge(s) : null;
  const socialConnect = mode === "social-connect" ? await readPendingSocialConnect(s) : null;
  const lockedEmail = url.searchParams.get("email");
  return {
    mode: twoFactor ? "two-factor" : socialConnect ? "social-connect" : ("login" as const),
    workspace: url.pathname.includes("workspace"),
    lockedEmail: lockedEmail && lockedEmail.length <= 255 ? lockedEmail : null,
    demo: app.settings["site.demo"] ? { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password } : null,
    socialServices: enabledSocialServices(app.settings, s.env),
    socialConnect: socialConnect ? { service: socialConnect.service, email: socialConnect.email } : null,
    registrationDisabled: app.settings["registration.disable"],
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const app = getApp(context);
  const s = await authServices(context, request);
  const formData = await request.formData();
  const intent = readIntent(formData);

  if (intent === "two-factor") {
    const submission = await parseFormSubmission(formData, twoFactorChallengeSchema, app.t);
    if (submission.status !== "success") return invalidSubmission(submission);
    const outcome = await completeTwoFactorChallenge(s, submission.value);
    switch (outcome.status) {
      case "signed-in":
        return redirect(outcome.redirectTo, { headers: outcome.headers });
      case "wrong-code":
        return invalidSubmission(submission, {
          fieldErrors: { [outcome.field]: [outcome.field === "code" ? app.t("The two factor authentication code was invalid.") : app.t("The provided recovery code was invalid.")] },
          status: 422,
        });
      case "rate-limited":
        return rateLimitedReply(app.t, submission, outcome.retryAfter);
      default:
        return redirectWithToast(request, "/login", { type: "danger", message: app.t("Your sign-in has expired. Please sign in again.") });
    }
  }

  const submission = await parseFormSubmission(formData, loginSchema, app.t);
  if (submission.status !== "success") {
    return invalidSubmission(submission);
  }
  const outcome = await signInWithPassword(s, submission.value);
  switch (outcome.status) {
    case "signed-in":
      return redirect(outcome.redirectTo, { headers: outcome.headers });
    case "two-factor": {
      const next = submission.value.redirect ? `&redirect=${encodeURIComponent(submission.value.redirect)}` : "";
      return redirect(`${url.pathname}?two_factor=1${next}`, { headers: outcome.headers });
    }
    case "rate-limited":
      return rateLimitedReply(app.t, submission, outcome.retryAfter);
    case "banned":
      return invalidSubmission(submission, { formErrors: [app.t("This account has been suspended.")], status: 403 });
    default:
      return invalidSubmission(submission, {
        fieldErrors: { email: [app.t("These credentials do not match our records.")], password: [""] },
        status: 422,
      });
  }
}

/**
 * The screen itself, as a named export: the homepage renders it when the
 * homepage type is the sign-in page (React Router wraps only the default export).
 */
export function LoginPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  if (loaderData.mode === "two-factor") return <TwoFactorScreen actionData={actionData} />;
  if (loaderData.mode === "social-connect") return <SocialConnectScreen email={loaderData.socialConnect?.email ?? null} />;
  return <LoginScreen loaderData={loaderData} actionData={actionData} />;
}

function LoginScreen({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const t = useTrans();
  const settings = useSettings();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirect");
  const [form, fields] = useAppForm({
    schema: loginSchema,
    lastResult: actionData,
    id: "login",
    defaultValue: {
      email: loaderData.lockedEmail ?? loaderData.demo?.email ?? "",
      password: loaderData.demo?.password ?? "",
      remember: "on" as never,
    },
  });
  const invalid = Boolean(fields.email.errors?.length || fields.password.errors?.length);
  const heading = loaderData.workspace ? t("To join your team on :siteName, sign in to your account", { siteName: settings.branding.site_name }) : t("Sign in to your account");
  return (
    <>
      <h1 className="mb-6 text-xl font-semibold">{heading}</h1>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="login-form">
        <IntentField value="login" />
        {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
        <FormErrors form={form} />
        <TextField meta={fields.email} label={t("Email")} type="email" autoComplete="email" readOnly={Boolean(loaderData.lockedEmail)} aria-invalid={invalid || undefined} />
        <PasswordField meta={fields.password} label={t("Password")} autoComplete="current-password" aria-invalid={invalid || undefined} />
        <div className="flex items-center justify-between gap-2">
          <CheckboxField meta={fields.remember} label={t("Stay signed in for a month")} />
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            {t("Forgot your password?")}
          </Link>
        </div>
        <SubmitButton fullWidth>{t("Sign in")}</SubmitButton>
      </Form>
      <SocialButtons services={loaderData.socialServices} redirect={redirectTo} />
      {loaderData.registrationDisabled ? null : (
        <p className="mt-6 text-center text-sm text-muted">
          {t("Don't have an account?")}{" "}
          <Link
            to={loaderData.workspace ? `/workspace/join/register${params.size ? `?${params}` : ""}` : `/register${redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : ""}`}
            className="font-medium text-primary hover:underline"
          >
            {t("Sign up.")}
          </Link>
        </p>
      )}
    </>
  );
}

function TwoFactorScreen({ actionData }: Pick<Route.ComponentProps, "actionData">) {
  const t = useTrans();
  const [params, setParams] = useSearchParams();
  const recovery = params.get("recovery") === "1";
  const [form, fields] = useAppForm({ schema: twoFactorChallengeSchema, lastResult: actionData, id: "two-factor" });
  const toggled = new URLSearchParams(params);
  if (recovery) toggled.delete("recovery");
  else toggled.set("recovery", "1");
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t("Two factor authentication")}</h1>
      <p className="mb-6 text-sm text-muted">
        {recovery
          ? t("Confirm access to your account by entering one of your emergency recovery codes.")
          : t("Confirm access to your account by entering the authentication code provided by your authenticator application.")}
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="two-factor-form">
        <IntentField value="two-factor" />
        <FormErrors form={form} />
        {recovery ? (
          <TextField key="recovery" meta={fields.recovery_code} label={t("Recovery code")} autoComplete="off" maxLength={RECOVERY_CODE_LENGTH} autoFocus />
        ) : (
          <TextField key="code" meta={fields.code} label={t("Code")} inputMode="numeric" autoComplete="one-time-code" maxLength={TWO_FACTOR_CODE_LENGTH} autoFocus />
        )}
        <SubmitButton fullWidth>{t("Continue")}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link
          to={`?${toggled}`}
          replace
          onClick={(event) => {
            event.preventDefault();
            setParams(toggled, { replace: true });
          }}
          className="font-medium text-primary hover:underline"
        >
          {recovery ? t("Use an authentication code") : t("Use a recovery code")}
        </Link>
      </p>
    </>
  );
}

function SocialConnectScreen({ email }: { email: string | null }) {
  const t = useTrans();
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold">{t("Password required")}</h1>
      {email ? <p className="mb-4 text-sm font-medium">{email}</p> : null}
      <SocialPasswordForm />
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t("Back to sign in")}
        </Link>
      </p>
    </>
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginPage loaderData={loaderData} actionData={actionData} />;
}
