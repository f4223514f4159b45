import { inArray, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import type { Translate } from "~/i18n/translate";
import { messageMail, type MailBlock } from "~/mail/templates";
import type { QueuedMail } from "~/mail/mail-queue.server";
import type { NotificationChannels, NotificationData } from "./notification-data";
import type { NotificationTypeId } from "./notification-types";
import { channelsForRecipients } from "./preferences.server";
import { notifications } from "./tables";
import { translatorFor, type NotificationServices } from "./services.server";

/**
 * The one way a notification reaches people. For each recipient it reads
 * their choices for the type (or its defaults) and then:
 * - database: a row listed on /notifications and counted in the badge;
 * - browser: the same row flagged for open tabs (Web Notifications API);
 * - mail: a rendered mail handed to the mail queue.
 * Everything is rendered in the recipient's own language.
 */

export interface Recipient {
  id: number;
  email: string;
  language: string | null;
}

export interface RenderContext {
  t: Translate;
  siteName: string;
  baseUrl: string;
}

export interface RenderedNotification {
  data: NotificationData;
  /** The mail version; omitted: built from the lines and the main action. */
  mail?: { subject: string; block: MailBlock };
}

export interface NotificationMessage {
  type: NotificationTypeId;
  render(context: RenderContext): RenderedNotification;
}

export interface DeliveryReport {
  stored: number;
  mailed: number;
  /** Ids of the stored rows, per user. */
  notificationIds: Map<number, number>;
}

/** 5 values per row: at most 19 rows per INSERT under D1's 100-parameter limit. */
const INSERT_CHUNK = 19;

export async function notify(services: NotificationServices, recipients: Recipient[], message: NotificationMessage): Promise<DeliveryReport> {
  const report: DeliveryReport = { stored: 0, mailed: 0, notificationIds: new Map() };
  const unique = [...new Map(recipients.map((r) => [r.id, r])).values()];
  if (unique.length === 0) return report;
  const channels = await channelsForRecipients(
    services.db,
    unique.map((r) => r.id),
    message.type,
  );

  const rendered = new Map<string, RenderedNotification>();
  const renderFor = (language: string | null) => {
    const key = language ?? "";
    let out = rendered.get(key);
    if (!out) {
      out = message.render({ t: translatorFor(services, language), siteName: services.settings["branding.site_name"], baseUrl: services.baseUrl });
      rendered.set(key, out);
    }
    return out;
  };

  const rows: { recipient: Recipient; values: typeof notifications.$inferInsert }[] = [];
  const mails: QueuedMail[] = [];
  for (const recipient of unique) {
    const chosen: NotificationChannels = channels.get(recipient.id)!;
    const { data, mail } = renderFor(recipient.language);
    if (chosen.database || chosen.browser) {
      rows.push({ recipient, values: { userId: recipient.id, type: message.type, data, inApp: chosen.database, browser: chosen.browser } });
    }
    if (chosen.mail) {
      const t = translatorFor(services, recipient.language);
      const context = { t, siteName: services.settings["branding.site_name"], baseUrl: services.baseUrl };
      const content = mail ?? mailFromData(data, context);
      mails.push({ message: messageMail(context, recipient.email, content.subject, content.block), source: message.type, userId: recipient.id });
    }
  }

  if (rows.length > 0) {
    const inserts = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      inserts.push(
        services.db
          .insert(notifications)
          .values(rows.slice(i, i + INSERT_CHUNK).map((row) => row.values))
          .returning({ id: notifications.id, userId: notifications.userId }),
      );
    }
    const listed = rows.filter((row) => row.values.inApp).map((row) => row.recipient.id);
    const counters = [];
    for (let i = 0; i < listed.length; i += 90) counters.push(refreshUnreadCounts(services, listed.slice(i, i + 90)));
    const results = await services.db.batch([...inserts, ...counters] as unknown as [(typeof inserts)[number]]);
    for (const result of results.slice(0, inserts.length) as { id: number; userId: number }[][]) {
      for (const row of result) report.notificationIds.set(row.userId, row.id);
    }
    report.stored = rows.length;
  }
  if (mails.length > 0) {
    await services.mail.enqueue(mails);
    report.mailed = mails.length;
  }
  return report;
}

/** users.unread_notifications_count recounted from the rows themselves (never drifts). */
export function refreshUnreadCounts(services: Pick<NotificationServices, "db">, userIds: number[]) {
  return services.db
    .update(users)
    .set({
      unreadNotificationsCount: sql`(SELECT count(*) FROM notifications n WHERE n.user_id = ${users.id} AND n.in_app = 1 AND n.read_at IS NULL)`,
    })
    .where(inArray(users.id, userIds));
}

/** Lines without their markup, for the text of mails and system notifications. */
export function plainText(html: string) {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function mailFromData(data: NotificationData, context: RenderContext): { subject: string; block: MailBlock } {
  const [first, ...rest] = data.lines.map((line) => plainText(line.content)).filter(Boolean);
  const action = data.mainAction;
  return {
    subject: first ?? context.siteName,
    block: {
      paragraphs: [first ?? "", ...rest].filter(Boolean),
      button: action ? { label: action.label, url: absoluteUrl(action.action, context.baseUrl) } : undefined,
    },
  };
}

export function absoluteUrl(action: string, baseUrl: string) {
  return /^https?:\/\//i.test(action) ? action : `${baseUrl}${action.startsWith("/") ? "" : "/"}${action}`;
}
