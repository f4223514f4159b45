import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { useTrans } from "~/i18n/translation-context";
import { TWO_FACTOR_CODE_LENGTH } from "~/constants";
import { FormErrors, IntentField, PasswordField, SubmitButton, TextField } from "~/ui/forms/fields";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import type { FormAnswer } from "~/ui/forms/form-result";

const passwordOnly = z.object({ password: z.string().max(255).optional() });
const codeWithPassword = z.object({
  code: z.string().trim().length(TWO_FACTOR_CODE_LENGTH).regex(/^\d+$/, "The code may only contain digits."),
  password: z.string().max(255).optional(),
});

/**
 * Two-factor authentication: step 0 "Enable"; step 1 QR
 * code, setup key and code entry ("Cancel" turns it off again); step 2 on,
 * with "Regenerate recovery codes" and "Disable". Recovery codes are shown
 * once, right after they are issued. Sensitive buttons ask for the password
 * unless it was confirmed in the last 9000 seconds.
 */
export function TwoFactorSection({
  step: loadedStep,
  setup,
  recoveryCodesRemaining,
  passwordConfirmed,
  actionData,
}: {
  step: 0 | 1 | 2;
  setup: { svg: string; secret: string } | null;
  recoveryCodesRemaining: number;
  passwordConfirmed: boolean;
  actionData: FormAnswer;
}) {
  const t = useTrans();
  const codes = actionData && typeof actionData === "object" && "recoveryCodes" in actionData ? (actionData.recoveryCodes as string[]) : null;
  // Codes were just issued: two-factor is on, whatever the page's data says from before the action.
  const step = codes ? 2 : loadedStep;
  return (
    <section id="two-factor" className="rounded-theme border border-divider bg-elevated p-6" data-testid="two-factor-section" data-step={step}>
      <h2 className="text-lg font-semibold">{t("Two factor authentication")}</h2>
      <p className="mt-1 text-sm text-muted">{t("Add additional security to your account using two factor authentication.")}</p>
      {step === 0 ? (
        <>
          <p className="mt-4 font-medium">{t("You have not enabled two factor authentication.")}</p>
          <GuardedAction intent="enable-two-factor" label={t("Enable")} passwordConfirmed={passwordConfirmed} actionData={actionData} />
        </>
      ) : null}
      {step === 1 && setup ? <FinishSetup setup={setup} passwordConfirmed={passwordConfirmed} actionData={actionData} /> : null}
      {step === 2 ? (
        <>
          <p className="mt-4 font-medium">{t("You have enabled two factor authentication.")}</p>
          {codes?.length ? (
            <div className="mt-4" data-testid="recovery-codes">
              <p className="text-sm">
                {t("Store these recovery codes in a secure password manager. They can be used to recover access to your account if your two factor authentication device is lost.")}
              </p>
              <ul className="mt-3 grid grid-cols-1 gap-1 rounded-theme bg-paper p-4 font-mono text-sm sm:grid-cols-2">
                {codes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="mt-2 text-sm text-muted">{t(":count recovery codes left.", { count: recoveryCodesRemaining })}</p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <GuardedAction intent="regenerate-recovery-codes" label={t("Regenerate recovery codes")} variant="outlined" passwordConfirmed={passwordConfirmed} actionData={actionData} />
            <GuardedAction intent="disable-two-factor" label={t("Disable")} color="danger" passwordConfirmed={passwordConfirmed} actionData={actionData} />
          </div>
        </>
      ) : null}
    </section>
  );
}

function FinishSetup({ setup, passwordConfirmed, actionData }: { setup: { svg: string; secret: string }; passwordConfirmed: boolean; actionData: FormAnswer }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: codeWithPassword, lastResult: answerFor(actionData, "confirm-two-factor"), id: "confirm-two-factor" });
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="font-medium">{t("Finish enabling two factor authentication.")}</p>
      <p className="text-sm text-muted">
        {t("To finish enabling two factor authentication, scan the following QR code using your phone's authenticator application or enter the setup key and provide the generated OTP code.")}
      </p>
      <img
        src={`data:image/svg+xml;base64,${typeof btoa === "function" ? btoa(setup.svg) : ""}`}
        alt={t("QR code")}
        width={192}
        height={192}
        className="size-48 rounded bg-white p-2"
        data-testid="two-factor-qr"
      />
      <p className="text-sm">
        {t("Setup key")}:{" "}
        <code className="font-mono font-semibold" data-testid="two-factor-secret">
          {setup.secret}
        </code>
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <IntentField value="confirm-two-factor" />
        <FormErrors form={form} />
        <TextField meta={fields.code} label={t("Code")} inputMode="numeric" autoComplete="one-time-code" maxLength={TWO_FACTOR_CODE_LENGTH} />
        {passwordConfirmed ? null : <PasswordField meta={fields.password} label={t("Confirm your password")} autoComplete="current-password" />}
        <div className="flex gap-3">
          <SubmitButton>{t("Confirm")}</SubmitButton>
        </div>
      </Form>
      <GuardedAction intent="disable-two-factor" label={t("Cancel")} variant="outlined" color="neutral" passwordConfirmed={passwordConfirmed} actionData={actionData} />
    </div>
  );
}

/** A button for a sensitive action; without a recent confirmation it carries a password field. */
function GuardedAction({
  intent,
  label,
  passwordConfirmed,
  actionData,
  variant,
  color,
}: {
  intent: string;
  label: string;
  passwordConfirmed: boolean;
  actionData: FormAnswer;
  variant?: "filled" | "outlined";
  color?: "primary" | "neutral" | "danger";
}) {
  const t = useTrans();
  const navigation = useNavigation();
  const [form, fields] = useAppForm({ schema: passwordOnly, lastResult: answerFor(actionData, intent), id: intent });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-3" data-testid={`form-${intent}`}>
      <IntentField value={intent} />
      {passwordConfirmed ? null : <PasswordField meta={fields.password} label={t("Confirm your password to continue")} autoComplete="current-password" />}
      <div>
        <SubmitButton variant={variant} color={color} isPending={navigation.formData?.get("intent") === intent}>
          {label}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The action's answer when it belongs to the form with this intent (each form shows only its own errors). */
export function answerFor(answer: FormAnswer, intent: string): FormAnswer {
  if (!answer || typeof answer !== "object") return undefined;
  const initial = (answer as { initialValue?: Record<string, unknown> | null }).initialValue;
  return initial && initial.intent === intent ? answer : undefined;
}
