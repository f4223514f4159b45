import { useRef } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/settings";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { readSettingsForm, settingErrors } from "~/admin/settings-form.server";
import { findSettingsGroup, SETTINGS_GROUPS, type SettingField, type StatusKind } from "~/admin/settings-groups";
import { LandingEditor } from "~/admin/ui/landing-editor";
import { MediaUpload } from "~/admin/ui/media-upload";
import { AdminNavLink } from "~/admin/ui/admin-nav-link";
import { AdminPageHeader, AdminSection, Badge } from "~/admin/ui/page";
import { authEnv } from "~/request/env";
import { providerConfig } from "~/auth/social/providers.server";
import { SOCIAL_SERVICES, SOCIAL_SERVICE_LABELS } from "~/auth/social/services";
import { billingEnv, stripeConfigFrom, usesLocalProvider } from "~/billing/payment-provider.server";
import { useTrans } from "~/i18n/translation-context";
import { timeZoneGroups } from "~/i18n/value-lists";
import { mailerConfigured, mailerFor, sendSafely } from "~/mail/mailer.server";
import { listPageChoices } from "~/pages/page-admin.server";
import { listChannelChoices } from "~/channels/channel-admin.server";
import { getWorker } from "~/request/context";
import { saveSettings } from "~/settings/settings.server";
import type { LandingContent, Settings } from "~/settings/definitions";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { descriptionClasses, errorClasses, inputClasses, labelClasses } from "~/ui/field-styles";
import { IntentField, SubmitButton } from "~/ui/forms/fields";
import { readIntent } from "~/ui/forms/submission.server";
import { useHydrated } from "~/ui/use-hydrated";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData ? `${loaderData.group.label} - Settings` : "Settings") }];

function groupOf(id: string | undefined) {
  const group = id ? findSettingsGroup(id) : null;
  if (!group) throw data(null, { status: 404 });
  return group;
}

