import { eq } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { cancelSubscriptionsForDeletion } from "~/billing/user-data.server";
import type { PaymentProvider } from "~/billing/provider";
import { anonymiseViewHistory } from "~/catalogue/user-data.server";
import type { Statement } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/mail/outbox.tables";
import { libraryDeletionStatements } from "~/library/user-data.server";
import { deleteAllUploadsOf } from "~/uploads/user-data.server";
import { workspaceDeletionStatements } from "~/workspaces/user-data.server";

/**
 * Deletes an account and everything stored about it, in the order that
 * keeps a failure safe to retry:
 * 1. subscriptions end at the payment provider (if that fails, nothing else
 *    happens: the account stays and can be deleted later);
 * 2. every stored file goes from R2 (uploads, avatars, unfinished uploads);
 * 3. one D1 batch: view history made anonymous, others' files in the
 *    user's workspaces handed back to their uploaders, invitations to the
 *    address withdrawn, local outbox mail to it removed, and the user row
 *    deleted, which cascades to sessions, API tokens, social profiles,
 *    roles, verifications, the security log, billing records,
 *    notifications and their settings, mail deliveries, workspace
 *    memberships and the workspaces they own.
 */
export async function deleteAccount(
  deps: { db: Database; bucket: R2Bucket; payments: PaymentProvider | null },
  user: { id: number; email: string },
  /** Written in the final batch too (an administrator's deletion records itself in the audit log). */
  also: Statement[] = [],
) {
  const { db } = deps;
  const billing = await cancelSubscriptionsForDeletion(db, deps.payments, user.id);
  const files = await deleteAllUploadsOf(deps, user.id);
  await db.batch([
    ...anonymiseViewHistory(db, user.id),
    ...workspaceDeletionStatements(db, user.id, user.email),
    // Site averages without the user's votes, before the cascade removes them (decision 023).
    ...libraryDeletionStatements(db, user.id),
    db.delete(mailOutbox).where(eq(mailOutbox.to, user.email)),
    db.delete(users).where(eq(users.id, user.id)),
    ...also,
  ]);
  return { subscriptionsCancelled: billing.cancelled, filesDeleted: files };
}
