import { escapeHtml } from "~/mail/templates";
import type { SubscriptionEventKind } from "~/billing/tables";
import type { NotificationMessage } from "./deliver.server";
import type { NotificationTypeId } from "./notification-types";
import { formatInZone, toTime } from "~/i18n/dates";

/**
 * The notifications other domains send, each rendered in the recipient's
 * language. Values that come from people (device names, plan names) are
 * escaped: line content is HTML.
 */

const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;

/** Sign-in from a device the account has not used before (auth's security log decides). */
export function newDeviceMessage(details: { device: string | null; place: string | null; ip: string | null; time: Date }): NotificationMessage {
  return {
    type: "account.new_device",
    render({ t, siteName, baseUrl }) {
      const device = details.device || t("Unknown");
      const place = details.place || t("Unknown");
      const ip = details.ip || t("Unknown IP");
      const time = details.time.toUTCString();
      return {
        data: {
          lines: [
            { type: "primary", content: t("New sign-in to your account from :device.", { device: strong(device) }), icon: "security" },
            { type: "secondary", content: escapeHtml(t("Location: :place · IP address: :ip", { place, ip })) },
            { type: "secondary", content: escapeHtml(t("If this was not you, change your password and log out your other sessions.")) },
          ],
          mainAction: { label: t("Review your sessions"), action: "/account-settings#sessions" },
        },
        mail: {
          subject: t("New sign-in to your :site account", { site: siteName }),
          block: {
            paragraphs: [
              t("Your account was just signed in to from a device we have not seen before."),
              t("Device: :device", { device }),
              t("Location: :place", { place }),
              t("IP address: :ip", { ip }),
              t("Time: :time", { time }),
            ],
            button: { label: t("Review your sessions"), url: `${baseUrl}/account-settings#sessions` },
            after: [t("If this was not you, change your password right away and log out your other sessions.")],
          },
        },
      };
    },
  };
}

/** Which notification type each of billing's subscription events is (payment failed, invoice available, plan changed, cancelled). */
export const SUBSCRIPTION_EVENT_TYPES: Record<SubscriptionEventKind, NotificationTypeId> = {
  payment_failed: "billing.payment_failed",
  renewed: "billing.invoice_available",
  subscribed: "billing.plan_changed",
  plan_changed: "billing.plan_changed",
  cancel_scheduled: "billing.cancelled",
  resumed: "billing.cancelled",
  ended: "billing.cancelled",
};

type EventData = Record<string, string | number | boolean | null>;

function text(data: EventData, key: string) {
  const value = data[key];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function formatDate(iso: string | null, language: string) {
  if (!iso || toTime(iso) === null) return null;
  return formatInZone(iso, { language, timeZone: "UTC", style: "date" });
}

/**
 * A subscription event recorded by billing (subscription_events) as a
 * notification. Invoice links go to the provider's hosted invoice when there
 * is one, else to /billing.
 */
export function subscriptionEventMessage(kind: SubscriptionEventKind, data: EventData, language: string): NotificationMessage {
  return {
    type: SUBSCRIPTION_EVENT_TYPES[kind],
    render({ t }) {
      const plan = text(data, "plan") ?? t("your plan");
      const periodEnd = formatDate(text(data, "periodEnd"), language);
      const amount = text(data, "amount");
      const invoice = text(data, "invoice");
      const hostedUrl = text(data, "hostedUrl");
      const invoiceAction = hostedUrl && /^https?:\/\//i.test(hostedUrl) ? hostedUrl : "/billing";
      const billing = { label: t("Open billing"), action: "/billing" };
      switch (kind) {
        case "payment_failed":
          return {
            data: {
              lines: [
                { type: "primary", content: escapeHtml(t("Your payment failed.")), icon: "error" },
                {
                  type: "secondary",
                  content: escapeHtml(
                    amount ? t("We could not collect :amount. Update your payment method to keep your subscription.", { amount }) : t("Update your payment method to keep your subscription."),
                  ),
                },
              ],
              mainAction: { label: t("Update payment method"), action: "/billing" },
              buttonActions: [{ label: t("Update payment method"), action: "/billing" }],
            },
          };
        case "renewed":
          return {
            data: {
              lines: [
                { type: "primary", content: invoice ? t("Invoice :number is available.", { number: strong(invoice) }) : escapeHtml(t("A new invoice is available.")), icon: "receipt" },
                ...(amount ? [{ type: "secondary" as const, content: escapeHtml(t("Paid: :amount", { amount })) }] : []),
              ],
              mainAction: { label: t("View invoice"), action: invoiceAction },
              buttonActions: [{ label: t("View invoice"), action: invoiceAction }, ...(invoiceAction !== "/billing" ? [billing] : [])],
            },
          };
        case "subscribed":
          return {
            data: {
              lines: [
                { type: "primary", content: t("You are now subscribed to :plan.", { plan: strong(plan) }), icon: "star" },
                ...(periodEnd ? [{ type: "secondary" as const, content: escapeHtml(t("Your next renewal is on :date.", { date: periodEnd })) }] : []),
              ],
              mainAction: billing,
            },
          };
        case "plan_changed":
          return {
            data: {
              lines: [
                { type: "primary", content: t("Your plan changed to :plan.", { plan: strong(plan) }), icon: "star" },
                ...(periodEnd ? [{ type: "secondary" as const, content: escapeHtml(t("Your next renewal is on :date.", { date: periodEnd })) }] : []),
              ],
              mainAction: billing,
            },
          };
        case "cancel_scheduled":
          return {
            data: {
              lines: [
                { type: "primary", content: t("Your :plan subscription was cancelled.", { plan: strong(plan) }), icon: "cancel" },
                {
                  type: "secondary",
                  content: escapeHtml(periodEnd ? t("You keep access until :date. You can resume it before then.", { date: periodEnd }) : t("You can resume it until the end of the billing period.")),
                },
              ],
              mainAction: billing,
              buttonActions: [{ label: t("Resume subscription"), action: "/billing" }],
            },
          };
        case "resumed":
          return {
            data: {
              lines: [{ type: "primary", content: t("Your :plan subscription was resumed.", { plan: strong(plan) }), icon: "star" }],
              mainAction: billing,
            },
          };
        case "ended":
          return {
            data: {
              lines: [
                { type: "primary", content: t("Your :plan subscription has ended.", { plan: strong(plan) }), icon: "cancel" },
                { type: "secondary", content: escapeHtml(t("Choose a plan to subscribe again.")) },
              ],
              mainAction: { label: t("See plans"), action: "/pricing" },
            },
          };
      }
    },
  };
}

/** An admin broadcast (title, sanitised HTML body, optional action). */
export function announcementMessage(input: { title: string; body: string; action: { label: string; action: string } | null }): NotificationMessage {
  return {
    type: "site.announcement",
    render() {
      return {
        data: {
          lines: [{ type: "primary", content: escapeHtml(input.title), icon: "campaign" }, ...(input.body ? [{ type: "secondary" as const, content: input.body }] : [])],
          ...(input.action ? { mainAction: input.action, buttonActions: [input.action] } : {}),
        },
      };
    },
  };
}
