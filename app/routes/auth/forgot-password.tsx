import { Form, Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { guestOnly } from "~/auth/guards.server";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { rateLimitedReply } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { forgotPasswordSchema } from "~/auth/schema";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { FormErrors, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Forgot your password?") }];

export function loader(args: Route.LoaderArgs) {
  guestOnly(args);
  const app = getApp(args.context);
  const email = args.url.searchParams.get("email");
  return { lockedEmail: email && email.length <= 255 ? email : null, registrationDisabled: app.settings["registration.disable"] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = await parseFormSubmission(request, forgotPasswordSchema, app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const outcome = await requestPasswordReset(await authServices(context, request), submission.value.email);
  if (outcome.status === "rate-limited") return rateLimitedReply(app.t, submission, outcome.retryAfter);
  // The same answer whether or not an account exists (no account enumeration).
  return { ok: true, sent: true, message: app.t("If an account exists for that email address, we have sent a password reset link to it.") };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const [form, fields] = useAppForm({
    schema: forgotPasswordSchema,
    lastResult: actionData,
    id: "forgot-password",
    defaultValue: { email: loaderData.lockedEmail ?? "" },
  });
  const sent = actionData && "sent" in actionData ? (actionData.message as string) : null;
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold">{t("Forgot your password?")}</h1>
      <p className="mb-6 text-sm text-muted">{t("Enter your email address and we will send you a link to reset your password, or to create one if you signed up through a social account.")}</p>
      {sent ? (
        <p role="status" className="mb-4 rounded-theme border border-positive/40 bg-positive/10 px-3 py-2 text-sm" data-testid="reset-link-sent">
          {sent}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="forgot-password-form">
        <FormErrors form={form} />
        <TextField meta={fields.email} label={t("Email")} type="email" autoComplete="email" readOnly={Boolean(loaderData.lockedEmail)} />
        <SubmitButton fullWidth>{t("Continue")}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t("Back to sign in")}
        </Link>
        {loaderData.registrationDisabled ? null : (
          <>
            {" · "}
            <Link to="/register" className="font-medium text-primary hover:underline">
              {t("Sign up.")}
            </Link>
          </>
        )}
      </p>
    </>
  );
}
