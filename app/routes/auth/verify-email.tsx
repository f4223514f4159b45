import { Form, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/verify-email";
import { maskEmail } from "~/auth/email";
import { resendVerificationCode, verifyEmailCode } from "~/auth/email-verification.server";
import { requireUser } from "~/auth/guards.server";
import { rateLimitedReply } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { verificationCodeSchema } from "~/auth/schema";
import { onboardingCheckoutPath } from "~/billing/onboarding.server";
import { useTrans } from "~/i18n/translation-context";
import { VERIFICATION_CODE_LENGTH } from "~/constants";
import { safeRedirectPath } from "~/http/redirects";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { Button } from "~/ui/button";
import { FormErrors, IntentField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Verify your email") }];

export function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const back = safeRedirectPath(args.url.searchParams.get("redirect"), "/");
  if (user.emailVerifiedAt || !app.settings["registration.require_email_confirmation"]) throw redirect(back);
  return { maskedEmail: maskEmail(user.email) };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user } = requireUser(args);
  const app = getApp(context);
  const s = await authServices(context, request);
  const formData = await request.formData();
  if (readIntent(formData) === "resend") {
    const outcome = await resendVerificationCode(s, user);
    if (outcome.status === "rate-limited") {
      return Response.json(
        { message: app.t("Too many attempts. Please try again in :seconds seconds.", { seconds: outcome.retryAfter }) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfter) } },
      );
    }
    return redirectWithToast(request, `/verify-email${args.url.search}`, { message: app.t("Email sent") });
  }
  const submission = await parseFormSubmission(formData, verificationCodeSchema, app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const outcome = await verifyEmailCode(s, user, submission.value.code);
  switch (outcome.status) {
    case "verified":
      // A plan chosen on /pricing before registering continues to its checkout.
      return redirectWithToast(request, safeRedirectPath(args.url.searchParams.get("redirect"), "") || (app.settings["billing.enable"] && onboardingCheckoutPath(request)) || "/", {
        message: app.t("Your email address is verified."),
      });
    case "rate-limited":
      return rateLimitedReply(app.t, submission, outcome.retryAfter);
    case "expired":
      return invalidSubmission(submission, { fieldErrors: { code: [app.t("This code has expired. Request a new one.")] }, status: 422 });
    case "too-many-attempts":
      return invalidSubmission(submission, { fieldErrors: { code: [app.t("Too many wrong codes. Request a new one.")] }, status: 422 });
    default:
      return invalidSubmission(submission, { fieldErrors: { code: [app.t("This code is not valid.")] }, status: 422 });
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const resend = useFetcher();
  const [form, fields] = useAppForm({ schema: verificationCodeSchema, lastResult: actionData, id: "verify-email" });
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t("Verify your email")}</h1>
      <p className="mb-6 text-sm text-muted">
        {/* Registration mails a link, not a code (decision 021): a code comes from "request a resend". */}
        {t("Follow the link we sent to :email, or request a code below and enter it here.", { email: loaderData.maskedEmail })}
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="verify-email-form">
        <IntentField value="verify" />
        <FormErrors form={form} />
        <TextField meta={fields.code} label={t("Code")} inputMode="numeric" autoComplete="one-time-code" maxLength={VERIFICATION_CODE_LENGTH} autoFocus />
        <SubmitButton fullWidth>{t("Next")}</SubmitButton>
      </Form>
      <resend.Form method="post" className="mt-4 text-center text-sm text-muted">
        <IntentField value="resend" />
        {t("Didn't get the email?")}{" "}
        <button type="submit" className="font-medium text-primary hover:underline" data-testid="resend-code">
          {t("request a resend")}
        </button>
      </resend.Form>
      <p className="mt-4 text-center text-xs text-muted">{t("If you don't see the email in your inbox, check your spam folder and promotions tab.")}</p>
      <Form method="post" action="/auth/logout" className="mt-6 text-center">
        <Button type="submit" variant="text" color="neutral" size="sm">
          {t("Sign out")}
        </Button>
      </Form>
    </>
  );
}
