import { DomainError } from "~/http/domain-error";
import { memberName } from "~/auth/public-name";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { forgetSignedInUser } from "~/auth/signed-in-cache.server";
import { randomToken, signValue, timingSafeEqual, type AppKeys } from "~/auth/crypto.server";
import { maskEmail, normalizeEmail } from "~/auth/email";
import { checkRateLimits, type RateLimiter } from "~/auth/rate-limit.server";
import { users } from "~/auth/users.tables";
import { checkQuota, type Viewer } from "~/request/viewer";
import { WORKSPACE_INVITE_TTL_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { escapeHtml, messageMail } from "~/mail/templates";
import { notify, refreshUnreadCounts, type NotificationMessage } from "~/notifications/deliver.server";
import { WORKSPACE_DECLINE_ACTION, WORKSPACE_JOIN_ACTION } from "~/notifications/notification-data";
import { notifications } from "~/notifications/tables";
import { translatorFor, type NotificationServices } from "~/notifications/services.server";
import { canInvite, canRevokeInvite } from "./rules";
import { workspaceInvites, workspaceMembers, workspaces, type AssignableRole, type WorkspaceInviteRow } from "./tables";
import { inviteNoLongerValid } from "./workspace-error";
import { CREATE_PERMISSION, membershipRole, requireMembership } from "./workspaces.server";

/**
 * Invitations by e-mail (spec sections 3 and 4). Every invitee gets a mail
 * with a link to /workspace/invite/{id}?token=…; an invitee who already has
 * an account also gets a "workspace invitation" notification (inviteId in its
 * data, Join and Decline buttons). Mail and notification go through the
 * notifications module, so the invitee's channel choices apply.
 *
 * The invite id travels in notifications; the token (an HMAC of the id with
 * APP_KEY) only in the mail, so arriving with it proves the mailbox: a new
 * account registered through the link is verified by it, and the invite is
 * accepted on arrival.
 */

export interface InviteActor {
  id: number;
  displayName: string;
  viewer: Viewer;
}

export interface InviteDeps {
  services: NotificationServices;
  keys: AppKeys;
  limiter: RateLimiter;
  now?: Date;
}

export async function inviteToken(keys: AppKeys, inviteId: string) {
  const signed = await signValue(keys, `workspace-invite:${inviteId}`);
  return signed.slice(signed.lastIndexOf(".") + 1);
}

export async function isValidInviteToken(keys: AppKeys, inviteId: string, token: string | null | undefined) {
  if (!token || token.length > 100) return false;
  return timingSafeEqual(await inviteToken(keys, inviteId), token);
}

/**
 * Registering from an invitation's mailed link (the join page's return
 * address carries the invite's token): the token went only to the invited
 * mailbox, so it proves `email` when the invitation is for that address
 * (such a registration may sign in at once, decision 021).
 */
export async function invitationProvesAddress(db: Database, keys: AppKeys, returnTo: string | null | undefined, email: string) {
  if (!returnTo) return false;
  const url = URL.canParse(returnTo, "http://invite.local") ? new URL(returnTo, "http://invite.local") : null;
  const match = url && url.origin === "http://invite.local" ? /^\/workspace\/invite\/([\w-]{1,64})$/.exec(url.pathname) : null;
  if (!match) return false;
  const invite = await findInvite(db, match[1]!);
  if (!invite || invite.email !== normalizeEmail(email)) return false;
  return isValidInviteToken(keys, invite.id, url!.searchParams.get("token"));
}

export function inviteLink(baseUrl: string, inviteId: string, token: string) {
  return `${baseUrl}/workspace/invite/${encodeURIComponent(inviteId)}?token=${encodeURIComponent(token)}`;
}

/**
 * Invites addresses to a workspace (owner or admin). All or nothing: an
 * address that already belongs to a member, a full workspace or the rate
 * limit refuses the whole request and nothing is stored or sent. Inviting
 * an address with a pending invite sends it again (same id, fresh expiry).
 */
export async function inviteToWorkspace(deps: InviteDeps, actor: InviteActor, workspaceId: number, input: { emails: string[]; role: AssignableRole }): Promise<WorkspaceInviteRow[]> {
  const { db } = deps.services;
  const now = deps.now ?? new Date();
  const role = await requireMembership(db, actor.id, workspaceId);
  if (!canInvite(role)) throw new DomainError(403, "Only the owner or an admin can invite members.");
  const emails = [...new Set(input.emails.map(normalizeEmail))];

  // Every address counts against the inviter's limit, before anything else is looked at.
  const limited = await checkRateLimits(deps.limiter, [["workspace-invite:user", String(actor.id), emails.length]]);
  if (!limited.ok) {
    throw new DomainError(429, "Too many invitations. Please try again in :seconds seconds.", { values: { seconds: limited.retryAfter }, field: "emails" });
  }

  const [workspaceRows, memberRows, pendingRows] = await db.batch([
    db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)),
    db.select({ email: users.email }).from(workspaceMembers).innerJoin(users, eq(users.id, workspaceMembers.userId)).where(eq(workspaceMembers.workspaceId, workspaceId)),
    db
      .select({ email: workspaceInvites.email })
      .from(workspaceInvites)
      .where(and(eq(workspaceInvites.workspaceId, workspaceId), gt(workspaceInvites.expiresAt, now))),
  ]);
  const workspace = workspaceRows[0]!;
  const memberEmails = new Set(memberRows.map((m) => m.email));
  const already = emails.filter((email) => memberEmails.has(email));
  if (already.length > 0) {
    throw new DomainError(422, ":email is already a member of this workspace.", { values: { email: already[0] }, field: "emails" });
  }
  const pending = new Set(pendingRows.map((p) => p.email));
  const seats = memberRows.length + pendingRows.length + emails.filter((email) => !pending.has(email)).length;
  const quota = checkQuota(actor.viewer, CREATE_PERMISSION, "member_count", seats - 1);
  if (quota.overQuota) {
    const max = actor.viewer.permissions.get(CREATE_PERMISSION)?.find((r) => r.name === "member_count")?.value ?? 0;
    throw new DomainError(403, "This workspace can have at most :count members, invitations included.", { values: { count: max }, field: "emails" });
  }

  const expiresAt = new Date(now.getTime() + WORKSPACE_INVITE_TTL_S * 1000);
  // Expired invites to these addresses are replaced by fresh ones (new ids).
  const statements = [
    db.delete(workspaceInvites).where(and(eq(workspaceInvites.workspaceId, workspaceId), inArray(workspaceInvites.email, emails), lte(workspaceInvites.expiresAt, now))),
    ...emails.map((email) =>
      db
        .insert(workspaceInvites)
        .values({ id: randomToken(18), workspaceId, email, role: input.role, invitedBy: actor.id, createdAt: now, expiresAt })
        .onConflictDoUpdate({
          target: [workspaceInvites.workspaceId, workspaceInvites.email],
          set: { role: input.role, invitedBy: actor.id, expiresAt },
        })
        .returning(),
    ),
  ];
  const results = await db.batch(statements as unknown as [(typeof statements)[1]]);
  const invites = (results.slice(1) as WorkspaceInviteRow[][]).map((rows) => rows[0]);
  await sendInvitations(deps, actor, workspace, invites);
  return invites;
}

