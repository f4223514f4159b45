import { useEffect, useRef } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { openSocialPopup } from "~/auth/ui/social-buttons";
import { answerFor } from "~/auth/ui/two-factor-section";
import type { SocialAuthMessage } from "~/auth/social/services";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { toast } from "~/toasts/toast-store";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SubmitButton } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { useHydrated } from "~/ui/use-hydrated";
import { disconnectSchema } from "../schema";
import { SettingsSection } from "../../ui/settings-section";

export interface SocialConnection {
  service: string;
  label: string;
  connected: boolean;
  username: string | null;
}

const BACK = "/account-settings#social-login";

/**
 * Social login (spec sections 2 and 4): each enabled provider with Enable or
 * Disable. Enable goes through the provider (a 550 x 650 popup with
 * JavaScript, the whole page without) and toasts "Enabled :service account";
 * Disable posts the form ("Disabled :service account"), refused when it is
 * the account's last way to sign in. Hidden when no provider is enabled.
 */
export function SocialLoginSection({ connections, actionData }: { connections: SocialConnection[]; actionData: FormAnswer }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const baseUrl = useBootstrap().settings.base_url;
  const pending = useRef<string | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    const origin = new URL(baseUrl).origin;
    function onMessage(event: MessageEvent) {
      const message = event.data as SocialAuthMessage | null;
      if (event.origin !== origin || !message || message.type !== "social-auth") return;
      const label = connections.find((c) => c.service === pending.current)?.label ?? "";
      if (message.status === "SUCCESS" || message.status === "ALREADY_LOGGED_IN") {
        toast(t("Enabled :service account", { service: label }));
        void revalidator.revalidate();
      } else {
        toast.danger(message.errorMessage || t("An error occurred. Please try again later"));
      }
      pending.current = null;
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [hydrated, baseUrl, connections, revalidator, t]);

  if (connections.length === 0) return null;
  return (
    <SettingsSection id="social-login" title={t("Social login")} description={t("Sign in with these accounts as well as with your email address and password.")}>
      <ul className="flex flex-col divide-y divide-divider">
        {connections.map((connection) => {
          const href = `/secure/auth/social/${connection.service}/connect?redirect=${encodeURIComponent(BACK)}`;
          return (
            <li key={connection.service} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`social-${connection.service}`}>
              <div>
                <p className="font-medium">{connection.label}</p>
                <p className="text-sm text-muted">{connection.connected ? (connection.username ? t("Connected as :name", { name: connection.username }) : t("Connected")) : t("Not connected")}</p>
              </div>
              {connection.connected ? (
                <DisconnectForm connection={connection} actionData={actionData} />
              ) : (
                <a
                  href={href}
                  className={buttonClasses({ variant: "outlined", size: "sm" })}
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    pending.current = connection.service;
                    if (!openSocialPopup(`${href}&popup=1`)) window.location.assign(href);
                  }}
                >
                  {t("Enable")}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </SettingsSection>
  );
}

function DisconnectForm({ connection, actionData }: { connection: SocialConnection; actionData: FormAnswer }) {
  const t = useTrans();
  const navigation = useNavigation();
  const answer = answerFor(actionData, "disconnect-social");
  const mine = answer && (answer as { initialValue?: { service?: unknown } }).initialValue?.service === connection.service ? answer : undefined;
  const [form] = useAppForm({ schema: disconnectSchema, id: `disconnect-${connection.service}`, lastResult: mine });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col items-end gap-2">
      <IntentField value="disconnect-social" />
      <input type="hidden" name="service" value={connection.service} />
      <FormErrors form={form} />
      <SubmitButton variant="outlined" color="danger" size="sm" isPending={navigation.formData?.get("intent") === "disconnect-social" && navigation.formData?.get("service") === connection.service}>
        {t("Disable")}
      </SubmitButton>
    </Form>
  );
}