/** Deployment facts a group shows; secrets only as "set" or "not set". */
function statusFacts(kinds: StatusKind[] | undefined, env: Env, origin: string, settings: Settings) {
  const facts: { label: string; value: string; tone: "positive" | "warning" | "neutral" }[] = [];
  const auth = authEnv(env);
  for (const kind of kinds ?? []) {
    if (kind === "socialProviders") {
      for (const service of SOCIAL_SERVICES) {
        const configured = providerConfig(auth, service) !== null;
        facts.push({
          label: SOCIAL_SERVICE_LABELS[service],
          value: configured ? "Credentials configured" : `Missing OAUTH_${service.toUpperCase()}_CLIENT_ID / _CLIENT_SECRET`,
          tone: configured ? "positive" : "warning",
        });
      }
    } else if (kind === "billingProvider") {
      const stripe = stripeConfigFrom(billingEnv(env));
      facts.push({
        label: "Payment provider",
        value: stripe ? "Stripe" : usesLocalProvider(env) ? "Local test mode (no real payments)" : "None: payments unavailable",
        tone: stripe ? "positive" : "warning",
      });
      facts.push({ label: "Stripe webhook address", value: `${origin}/api/v1/billing/stripe/webhook`, tone: "neutral" });
    } else if (kind === "mailTransport") {
      const mail = env as unknown as { APP_ENV?: string; MAIL_API_URL?: string; MAIL_API_KEY?: string; MAIL_FROM?: string };
      facts.push({
        label: "Delivery",
        value: mail.APP_ENV === "local" ? "Local outbox (/dev/mailbox)" : mailerConfigured(mail) ? `HTTP API (${new URL(mail.MAIL_API_URL!).host})` : "Not configured: MAIL_API_URL and MAIL_API_KEY",
        tone: mailerConfigured(mail) ? "positive" : "warning",
      });
      facts.push({ label: "Sender", value: mail.MAIL_FROM || `${settings["branding.site_name"]} <no-reply@${new URL(origin).hostname}>`, tone: "neutral" });
    } else if (kind === "humanCheckSecret") {
      const secret = Boolean((env as unknown as { TURNSTILE_SECRET_KEY?: string }).TURNSTILE_SECRET_KEY);
      facts.push({
        label: "Secret key",
        value: secret ? "Set (TURNSTILE_SECRET_KEY)" : "Not set: checks stay off until TURNSTILE_SECRET_KEY is a Worker secret",
        tone: secret ? "positive" : "warning",
      });
    } else if (kind === "customCodeSafety") {
      facts.push({
        label: "Scripts in custom HTML",
        value: settings["custom_code.allow_scripts"] ? "Run, with each page's security nonce" : "Removed (with event handlers and javascript: links)",
        tone: settings["custom_code.allow_scripts"] ? "warning" : "positive",
      });
    }
  }
  return facts;
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.settingsUpdate);
  const group = groupOf(args.params.group);
  const { settings, themes, localizations } = admin.app;
  const needs = new Set(group.fields.flatMap((f) => (f.kind === "select" && "from" in f.options ? [f.options.from] : [])));
  const values: Record<string, unknown> = {};
  for (const field of group.fields) values[field.key] = settings[field.key];
  return {
    group,
    groups: SETTINGS_GROUPS.map((g) => ({ id: g.id, label: g.label })),
    values,
    options: {
      pages: needs.has("pages") ? (await listPageChoices(admin.app.db)).map((p) => ({ value: p.slug, label: `${p.title} (/pages/${p.slug})` })) : [],
      channels: needs.has("channels") ? (await listChannelChoices(admin.app.db)).map((c) => ({ value: c.slug, label: `${c.name} (/channel/${c.slug})` })) : [],
      themes: needs.has("themes") ? themes.map((th) => ({ value: String(th.id), label: th.name })) : [],
      localizations: needs.has("localizations") ? localizations.map((l) => ({ value: l.language, label: `${l.name} (${l.language})` })) : [],
      timeZones: needs.has("timeZones") ? timeZoneGroups().flatMap((g) => g.zones.map((z) => ({ value: z.value, label: z.text }))) : [],
    },
    status: statusFacts(group.status, getWorker(args.context).env, args.url.origin, settings),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.settingsUpdate);
  const { request, context } = args;
  const group = groupOf(args.params.group);
  const t = admin.app.t;
  const back = `/admin/settings/${group.id}`;
  const formData = await request.formData();
  const intent = readIntent(formData);

  if (intent === "test-mail" && group.actions?.some((a) => a.intent === intent)) {
    const env = getWorker(context).env as unknown as { APP_ENV?: string; MAIL_API_URL?: string; MAIL_API_KEY?: string };
    const siteName = admin.app.settings["branding.site_name"];
    const sent = await sendSafely(mailerFor(env, admin.app.db, `${siteName} <no-reply@${args.url.hostname}>`), {
      to: admin.user.email,
      subject: t("Test mail from :site", { site: siteName }),
      text: t("This is a test mail sent from the admin area of :site. Mail delivery works.", { site: siteName }),
      html: `<p>${t("This is a test mail sent from the admin area of :site. Mail delivery works.", { site: siteName }).replace(/[<>&]/g, "")}</p>`,
    });
    return redirectWithToast(
      request,
      back,
      sent
        ? { message: t("Test mail to :email queued. Its delivery shows under Mail deliveries.", { email: admin.user.email }), type: "positive" }
        : { message: t("The test mail could not be queued. See the logs."), type: "danger" },
    );
  }

  const { update, errors: readErrors } = readSettingsForm(group, formData, admin.app.settings);
  const errors = { ...readErrors, ...settingErrors(update, t) };
  if (Object.keys(errors).length) return data({ errors, values: update }, { status: 422 });
  const result = await saveSettings(admin.app.db, update, { record: admin.record("settings.update", "setting") });
  if (!result.ok) return data({ errors: result.errors, values: update }, { status: 422 });
  return redirectWithToast(request, back, { message: t("Settings saved"), type: "positive" });
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { group, groups, status } = loaderData;
  const failed = actionData && "errors" in actionData ? actionData : null;
  const errors: Record<string, string[]> = failed?.errors ?? {};
  const values = { ...loaderData.values, ...(failed?.values ?? {}) } as Record<string, unknown>;
  const hydrated = useHydrated();
  const imageFields = group.fields.filter((f) => f.kind === "image");
  return (
    <>
      <AdminPageHeader title={t("Settings")} description={t(group.description)} />
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <nav aria-label={t("Settings")} className="md:w-56 md:shrink-0">
          <ul className="flex flex-row flex-wrap gap-1 md:flex-col" data-testid="settings-groups">
            {groups.map((g) => (
              <li key={g.id}>
                <AdminNavLink
                  to={`/admin/settings/${g.id}`}
                  className={({ isActive }) => `block rounded-md px-3 py-1.5 text-sm ${isActive ? "bg-primary-light font-medium text-primary" : "text-foreground hover:bg-paper"}`}
                >
                  {t(g.label)}
                </AdminNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-6">
          {status.length > 0 ? (
            <AdminSection title={t("This deployment")} description={t("Secrets are Worker secrets (wrangler secret put): they are never stored in the database nor shown here.")}>
              <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="settings-status">
                {status.map((fact) => (
                  <div key={fact.label} className="contents">
                    <dt className="text-muted">{t(fact.label)}</dt>
                    <dd>
                      <Badge tone={fact.tone}>{t(fact.value)}</Badge>
                    </dd>
                  </div>
                ))}
              </dl>
            </AdminSection>
          ) : null}
          {failed ? (
            <p role="alert" className="rounded-theme border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger" data-testid="form-errors">
              {t("Please correct the fields marked below.")}
            </p>
          ) : null}
          <Form method="post" className="flex flex-col gap-6" id="settings-form">
            <IntentField value="save" />
            <AdminSection title={t(group.label)}>
              <div className="flex flex-col gap-5">
                {group.fields.map((field) => (
                  <SettingInput key={field.key} field={field} value={values[field.key]} errors={errors} options={loaderData.options} />
                ))}
              </div>
            </AdminSection>
            <div className="flex flex-wrap justify-end gap-2">
              <SubmitButton>{t("Save settings")}</SubmitButton>
            </div>
          </Form>
          {group.actions?.length ? (
            <Form method="post" className="flex justify-end gap-2">
              {group.actions.map((a) => (
                <button key={a.intent} type="submit" name="intent" value={a.intent} className={buttonClasses({ variant: "outlined", color: "neutral" })}>
                  {t(a.label)}
                </button>
              ))}
            </Form>
          ) : null}
          {!hydrated && imageFields.length > 0 ? (
            <AdminSection title={t("Upload images")} description={t("Each upload replaces the image at once.")}>
              <div className="flex flex-col gap-4">
                {imageFields.map((field) => (
                  <form
                    key={field.key}
                    method="post"
                    encType="multipart/form-data"
                    action={`/admin/upload?${new URLSearchParams({ target: `setting:${field.key}`, back: `/admin/settings/${group.id}` })}`}
                    className="flex flex-wrap items-end gap-2"
                  >
                    <label className="flex flex-col gap-1 text-sm">
                      {t(field.label)}
                      <input type="file" name="file" accept="image/png,image/jpeg,image/gif,image/webp" required />
                    </label>
                    <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral", size: "sm" })}>
                      {t("Upload")}
                    </button>
                  </form>
                ))}
              </div>
            </AdminSection>
          ) : null}
        </div>
      </div>
    </>
  );
}

type Options = Awaited<ReturnType<typeof loader>>["options"];

function SettingInput({ field, value, errors, options }: { field: SettingField; value: unknown; errors: Record<string, string[]>; options: Options }) {
  const t = useTrans();
  const id = `setting-${field.key.replace(/\./g, "-")}`;
  const fieldErrors = errors[field.key];
  const help = field.description ? <p className={descriptionClasses}>{t(field.description)}</p> : null;
  const error = fieldErrors?.length ? (
    <p className={errorClasses} id={`${id}-error`} data-testid="field-error">
      {t(fieldErrors[0])}
    </p>
  ) : null;
  const invalid = fieldErrors?.length ? true : undefined;
  switch (field.kind) {
    case "boolean":
      return (
        <div className="flex flex-col gap-1">
          <input type="hidden" name={`${field.key}.present`} value="1" />
          <label className="inline-flex items-start gap-2 text-sm text-foreground">
            <input id={id} type="checkbox" name={field.key} defaultChecked={Boolean(value)} className="mt-0.5 size-4 accent-(--be-primary)" />
            <span>{t(field.label)}</span>
          </label>
          {field.description ? <p className={`${descriptionClasses} pl-6`}>{t(field.description)}</p> : null}
          {error}
        </div>
      );
    case "select": {
      const list = "static" in field.options ? field.options.static : options[field.options.from];
      return (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className={labelClasses}>
            {t(field.label)}
          </label>
          <select id={id} name={field.key} defaultValue={String(value ?? "")} className={inputClasses} aria-invalid={invalid}>
            {field.key === "homepage.value" ? <option value="">{t("None")}</option> : null}
            {list.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
          {help}
          {error}
        </div>
      );
    }
    case "megabytes":
      return (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className={labelClasses}>
            {t(field.label)}
          </label>
          <input
            id={id}
            name={field.key}
            type="number"
            min={1}
            step="any"
            defaultValue={typeof value === "number" ? Math.round((value / 1024 / 1024) * 100) / 100 : ""}
            className={`${inputClasses} max-w-48`}
            aria-invalid={invalid}
          />
          {help}
          {error}
        </div>
      );
    case "lines":
      return (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className={labelClasses}>
            {t(field.label)}
          </label>
          <textarea id={id} name={field.key} rows={6} defaultValue={Array.isArray(value) ? value.join("\n") : ""} className={`${inputClasses} font-mono text-xs`} aria-invalid={invalid} />
          {help}
          {error}
          {Object.entries(errors)
            .filter(([name]) => name.startsWith(`${field.key}.`))
            .map(([name, messages]) => (
              <p key={name} className={errorClasses}>
                {t("Line :line: :message", { line: Number(name.split(".").pop()) + 1, message: t(messages[0]) })}
              </p>
            ))}
        </div>
      );
    case "textarea":
    case "code":
      return (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className={labelClasses}>
            {t(field.label)}
          </label>
          <textarea
            id={id}
            name={field.key}
            rows={field.rows ?? 4}
            defaultValue={String(value ?? "")}
            spellCheck={field.kind !== "code"}
            className={`${inputClasses} ${field.kind === "code" ? "font-mono text-xs" : ""}`}
            aria-invalid={invalid}
          />
          {help}
          {error}
        </div>
      );
    case "image":
      return <ImageSetting field={field} id={id} value={String(value ?? "")} error={error} help={help} invalid={invalid} />;
    case "policies":
      return <PoliciesSetting label={t(field.label)} help={help} policies={(value as { id: string; label: string; link?: string }[]) ?? []} errors={errors} />;
    case "cookieButton": {
      const button = value as { label: string; link: string } | null;
      return (
        <fieldset className="flex flex-col gap-2">
          <legend className={labelClasses}>{t(field.label)}</legend>
          <input type="hidden" name="cookie_notice.button.present" value="1" />
          <div className="grid gap-3 sm:grid-cols-2">
            <input name="cookie_notice.button.label" defaultValue={button?.label ?? ""} placeholder={t("Label")} aria-label={t("Label")} className={inputClasses} />
            <input name="cookie_notice.button.link" defaultValue={button?.link ?? ""} placeholder="/pages/privacy-policy" aria-label={t("Link")} className={inputClasses} />
          </div>
          {help}
          {error}
        </fieldset>
      );
    }
    case "landing":
      return <LandingEditor content={value as LandingContent} errors={errors} />;
    default:
      return (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className={labelClasses}>
            {t(field.label)}
          </label>
          <input
            id={id}
            name={field.key}
            type={field.kind === "email" ? "email" : "text"}
            defaultValue={String(value ?? "")}
            placeholder={"placeholder" in field ? field.placeholder : undefined}
            className={inputClasses}
            aria-invalid={invalid}
          />
          {help}
          {error}
        </div>
      );
  }
}

function ImageSetting({ field, id, value, error, help, invalid }: { field: SettingField; id: string; value: string; error: React.ReactNode; help: React.ReactNode; invalid: true | undefined }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {t(field.label)}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? <img src={value} alt="" className="size-10 rounded border border-divider bg-paper object-contain p-1" /> : null}
        <input ref={input} id={id} name={field.key} defaultValue={value} className={`${inputClasses} min-w-56 flex-1`} aria-invalid={invalid} />
      </div>
      {hydrated ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-primary">{t("Upload an image")}</summary>
          <div className="mt-2">
            <MediaUpload
              label={field.label}
              kind="image"
              target={`setting:${field.key}`}
              onUploaded={(address) => {
                if (input.current) input.current.value = address;
              }}
            />
            <p className={descriptionClasses}>{t("Then save the settings.")}</p>
          </div>
        </details>
      ) : null}
      {help}
      {error}
    </div>
  );
}