/** The mail to every invitee; the notification (with its own mail, per their choices) to those with an account. */
async function sendInvitations(deps: InviteDeps, actor: InviteActor, workspace: { id: number; name: string }, invites: WorkspaceInviteRow[]) {
  const { services } = deps;
  const accounts = await services.db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(
      inArray(
        users.email,
        invites.map((i) => i.email),
      ),
    );
  const byEmail = new Map(accounts.map((a) => [a.email, a]));
  const newcomers = [];
  for (const invite of invites) {
    const link = inviteLink(services.baseUrl, invite.id, await inviteToken(deps.keys, invite.id));
    const account = byEmail.get(invite.email);
    if (account) {
      await notify(services, [account], invitationMessage({ inviter: actor.displayName, workspace: workspace.name, inviteId: invite.id, link }));
    } else {
      newcomers.push({ invite, link });
    }
  }
  if (newcomers.length > 0) {
    const t = translatorFor(services, null);
    const context = { t, siteName: services.settings["branding.site_name"], baseUrl: services.baseUrl };
    await services.mail.enqueue(
      newcomers.map(({ invite, link }) => ({
        source: "workspace.invitation",
        message: messageMail(context, invite.email, t("Join :workspace on :site", { workspace: workspace.name, site: context.siteName }), {
          paragraphs: [t(":name invited you to join the :workspace workspace on :site.", { name: actor.displayName, workspace: workspace.name, site: context.siteName })],
          button: { label: t("Join workspace"), url: link },
          after: [t("Create an account with this email address to accept. If you were not expecting this invitation, you can ignore this email.")],
        }),
      })),
    );
  }
}

/** The "workspace invitation" notification (spec sections 2 and 3). */
export function invitationMessage(input: { inviter: string; workspace: string; inviteId: string; link: string }): NotificationMessage {
  return {
    type: "workspace.invitation",
    render({ t, siteName }) {
      return {
        data: {
          image: "group-add",
          inviteId: input.inviteId,
          lines: [
            {
              type: "primary",
              content: t(":name invited you to join the :workspace workspace.", {
                name: `<strong>${escapeHtml(input.inviter)}</strong>`,
                workspace: `<strong>${escapeHtml(input.workspace)}</strong>`,
              }),
            },
            { type: "secondary", content: escapeHtml(t("Join to share files and work together with its members.")) },
          ],
          mainAction: { label: t("View invitation"), action: `/workspace/invite/${encodeURIComponent(input.inviteId)}` },
          buttonActions: [
            { label: t("Join"), action: WORKSPACE_JOIN_ACTION },
            { label: t("Decline"), action: WORKSPACE_DECLINE_ACTION },
          ],
        },
        mail: {
          subject: t("Join :workspace on :site", { workspace: input.workspace, site: siteName }),
          block: {
            paragraphs: [t(":name invited you to join the :workspace workspace on :site.", { name: input.inviter, workspace: input.workspace, site: siteName })],
            button: { label: t("Join workspace"), url: input.link },
            after: [t("If you were not expecting this invitation, you can ignore this email.")],
          },
        },
      };
    },
  };
}

