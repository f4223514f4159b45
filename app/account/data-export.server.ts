import { exportAccountData } from "~/auth/user-data.server";
import { exportBillingData } from "~/billing/user-data.server";
import { exportViewHistory } from "~/catalogue/user-data.server";
import type { Database } from "~/db/client.server";
import { exportListData } from "~/lists/user-data.server";
import { exportLibraryData } from "~/library/user-data.server";
import { exportNotificationData } from "~/notifications/user-data.server";
import { exportFileEntries } from "~/uploads/user-data.server";
import { exportWorkspaceData } from "~/workspaces/user-data.server";

/**
 * "Download my data": everything the site stores about the user, gathered
 * from each domain that keeps any (accounts, billing, uploads, catalogue
 * views, notifications, workspaces), as one JSON document. Secrets are
 * never part of it.
 */
export async function collectUserData(db: Database, user: { id: number; email: string }, now = new Date()) {
  const userId = user.id;
  const [account, billing, files, views, notifications, workspaces, lists, library] = await Promise.all([
    exportAccountData(db, userId),
    exportBillingData(db, userId),
    exportFileEntries(db, userId),
    exportViewHistory(db, userId),
    exportNotificationData(db, userId),
    exportWorkspaceData(db, userId, user.email),
    exportListData(db, userId),
    exportLibraryData(db, userId),
  ]);
  return {
    exported_at: now.toISOString(),
    format: "reelbase-account-export/1",
    ...account,
    ...notifications,
    ...workspaces,
    ...lists,
    billing,
    file_entries: files,
    catalogue: views,
    library,
  };
}

/** The download's file name: account-data-<id>-<YYYY-MM-DD>.json. */
export function exportFileName(userId: number, now = new Date()) {
  return `account-data-${userId}-${now.toISOString().slice(0, 10)}.json`;
}

export function userDataResponse(data: unknown, fileName: string) {
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
