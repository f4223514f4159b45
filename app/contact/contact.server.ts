import { eq } from "drizzle-orm";
import { humanCheckEnabled } from "~/auth/human-check.server";
import { checkRateLimits } from "~/auth/rate-limit.server";
import type { AuthServices } from "~/auth/services.server";
import { log } from "~/log/log.server";
import { contactMessageMail } from "./contact-mail";
import { CONTACT_HONEYPOT_FIELD, type ContactInput } from "./schema";
import { contactMessages } from "./tables";

export type ContactOutcome = { status: "sent" } | { status: "rate-limited"; retryAfter: number } | { status: "human-check-failed" };

/** Where contact messages go: the contact.email setting, else MAIL_CONTACT_TO, else contact@<site host>. */
export function contactAddress(s: Pick<AuthServices, "app" | "worker" | "baseUrl">): string {
  const configured = s.app.settings["contact.email"];
  if (configured) return configured;
  const fromEnv = (s.worker.env as unknown as { MAIL_CONTACT_TO?: string }).MAIL_CONTACT_TO;
  return fromEnv || `contact@${new URL(s.baseUrl).hostname}`;
}

/**
 * A contact message: rate limited per IP, human-checked when the setting asks
 * for it, stored, then mailed to the site's address. A filled honeypot is
 * answered like a success (so bots learn nothing) but nothing is kept or sent.
 */
export async function submitContactMessage(s: AuthServices, input: ContactInput, humanCheckToken: unknown): Promise<ContactOutcome> {
  const limited = await checkRateLimits(s.limiter, [["contact:ip", s.info.ipAddress ?? "unknown"]]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  if (humanCheckEnabled(s.app.settings, s.env, "contact")) {
    const token = typeof humanCheckToken === "string" ? humanCheckToken : "";
    if (!(await s.humanCheck.verify(token, s.info.ipAddress))) return { status: "human-check-failed" };
  }
  if (input[CONTACT_HONEYPOT_FIELD]) {
    log("info", "contact form honeypot filled; message dropped", { requestId: s.worker.requestId });
    return { status: "sent" };
  }
  const [stored] = await s.app.db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      message: input.message,
      userId: s.app.user?.id ?? null,
      ipAddress: s.info.ipAddress,
      userAgent: s.request.headers.get("User-Agent")?.slice(0, 500) ?? null,
    })
    .returning({ id: contactMessages.id });
  const to = contactAddress(s);
  // The site's own language: the message goes to the people who run it.
  const mailed = await s.mail(s.app.settings["i18n.default_localization"], (ctx) => contactMessageMail(ctx, to, input));
  if (mailed) await s.app.db.update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, stored.id));
  return { status: "sent" };
}