export interface InviteView {
  id: string;
  email: string;
  maskedEmail: string;
  role: AssignableRole;
  workspace: { id: number; name: string };
  inviter: string | null;
  accountExists: boolean;
}

/** A pending, unexpired invite with its workspace, or null ("This invite is no longer valid"). */
export async function findInvite(db: Database, inviteId: string, now = new Date()): Promise<InviteView | null> {
  if (!/^[\w-]{1,64}$/.test(inviteId)) return null;
  const [row] = await db
    .select({
      id: workspaceInvites.id,
      email: workspaceInvites.email,
      role: workspaceInvites.role,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      inviterFirst: users.firstName,
      inviterLast: users.lastName,
      inviterDisplay: users.displayName,
      inviterEmail: users.email,
      inviterId: users.id,
      accountExists: sql<number>`EXISTS (SELECT 1 FROM users u WHERE u.email = ${workspaceInvites.email})`,
    })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
    .where(and(eq(workspaceInvites.id, inviteId), gt(workspaceInvites.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const inviter = row.inviterId ? memberName({ id: row.inviterId, displayName: row.inviterDisplay, firstName: row.inviterFirst, lastName: row.inviterLast }) : null;
  return {
    id: row.id,
    email: row.email,
    maskedEmail: maskEmail(row.email),
    role: row.role,
    workspace: { id: row.workspaceId, name: row.workspaceName },
    inviter,
    accountExists: Boolean(row.accountExists),
  };
}

/** Invitation notifications about this invite are read, and stop offering Join and Decline, once it is answered. */
function answerNotifications(db: Database, userId: number, inviteId: string, now: Date) {
  return db
    .update(notifications)
    .set({
      readAt: sql`coalesce(${notifications.readAt}, ${Math.floor(now.getTime() / 1000)})`,
      data: sql`json_remove(${notifications.data}, '$.buttonActions')`,
    })
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "workspace.invitation"), sql`json_extract(${notifications.data}, '$.inviteId') = ${inviteId}`));
}

/** An invite that no longer exists: its notifications stop offering Join and Decline. */
export async function retireInviteNotifications(db: Database, userId: number, inviteId: string, now = new Date()) {
  await db.batch([answerNotifications(db, userId, inviteId, now), refreshUnreadCounts({ db }, [userId])]);
}

/**
 * Accepts an invite for the signed-in user: the invite must be theirs (sent
 * to their e-mail address). Someone who is a member already simply has the
 * invite removed. Returns the workspace joined.
 */
export async function acceptInvite(db: Database, user: { id: number; email: string }, inviteId: string, now = new Date()) {
  const invite = await findInvite(db, inviteId, now);
  if (!invite) throw inviteNoLongerValid();
  if (invite.email !== normalizeEmail(user.email)) {
    throw new DomainError(403, "This invitation was sent to another email address.");
  }
  await db.batch([
    db.insert(workspaceMembers).values({ workspaceId: invite.workspace.id, userId: user.id, role: invite.role }).onConflictDoNothing(),
    db.delete(workspaceInvites).where(eq(workspaceInvites.id, invite.id)),
    answerNotifications(db, user.id, invite.id, now),
    refreshUnreadCounts({ db }, [user.id]),
  ]);
  // Joined from the mailed link, a GET: drop the user's kept copies, whose workspaces miss this one (decision 028).
  forgetSignedInUser(user.id);
  return invite.workspace;
}

/**
 * DELETE workspace/invite/{id}: the invitee declines it, or an owner or admin
 * of its workspace revokes it. Anyone else learns only that it is not valid.
 */
export async function deleteInvite(db: Database, user: { id: number; email: string }, inviteId: string, now = new Date()) {
  const invite = await findInvite(db, inviteId, now);
  if (!invite) throw inviteNoLongerValid();
  const isInvitee = invite.email === normalizeEmail(user.email);
  if (!isInvitee) {
    const role = await membershipRole(db, user.id, invite.workspace.id);
    if (!canRevokeInvite(role)) throw inviteNoLongerValid();
  }
  await db.batch([
    db.delete(workspaceInvites).where(eq(workspaceInvites.id, invite.id)),
    ...(isInvitee ? [answerNotifications(db, user.id, invite.id, now), refreshUnreadCounts({ db }, [user.id])] : []),
  ]);
  return { declined: isInvitee, workspace: invite.workspace };
}
