import { escapeHtml } from "~/mail/templates";
import type { MailMessage } from "~/mail/mailer.server";
import type { Translate } from "~/i18n/translate";

/** The copy of a contact message sent to the site's address. Every value is escaped. */
export function contactMessageMail(ctx: { t: Translate; siteName: string; baseUrl: string }, to: string, input: { name: string; email: string; message: string }): MailMessage {
  const { t } = ctx;
  const subject = t("New message from :name via :site", { name: input.name.slice(0, 80), site: ctx.siteName });
  const from = t("From: :name <:email>", { name: input.name, email: input.email });
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px" cellpadding="0" cellspacing="0"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(ctx.siteName)}</p>
<p style="margin:0 0 16px">${escapeHtml(from)}</p>
<p style="margin:0 0 16px;white-space:pre-wrap;line-height:1.5">${escapeHtml(input.message)}</p>
<p style="margin:24px 0 0;color:#64748b;font-size:12px">${escapeHtml(t("Reply to this person at :email.", { email: input.email }))}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [from, "", input.message, "", t("Reply to this person at :email.", { email: input.email }), "", `${ctx.siteName} · ${ctx.baseUrl}`].join("\n");
  return { to, subject, text, html };
}
