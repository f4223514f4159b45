import { useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { answerFor } from "~/auth/ui/two-factor-section";
import { useTrans } from "~/i18n/translation-context";
import { ConfirmDialog } from "~/ui/dialog";
import { CheckboxField, FormErrors, IntentField, PasswordField, SubmitButton } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { useHydrated } from "~/ui/use-hydrated";
import { deleteAccountSchema } from "../schema";
import { SettingsSection } from "../../ui/settings-section";

/**
 * Danger zone: deleting the account, after password confirmation (unless
 * recent) and a ticked "I understand". With JavaScript a last "Are you
 * sure?" dialog. Subscriptions are cancelled first; then everything is
 * deleted and the user is signed out ("Account deleted").
 */
export function DangerZoneSection({ passwordConfirmed, hasSubscription, actionData }: { passwordConfirmed: boolean; hasSubscription: boolean; actionData: FormAnswer }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [form, fields] = useAppForm({
    schema: deleteAccountSchema,
    // Not "delete-account": that is the section's anchor, and conform finds its form by id.
    id: "delete-account-form",
    lastResult: answerFor(actionData, "delete-account"),
    onSuccess: undefined,
  });
  return (
    <SettingsSection id="delete-account" tone="danger" title={t("Danger zone")} description={t("Delete your account and everything in it. This cannot be undone.")}>
      <Form
        ref={formRef}
        method="post"
        {...getFormProps(form)}
        onSubmit={(event) => {
          // conform validates first; only a valid form reaches the last question.
          getFormProps(form).onSubmit?.(event);
          if (!hydrated || event.defaultPrevented) return;
          event.preventDefault();
          setConfirming(true);
        }}
        className="flex max-w-md flex-col gap-4"
        data-testid="delete-account-form"
      >
        <IntentField value="delete-account" />
        <FormErrors form={form} />
        <ul className="list-disc pl-5 text-sm text-muted">
          <li>{t("Your profile, sessions, API tokens and security log are deleted.")}</li>
          <li>{t("Your uploaded files and profile image are deleted.")}</li>
          {hasSubscription ? <li>{t("Your subscription is cancelled now, without a refund for the rest of the period.")}</li> : null}
        </ul>
        {passwordConfirmed ? null : <PasswordField meta={fields.password} label={t("Confirm your password to continue")} autoComplete="current-password" />}
        <CheckboxField meta={fields.confirm} label={t("I understand that my account and data will be deleted for good.")} />
        <div>
          <SubmitButton color="danger" isPending={navigation.formData?.get("intent") === "delete-account"}>
            {t("Delete account")}
          </SubmitButton>
        </div>
      </Form>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t("Delete your account?")}
        body={t("Your account and everything in it will be deleted. This cannot be undone.")}
        confirmLabel={t("Delete account")}
        isDanger
        onConfirm={() => (formRef.current ? submit(formRef.current, { method: "post" }) : undefined)}
      />
    </SettingsSection>
  );
}
