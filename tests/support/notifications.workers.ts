/**
 * Shared set-up for the notification and workspace tests that run inside
 * workerd with real local D1: users, a viewer, and notification services
 * whose background work (waitUntil) the test can wait for. Mail goes to the
 * local outbox (APP_ENV=local), as in development, unless a test passes
 * another environment.
 */
import { env } from "cloudflare:workers";
import { desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/request/viewer";
import { openD1 } from "~/db/client.server";
import type { Localization } from "~/i18n/i18n.server";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { mailQueueFor, type MailQueueEnv } from "~/mail/mail-queue.server";
import { mailOutbox } from "~/mail/outbox.tables";
import { defaultSettings, type Settings } from "~/settings/definitions";
import type { NotificationServices } from "~/notifications/services.server";

export const { db } = openD1(env.DB, null);
export const BASE_URL = "https://reelbase.test";

let counter = 0;
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Written in SQL naming only these columns, so the tests do not depend on columns other work adds to users. */
export async function createUser(input: { email?: string; language?: string | null; firstName?: string; verified?: boolean } = {}) {
  const email = input.email ?? uniqueEmail();
  const verified = input.verified === false ? null : Math.floor(Date.now() / 1000);
  const row = await db.get<{ id: number; email: string; language: string | null }>(
    sql`INSERT INTO users (email, first_name, language, email_verified_at) VALUES (${email}, ${input.firstName ?? "Test"}, ${input.language ?? null}, ${verified}) RETURNING id, email, language`,
  );
  return { ...row!, emailVerifiedAt: verified === null ? null : new Date(verified * 1000) };
}

export function viewerFor(userId: number, permissions: Record<string, { name: string; value: number }[]> = { "workspaces.create": [] }): Viewer {
  return { userId, roleIds: [], permissions: new Map(Object.entries(permissions)), isSubscribed: false };
}

export const LOCALIZATIONS: Localization[] = [
  { language: "en", name: "English", lines: {} },
  {
    language: "es",
    name: "Español",
    lines: {
      "Your payment failed.": "Tu pago ha fallado.",
      "Join :workspace on :site": "Únete a :workspace en :site",
    },
  },
];

export interface TestServices extends NotificationServices {
  /** Waits for everything handed to waitUntil so far (and what that started). */
  settle(): Promise<void>;
}

export function makeServices({ settings = {}, mailEnv = { APP_ENV: "local" }, queue = null }: { settings?: Partial<Settings>; mailEnv?: MailQueueEnv; queue?: Queue | null } = {}): TestServices {
  const pending: Promise<unknown>[] = [];
  const waitUntil = (work: Promise<unknown>) => {
    pending.push(work.catch(() => undefined));
  };
  return {
    db,
    settings: { ...defaultSettings(), ...settings },
    localizations: LOCALIZATIONS,
    baseUrl: BASE_URL,
    mail: mailQueueFor(mailEnv, db, { from: "Reelbase <no-reply@reelbase.test>", waitUntil }),
    queue,
    waitUntil,
    async settle() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
  };
}

export function outboxFor(email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}

export function deliveriesFor(email: string) {
  return db.select().from(mailDeliveries).where(eq(mailDeliveries.to, email)).orderBy(desc(mailDeliveries.id));
}
