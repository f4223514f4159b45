import { Form } from "react-router";
import type { Route } from "./+types/reset-password";
import { resetPassword } from "~/auth/password-reset.server";
import { rateLimitedReply } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { signOut } from "~/auth/sign-in.server";
import { resetPasswordSchema } from "~/auth/schema";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, PasswordField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Reset password") }];

export function loader({ params, url }: Route.LoaderArgs) {
  const email = url.searchParams.get("email");
  return { token: params.token.slice(0, 200), email: email && email.length <= 255 ? email : "" };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = getApp(context);
  const formData = await request.formData();
  formData.set("token", params.token);
  const submission = await parseFormSubmission(formData, resetPasswordSchema, app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const s = await authServices(context, request);
  const outcome = await resetPassword(s, submission.value);
  if (outcome.status === "rate-limited") return rateLimitedReply(app.t, submission, outcome.retryAfter);
  if (outcome.status === "invalid-token") {
    return invalidSubmission(submission, { fieldErrors: { email: [app.t("This password reset link is invalid or has expired.")] }, status: 422 });
  }
  // Every session of the account ended, this browser's included: sign in with the new password.
  const headers = await signOut(s);
  return redirectWithToast(request, "/login", { message: app.t("Your password has been reset!") }, { headers });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const [form, fields] = useAppForm({
    schema: resetPasswordSchema,
    lastResult: actionData,
    id: "reset-password",
    defaultValue: { email: loaderData.email, token: loaderData.token },
  });
  return (
    <>
      <h1 className="mb-6 text-xl font-semibold">{t("Reset your password")}</h1>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" data-testid="reset-password-form">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormErrors form={form} />
        <TextField meta={fields.email} label={t("Email")} type="email" autoComplete="email" />
        <PasswordField meta={fields.password} label={t("New password")} autoComplete="new-password" />
        <PasswordField meta={fields.password_confirmation} label={t("Confirm password")} autoComplete="new-password" />
        <SubmitButton fullWidth>{t("Reset password")}</SubmitButton>
      </Form>
    </>
  );
}
