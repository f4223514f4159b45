import { Form, useNavigation } from "react-router";
import { answerFor } from "~/auth/ui/two-factor-section";
import { useTrans } from "~/i18n/translation-context";
import { FormErrors, IntentField, PasswordField, SubmitButton } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { passwordFormSchema } from "../schema";
import { SettingsSection } from "../../ui/settings-section";

/**
 * Password: current, new and confirmation; "Password
 * changed", and every other session ends. Someone who signed up through a
 * social provider has no password yet and sets a first one.
 */
export function PasswordSection({ hasPassword, actionData }: { hasPassword: boolean; actionData: FormAnswer }) {
  const t = useTrans();
  const navigation = useNavigation();
  const [form, fields] = useAppForm({ schema: passwordFormSchema(hasPassword), id: "change-password", lastResult: answerFor(actionData, "change-password") });
  return (
    <SettingsSection
      id="password"
      title={hasPassword ? t("Update password") : t("Set a password")}
      description={
        hasPassword
          ? t("Use a long, random password to keep your account secure. Your other sessions will be logged out.")
          : t("You signed up with a social account. Set a password to also sign in with your email address.")
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-4" data-testid="password-form">
        <IntentField value="change-password" />
        <FormErrors form={form} />
        {hasPassword ? <PasswordField meta={fields.current_password} label={t("Current password")} autoComplete="current-password" /> : null}
        <PasswordField meta={fields.password} label={t("New password")} autoComplete="new-password" />
        <PasswordField meta={fields.password_confirmation} label={t("Confirm password")} autoComplete="new-password" />
        <div>
          <SubmitButton isPending={navigation.formData?.get("intent") === "change-password"}>{hasPassword ? t("Update password") : t("Set password")}</SubmitButton>
        </div>
      </Form>
    </SettingsSection>
  );
}
