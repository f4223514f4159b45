import { escapeHtml } from "~/mail/templates";
import type { NotificationMessage } from "~/notifications/deliver.server";

/**
 * The notifications follows send (decision 033). Names and headlines people
 * chose are escaped in the HTML lines and given to mails as plain text.
 */
const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;

export function followerMessage(details: { name: string; profilePath: string; request: boolean }): NotificationMessage {
  const key = details.request ? ":name asked to follow you" : ":name started following you";
  const label = details.request ? "See follow requests" : "See their profile";
  return {
    type: details.request ? "social.follow_request" : "social.follower",
    render({ t, baseUrl }) {
      const action = details.request ? "/follow-requests" : details.profilePath;
      return {
        data: {
          lines: [{ type: "primary", content: t(key, { name: strong(details.name) }), icon: "person" }],
          mainAction: { label: t(label), action },
        },
        mail: { subject: t(key, { name: details.name }), block: { paragraphs: [t(key, { name: details.name })], button: { label: t(label), url: `${baseUrl}${action}` } } },
      };
    },
  };
}

export function followedReviewMessage(details: { name: string; title: string; headline: string; path: string }): NotificationMessage {
  const key = ":name reviewed :title, which you rated";
  return {
    type: "social.followed_review",
    render({ t, baseUrl }) {
      return {
        data: {
          lines: [
            { type: "primary", content: t(key, { name: strong(details.name), title: strong(details.title) }), icon: "comment" },
            { type: "secondary", content: escapeHtml(details.headline) },
          ],
          mainAction: { label: t("Read the review"), action: details.path },
        },
        mail: {
          subject: t(key, { name: details.name, title: details.title }),
          block: { paragraphs: [t(key, { name: details.name, title: details.title }), details.headline], button: { label: t("Read the review"), url: `${baseUrl}${details.path}` } },
        },
      };
    },
  };
}
