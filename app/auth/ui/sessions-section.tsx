import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { useTrans } from "~/i18n/translation-context";
import { SESSION_LIST_MAX_HEIGHT_PX } from "~/constants";
import { useDates } from "~/ui/use-dates";
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
const logoutOneSchema = z.object({ session_id: z.string().min(1).max(32) });

/**
 * "Active sessions" (spec sections 2 and 3): device icon by type, platform
 * and browser, city and country (or "Unknown"), IP (or "Unknown IP"; "API
 * Token" for API use, which has none), last activity as a relative time, and
 * "This device". Any other session can be logged out on its own; logging out
 * all the others always asks for the password. The list scrolls within 400 px.
 */
export function SessionsSection({ sessions, actionData }: { sessions: SessionItem[]; actionData: FormAnswer }) {
  const t = useTrans();
  const navigation = useNavigation();
  const { relative, format } = useDates();
  const [form, fields] = useAppForm({ schema: logoutOtherSchema, lastResult: answerFor(actionData, "logout-other-sessions"), id: "logout-other-sessions" });
  return (
    <section id="sessions" aria-labelledby="sessions-title" className="scroll-mt-24 rounded-theme border border-divider bg-elevated p-6" data-testid="sessions-section">
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t("Active sessions")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("If necessary, you may log out of all of your other browser sessions across all of your devices.")}</p>
      <ul className="mt-4 flex flex-col gap-1 overflow-y-auto pr-1" style={{ maxHeight: SESSION_LIST_MAX_HEIGHT_PX }} data-testid="session-list">
        {sessions.map((session) => {
          const place = [session.city, session.country].filter(Boolean).join(", ") || t("Unknown");
          const address = session.ip_address ?? (session.token ? t("API Token") : t("Unknown IP"));
          const title = session.token && !session.platform && !session.browser ? t("API Token") : `${session.platform ?? t("Unknown")} - ${session.browser ?? t("Unknown")}`;
          return (
            <li key={session.id} className="flex items-center gap-3 rounded-theme px-2 py-2 text-sm hover:bg-paper" data-testid="session" data-session-id={session.id}>
              <DeviceIcon type={session.token ? "api" : session.device_type} label={t(session.token ? "API Token" : deviceLabel(session.device_type))} />
              <div className="min-w-0 flex-1">
                <p className="font-medium" data-testid="session-title">
                  {title}
                </p>
                <p className="text-muted">
                  <span data-testid="session-place">{place}</span> · <span data-testid="session-ip">{address}</span> ·{" "}
                  {session.is_current_device ? (
                    <span className="font-semibold text-positive">{t("This device")}</span>
                  ) : (
                    <time dateTime={session.last_active} title={format(session.last_active)} data-testid="session-last-active">
                      {relative(session.last_active)}
                    </time>
                  )}
                </p>
              </div>
              {session.is_current_device ? null : session.token ? (
                // An API token's use ends when the token is deleted, not by logging its session out.
                <a href="#developers" className="shrink-0 text-sm font-medium text-primary underline-offset-4 hover:underline">
                  {t("Manage tokens")}
                </a>
              ) : (
                <LogoutOneForm session={session} actionData={actionData} pending={navigation.formData?.get("session_id") === session.id} />
              )}
            </li>
          );
        })}
      </ul>
      <Form method="post" {...getFormProps(form)} className="mt-6 flex max-w-md flex-col gap-3" data-testid="logout-other-sessions-form">
        <IntentField value="logout-other-sessions" />
        <FormErrors form={form} />
        <PasswordField meta={fields.password} label={t("Password")} autoComplete="current-password" />
        <div>
          <SubmitButton variant="outlined" isPending={navigation.formData?.get("intent") === "logout-other-sessions"}>
            {t("Sign out other sessions")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function LogoutOneForm({ session, actionData, pending }: { session: SessionItem; actionData: FormAnswer; pending: boolean }) {
  const t = useTrans();
  const answer = answerFor(actionData, "logout-session");
  const mine = answer && (answer as { initialValue?: { session_id?: unknown } }).initialValue?.session_id === session.id ? answer : undefined;
  const [form] = useAppForm({ schema: logoutOneSchema, lastResult: mine, id: `logout-session-${session.id}` });
  return (
    <Form method="post" {...getFormProps(form)} className="shrink-0">
      <IntentField value="logout-session" />
      <input type="hidden" name="session_id" value={session.id} />
      <FormErrors form={form} />
      <SubmitButton variant="text" color="danger" size="sm" isPending={pending} data-testid="logout-session">
        {t("Sign out")}
      </SubmitButton>
    </Form>
  );
}

function deviceLabel(type: string) {
  return type === "mobile" ? "Mobile" : type === "tablet" ? "Tablet" : "Desktop";
}

/** Desktop, tablet, phone, or a key for API-token use. */
function DeviceIcon({ type, label }: { type: string; label: string }) {
  const common = { "aria-hidden": true, viewBox: "0 0 24 24", className: "size-7 shrink-0 text-muted", fill: "none", stroke: "currentColor", strokeWidth: 1.6 } as const;
  return (
    <span title={label} data-testid="session-device" data-device={type} className="grid size-10 shrink-0 place-items-center rounded-full bg-paper">
      <span className="sr-only">{label}</span>
      {type === "mobile" ? (
        <svg {...common}>
          <rect x="7" y="2.5" width="10" height="19" rx="2" />
          <path strokeLinecap="round" d="M11 18.5h2" />
        </svg>
      ) : type === "tablet" ? (
        <svg {...common}>
          <rect x="4.5" y="2.5" width="15" height="19" rx="2" />
          <path strokeLinecap="round" d="M11 18.5h2" />
        </svg>
      ) : type === "api" ? (
        <svg {...common}>
          <circle cx="8" cy="15" r="4" />
          <path strokeLinecap="round" strokeLinejoin="round" d="m11 12 8.5-8.5M16 7l2.5 2.5M14 9l2 2" />
        </svg>
      ) : (
        <svg {...common}>
          <rect x="2.5" y="4" width="19" height="12.5" rx="1.5" />
          <path strokeLinecap="round" d="M8 20h8M12 16.5V20" />
        </svg>
      )}
    </span>
  );
}
