import { Form } from "react-router";
import { z } from "zod";
import { useTrans } from "~/bootstrap/use-bootstrap";
import { SESSION_LIST_MAX_HEIGHT_PX } from "~/constants";
import { FormErrors, IntentField, PasswordField, SubmitButton } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { answerFor } from "./two-factor-section";

export interface SessionItem {
  id: string;
  device_type: string;
  platform: string | null;
  browser: string | null;
  city: string | null;
  country: string | null;
  ip_address: string | null;
  token: string | null;
  last_active: string;
  is_current_device: boolean;
}

const logoutOtherSchema = z.object({ password: z.string().min(1).max(255) });

/** "Active sessions" (spec section 2): device, place, IP, last activity; log out the others with the password. */
export function SessionsSection({ sessions, actionData }: { sessions: SessionItem[]; actionData: FormAnswer }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: logoutOtherSchema, lastResult: answerFor(actionData, "logout-other-sessions"), id: "logout-other-sessions" });
  return (
    <section id="sessions" className="rounded-theme border border-divider bg-elevated p-6" data-testid="sessions-section">
      <h2 className="text-lg font-semibold">{t("Active sessions")}</h2>
      <p className="mt-1 text-sm text-muted">
        {t("If necessary, you may log out of all of your other browser sessions across all of your devices.")}
      </p>
      <ul className="mt-4 flex flex-col gap-3 overflow-y-auto" style={{ maxHeight: SESSION_LIST_MAX_HEIGHT_PX }}>
        {sessions.map((session) => (
          <li key={session.id} className="flex items-start gap-3 text-sm" data-testid="session">
            <span aria-hidden="true" className="mt-0.5 rounded bg-paper px-2 py-1 text-xs uppercase text-muted">
              {t(session.device_type)}
            </span>
            <div>
              <p className="font-medium">
                {session.token ? t("API Token") : `${session.platform ?? t("Unknown")} - ${session.browser ?? t("Unknown")}`}
              </p>
              <p className="text-muted">
                {[session.city, session.country].filter(Boolean).join(", ") || t("Unknown")} · {session.ip_address ?? t("Unknown IP")} ·{" "}
                {session.is_current_device ? (
                  <span className="font-semibold text-positive">{t("This device")}</span>
                ) : (
                  <time dateTime={session.last_active}>{new Date(session.last_active).toLocaleString()}</time>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-3">
        <IntentField value="logout-other-sessions" />
        <FormErrors form={form} />
        <PasswordField meta={fields.password} label={t("Password")} autoComplete="current-password" />
        <div>
          <SubmitButton variant="outlined">{t("Log out other sessions")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