function PoliciesSetting({ label, help, policies, errors }: { label: string; help: React.ReactNode; policies: { id: string; label: string; link?: string }[]; errors: Record<string, string[]> }) {
  const t = useTrans();
  const rows = [...policies, { id: "", label: "", link: "" }];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={labelClasses}>{label}</legend>
      <input type="hidden" name="registration.policies.present" value="1" />
      {rows.map((policy, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_2fr_2fr]">
          <input name={`registration.policies.${i}.id`} defaultValue={policy.id} placeholder={t("Id")} aria-label={t("Id")} className={inputClasses} />
          <input name={`registration.policies.${i}.label`} defaultValue={policy.label} placeholder={t("Name")} aria-label={t("Name")} className={inputClasses} />
          <input name={`registration.policies.${i}.link`} defaultValue={policy.link ?? ""} placeholder="/pages/terms-of-service" aria-label={t("Link")} className={inputClasses} />
          {Object.entries(errors)
            .filter(([name]) => name.startsWith(`registration.policies.${i}.`))
            .map(([name, messages]) => (
              <p key={name} className={`${errorClasses} sm:col-span-3`}>
                {t(messages[0])}
              </p>
            ))}
        </div>
      ))}
      {help}
      {errors["registration.policies"] ? <p className={errorClasses}>{t(errors["registration.policies"][0])}</p> : null}
    </fieldset>
  );
}
