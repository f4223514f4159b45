import type { Translate } from "~/i18n/translate";
import type { MailMessage } from "./transports.server";

/**
 * The account mails, each with an HTML and a text part in the recipient's
 * language. Every interpolated value is escaped.
 */
export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

interface MailContext {
  t: Translate;
  siteName: string;
  baseUrl: string;
}

interface Block {
  paragraphs: string[];
  code?: string;
  button?: { label: string; url: string };
  after?: string[];
}

function render(ctx: MailContext, to: string, subject: string, block: Block): MailMessage {
  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px" cellpadding="0" cellspacing="0"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(ctx.siteName)}</p>
${block.paragraphs.map(p).join("\n")}
${block.code ? `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:bold;font-family:monospace" data-code>${escapeHtml(block.code)}</p>` : ""}
${block.button ? `<p style="margin:24px 0"><a href="${escapeHtml(block.button.url)}" style="background:#6d28d9;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(block.button.label)}</a></p>` : ""}
${(block.after ?? []).map(p).join("\n")}
</td></tr></table>
<p style="color:#64748b;font-size:12px;margin:16px 0 0">${escapeHtml(ctx.siteName)} · ${escapeHtml(ctx.baseUrl)}</p>
</td></tr></table></body></html>`;
  const text = [
    ...block.paragraphs,
    ...(block.code ? [block.code] : []),
    ...(block.button ? [`${block.button.label}: ${block.button.url}`] : []),
    ...(block.after ?? []),
    "",
    `${ctx.siteName} · ${ctx.baseUrl}`,
  ].join("\n\n");
  return { to, subject, text, html };
}

/**
 * A mail of paragraphs with an optional button, for senders outside the
 * account flows (notifications, workspace invitations). Values are escaped.
 */
export function messageMail(ctx: MailContext, to: string, subject: string, block: Block): MailMessage {
  return render(ctx, to, subject, block);
}

export type { MailContext, Block as MailBlock };

/** Names the sender of an account mail for the delivery records. */
function withSource(source: string, message: MailMessage): MailMessage {
  return { ...message, source };
}

export function verificationCodeMail(ctx: MailContext, to: string, code: string, minutes: number) {
  const { t } = ctx;
  return withSource(
    "account.verify-email",
    render(ctx, to, t("Your :site verification code: :code", { site: ctx.siteName, code }), {
      paragraphs: [t("Enter this code to verify your email address:")],
      code,
      after: [t("The code expires in :minutes minutes.", { minutes }), t("If you did not create an account, you can ignore this email.")],
    }),
  );
}

/** Repeated failed sign-ins or two-factor codes on the account (decision 021). */
export function failedAttemptsMail(ctx: MailContext, to: string, facts: { kind: "sign-in" | "two-factor"; failures: number; locked: boolean; settingsUrl: string }) {
  const { t } = ctx;
  const what = facts.kind === "sign-in" ? t("sign-in attempts with a wrong password") : t("wrong two-factor codes");
  return withSource(
    "account.failed-attempts",
    render(ctx, to, t("Failed sign-in attempts on your :site account", { site: ctx.siteName }), {
      paragraphs: [
        t("There have been :count :what on your account today.", { count: facts.failures, what }),
        facts.locked
          ? t("To protect your account, signing in this way is locked for the rest of the day. Browsers you have signed in with before can still sign in.")
          : t("Each further attempt now has to wait longer. Browsers you have signed in with before are not affected."),
        t("If this was not you, someone may be trying to guess your password: change it, and turn on two-factor authentication."),
      ],
      button: { label: t("Review your account security"), url: facts.settingsUrl },
    }),
  );
}

/**
 * The next step of a registration (decision 021): the link verifies
 * the address and signs in. Registration itself never signs in.
 */
export function registrationLinkMail(ctx: MailContext, to: string, url: string, hours: number) {
  const { t } = ctx;
  return withSource(
    "account.registration-link",
    render(ctx, to, t("Finish creating your :site account", { site: ctx.siteName }), {
      paragraphs: [t("Confirm your email address to finish creating your :site account.", { site: ctx.siteName })],
      button: { label: t("Finish creating my account"), url },
      after: [t("This link expires in :hours hours.", { hours }), t("If you did not create an account, you can ignore this email.")],
    }),
  );
}

/** Someone tried to register with an address that already has an account (decision 021). */
export function existingAccountMail(ctx: MailContext, to: string, urls: { login: string; reset: string }) {
  const { t } = ctx;
  return withSource(
    "account.registration-attempt",
    render(ctx, to, t("Someone tried to create a :site account with your address", { site: ctx.siteName }), {
      paragraphs: [t("Someone tried to create an account with this email address, but you already have one."), t("If it was you, sign in instead. If you forgot your password, you can reset it.")],
      button: { label: t("Sign in"), url: urls.login },
      after: [t("Forgot your password? :url", { url: urls.reset }), t("If it was not you, no further action is required.")],
    }),
  );
}

export function passwordResetMail(ctx: MailContext, to: string, url: string, minutes: number) {
  const { t } = ctx;
  return withSource(
    "account.password-reset",
    render(ctx, to, t("Reset your :site password", { site: ctx.siteName }), {
      paragraphs: [t("You are receiving this email because we received a password reset request for your account.")],
      button: { label: t("Reset password"), url },
      after: [t("This password reset link will expire in :minutes minutes.", { minutes }), t("If you did not request a password reset, no further action is required.")],
    }),
  );
}
