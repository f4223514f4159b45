import { escapeHtml } from "~/mail/templates";
import type { NotificationMessage } from "~/notifications/deliver.server";
import { excerpt } from "./body.server";

/**
 * The notifications reviews and comments send (decision 025). Everything people
 * wrote (names, titles, excerpts) is escaped in the HTML lines and given to
 * mails as plain text (the mail template escapes it): a review titled
 * `<img src=x onerror=alert(1)>` reads as those characters everywhere.
 */

const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;

export function replyMessage(details: { replier: string; on: "review" | "comment"; subject: string; body: string; path: string }): NotificationMessage {
  return {
    type: "community.reply",
    render({ t, baseUrl }) {
      const headline =
        details.on === "review"
          ? t(":name commented on your review :subject", { name: strong(details.replier), subject: strong(details.subject) })
          : t(":name replied to your comment", { name: strong(details.replier) });
      const plainHeadline =
        details.on === "review"
          ? t(":name commented on your review :subject", { name: details.replier, subject: `"${details.subject}"` })
          : t(":name replied to your comment", { name: details.replier });
      const quote = excerpt(details.body);
      return {
        data: {
          lines: [
            { type: "primary", content: headline, icon: "comment" },
            { type: "secondary", content: escapeHtml(quote) },
          ],
          mainAction: { label: t("Read the reply"), action: details.path },
        },
        mail: { subject: plainHeadline, block: { paragraphs: [plainHeadline, quote], button: { label: t("Read the reply"), url: `${baseUrl}${details.path}` } } },
      };
    },
  };
}

export function helpfulMilestoneMessage(details: { headline: string; count: number; path: string }): NotificationMessage {
  return {
    type: "community.helpful",
    render({ t, baseUrl }) {
      const line = (subject: string) => t(":count people found your review :subject helpful", { count: details.count, subject });
      return {
        data: {
          lines: [{ type: "primary", content: line(strong(details.headline)), icon: "thumb-up" }],
          mainAction: { label: t("See your review"), action: details.path },
        },
        mail: { subject: line(`"${details.headline}"`), block: { paragraphs: [line(`"${details.headline}"`)], button: { label: t("See your review"), url: `${baseUrl}${details.path}` } } },
      };
    },
  };
}

const ACTION_LINES = {
  approve: "A moderator approved your :kind: it is now shown to everyone.",
  hide: "A moderator hid your :kind.",
  delete: "A moderator deleted your :kind.",
  ban: "A moderator stopped you from posting until :until UTC.",
} as const;

export function moderationMessage(details: {
  action: keyof typeof ACTION_LINES;
  kind: "review" | "comment";
  text: string;
  until?: Date;
  reason?: string | null;
  path: string | null;
}): NotificationMessage {
  return {
    type: "community.moderation",
    render({ t, baseUrl }) {
      const until = details.until ? details.until.toISOString().slice(0, 16).replace("T", " ") : "";
      const line = t(ACTION_LINES[details.action], { kind: t(details.kind), until });
      const quote = excerpt(details.text);
      const reason = details.reason ? t("Reason: :reason", { reason: details.reason }) : null;
      return {
        data: {
          lines: [
            { type: "primary", content: escapeHtml(line), icon: "security" },
            { type: "secondary", content: escapeHtml(quote) },
            ...(reason ? [{ type: "secondary" as const, content: escapeHtml(reason) }] : []),
          ],
          ...(details.path ? { mainAction: { label: t("Open"), action: details.path } } : {}),
        },
        mail: {
          subject: line,
          block: {
            paragraphs: [line, quote, ...(reason ? [reason] : [])],
            ...(details.path ? { button: { label: t("Open"), url: `${baseUrl}${details.path}` } } : {}),
          },
        },
      };
    },
  };
}
