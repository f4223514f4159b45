import { DomainError } from "~/http/domain-error";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requireWorkspaceMember } from "~/json-api/workspace.server";
import { appKeys } from "~/auth/crypto.server";
import { D1RateLimiter } from "~/auth/rate-limit.server";
import { createTranslate } from "~/i18n/translate";
import { listNotifications } from "~/notifications/notifications.server";
import { createUser, db, makeServices, outboxFor, uniqueEmail, viewerFor } from "../../tests/support/notifications.workers";
import { fileEntries } from "~/uploads/tables";
import { serveFileEntry } from "~/uploads/serve-file.server";
import { acceptInvite, deleteInvite, findInvite, inviteToken, inviteToWorkspace, isValidInviteToken, type InviteDeps } from "./invitations.server";
import { workspaceInvites, workspaceMembers } from "./tables";
import { changeMemberRole, createWorkspace, deleteWorkspace, leaveWorkspace, listWorkspacesOf, removeMember, renameWorkspace, workspaceDetails } from "./workspaces.server";

/**
 * Workspaces inside workerd with real D1 and R2: membership is checked on
 * every read and change, invitations go to the right people through the
 * notification channels, and an invite can be answered only by its invitee.
 */

const keys = await appKeys((env as unknown as { APP_KEY: string }).APP_KEY);

function deps(now = Date.now()): InviteDeps & { services: ReturnType<typeof makeServices> } {
  return { services: makeServices(), keys, limiter: new D1RateLimiter(db, () => now) };
}

async function owner(name = "Team") {
  const user = await createUser({ firstName: "Olivia" });
  const workspace = await createWorkspace(db, viewerFor(user.id), name);
  return { user, workspace };
}

const actor = (user: { id: number }, name = "Olivia") => ({ id: user.id, displayName: name, viewer: viewerFor(user.id) });

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.messageKey, field: error.field };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function members(workspaceId: number) {
  return db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
}

describe("workspaces", () => {
  it("have the personal workspace 0 first, and the creator as owner", async () => {
    const { user, workspace } = await owner("Zeta crew");
    const list = await listWorkspacesOf(db, user.id);
    expect(list[0]).toEqual({ id: 0, name: "Default", default: true, members_count: 1, role: "owner", owner_id: user.id });
    expect(list[1]).toMatchObject({ id: workspace.id, name: "Zeta crew", role: "owner", members_count: 1, default: false });
  });

  it("need workspaces.create, and its count restriction caps how many one owns", async () => {
    const user = await createUser();
    expect(await refusal(createWorkspace(db, viewerFor(user.id, {}), "Nope"))).toMatchObject({ status: 403 });
    const limited = viewerFor(user.id, { "workspaces.create": [{ name: "count", value: 1 }] });
    await createWorkspace(db, limited, "One");
    expect(await refusal(createWorkspace(db, limited, "Two"))).toMatchObject({ status: 403, message: "You have reached the maximum number of workspaces you can create." });
  });

  it("refuse non-members: no reading, renaming, deleting or inviting", async () => {
    const { workspace } = await owner();
    const stranger = await createUser();
    const notMember = { status: 403, message: "You are not a member of this workspace." };
    expect(await refusal(workspaceDetails(db, stranger.id, workspace.id))).toMatchObject(notMember);
    expect(await refusal(renameWorkspace(db, stranger.id, workspace.id, "Mine now"))).toMatchObject(notMember);
    expect(await refusal(deleteWorkspace(db, stranger.id, workspace.id))).toMatchObject(notMember);
    expect(await refusal(inviteToWorkspace(deps(), actor(stranger), workspace.id, { emails: [uniqueEmail()], role: "member" }))).toMatchObject(notMember);
    expect(await refusal(workspaceDetails(db, stranger.id, 999_999_999))).toMatchObject(notMember);
    expect((await workspaceDetails(db, workspace.owner_id, workspace.id)).name).toBe("Team");
  });

  it("apply the roles: members read, admins rename and remove members, only the owner changes roles and deletes", async () => {
    const { user: boss, workspace } = await owner();
    const [admin, member, other] = [await createUser(), await createUser(), await createUser()];
    await db.insert(workspaceMembers).values([
      { workspaceId: workspace.id, userId: admin.id, role: "admin" },
      { workspaceId: workspace.id, userId: member.id, role: "member" },
      { workspaceId: workspace.id, userId: other.id, role: "member" },
    ]);
    const details = await workspaceDetails(db, member.id, workspace.id);
    expect(details.members.map((m) => m.role)).toEqual(["owner", "admin", "member", "member"]);
    expect(details.invites).toEqual([]);
    expect(await refusal(renameWorkspace(db, member.id, workspace.id, "x"))).toMatchObject({ status: 403 });
    await renameWorkspace(db, admin.id, workspace.id, "  Renamed   team ");
    expect((await workspaceDetails(db, boss.id, workspace.id)).name).toBe("Renamed team");
    expect(await refusal(changeMemberRole(db, admin.id, workspace.id, member.id, "admin"))).toMatchObject({ status: 403 });
    expect(await refusal(removeMember(db, admin.id, workspace.id, boss.id))).toMatchObject({ status: 403 });
    expect(await refusal(removeMember(db, member.id, workspace.id, other.id))).toMatchObject({ status: 403 });
    await removeMember(db, admin.id, workspace.id, other.id);
    await changeMemberRole(db, boss.id, workspace.id, member.id, "admin");
    expect(await refusal(deleteWorkspace(db, admin.id, workspace.id))).toMatchObject({ status: 403 });
    expect(await refusal(leaveWorkspace(db, boss.id, workspace.id))).toMatchObject({ status: 403 });
    await leaveWorkspace(db, admin.id, workspace.id);
    expect((await members(workspace.id)).map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [boss.id, "owner"],
        [member.id, "admin"],
      ].sort(),
    );
  });

  it("deleting a workspace keeps its files (back to their uploaders' personal workspaces)", async () => {
    const { user, workspace } = await owner();
    const name = crypto.randomUUID().replaceAll("-", "");
    const [entry] = await db
      .insert(fileEntries)
      .values({ name: "plan.pdf", fileName: name, mime: "application/pdf", size: 3, disk: "uploads", path: `files/${name}`, ownerId: user.id, workspaceId: workspace.id })
      .returning();
    await deleteWorkspace(db, user.id, workspace.id);
    expect(await members(workspace.id)).toEqual([]);
    const [after] = await db.select().from(fileEntries).where(eq(fileEntries.id, entry.id));
    expect(after.workspaceId).toBe(0);
  });
});

describe("invitations", () => {
  it("mail every invitee a link; people with an account also get the notification with Join and Decline", async () => {
    const { user, workspace } = await owner("Film club");
    const existing = await createUser();
    const newcomer = uniqueEmail("newcomer");
    const d = deps();
    const invites = await inviteToWorkspace(d, actor(user), workspace.id, { emails: [existing.email.toUpperCase(), newcomer], role: "member" });
    await d.services.settle();
    expect(invites.map((i) => i.email)).toEqual([existing.email, newcomer]);

    const [notification] = (await listNotifications(db, existing.id)).pagination.data;
    expect(notification.type).toBe("workspace.invitation");
    expect(notification.data).toMatchObject({
      image: "group-add",
      inviteId: invites[0].id,
      buttonActions: [
        { label: "Join", action: "workspace.join" },
        { label: "Decline", action: "workspace.decline" },
      ],
    });
    expect(notification.data.lines[0].content).toBe("<strong>Olivia</strong> invited you to join the <strong>Film club</strong> workspace.");

    const [existingMail] = await outboxFor(existing.email);
    const [newcomerMail] = await outboxFor(newcomer);
    for (const [mail, invite] of [
      [existingMail, invites[0]],
      [newcomerMail, invites[1]],
    ] as const) {
      expect(mail.subject).toBe("Join Film club on Reelbase");
      const link = /https:\/\/reelbase\.test\/workspace\/invite\/([\w-]+)\?token=([\w-]+)/.exec(mail.text);
      expect(link?.[1]).toBe(invite.id);
      expect(await isValidInviteToken(keys, invite.id, link![2])).toBe(true);
    }
    expect(await isValidInviteToken(keys, invites[0].id, await inviteToken(keys, invites[1].id))).toBe(false);
  });

  it("refuse an address that belongs to a member, and store nothing", async () => {
    const { user, workspace } = await owner();
    const fresh = uniqueEmail("fresh");
    const d = deps();
    expect(await refusal(inviteToWorkspace(d, actor(user), workspace.id, { emails: [fresh, user.email], role: "member" }))).toMatchObject({
      status: 422,
      field: "emails",
      message: ":email is already a member of this workspace.",
    });
    expect(await db.select().from(workspaceInvites).where(eq(workspaceInvites.workspaceId, workspace.id))).toEqual([]);
    expect(await outboxFor(fresh)).toEqual([]);
  });

  it("are rate limited per inviter: 30 addresses a minute, then nothing more is stored", async () => {
    const { user, workspace } = await owner();
    const now = Date.now();
    for (let i = 0; i < 3; i++) {
      await inviteToWorkspace(deps(now), actor(user), workspace.id, { emails: Array.from({ length: 10 }, () => uniqueEmail("bulk")), role: "member" });
    }
    const extra = uniqueEmail("extra");
    expect(await refusal(inviteToWorkspace(deps(now), actor(user), workspace.id, { emails: [extra], role: "member" }))).toMatchObject({ status: 429 });
    const stored = await db.select().from(workspaceInvites).where(eq(workspaceInvites.workspaceId, workspace.id));
    expect(stored).toHaveLength(30);
    expect(stored.some((i) => i.email === extra)).toBe(false);
  });

  it("respect the member_count quota, pending invitations included", async () => {
    const user = await createUser();
    const viewer = viewerFor(user.id, { "workspaces.create": [{ name: "member_count", value: 2 }] });
    const workspace = await createWorkspace(db, viewer, "Small");
    await inviteToWorkspace(deps(), { id: user.id, displayName: "O", viewer }, workspace.id, { emails: [uniqueEmail()], role: "member" });
    expect(await refusal(inviteToWorkspace(deps(), { id: user.id, displayName: "O", viewer }, workspace.id, { emails: [uniqueEmail()], role: "member" }))).toMatchObject({ status: 403 });
  });

  it("can be accepted only by the invitee; accepting answers the notification and joins with the invited role", async () => {
    const { user, workspace } = await owner();
    const invitee = await createUser();
    const stranger = await createUser();
    const d = deps();
    const [invite] = await inviteToWorkspace(d, actor(user), workspace.id, { emails: [invitee.email], role: "admin" });
    await d.services.settle();
    expect(await refusal(acceptInvite(db, stranger, invite.id))).toMatchObject({ status: 403, message: "This invitation was sent to another email address." });
    expect(await refusal(deleteInvite(db, stranger, invite.id))).toMatchObject({ status: 404, message: "This invite is no longer valid" });
    expect(await findInvite(db, invite.id)).not.toBeNull();

    expect(await acceptInvite(db, invitee, invite.id)).toEqual({ id: workspace.id, name: "Team" });
    expect((await members(workspace.id)).find((m) => m.userId === invitee.id)?.role).toBe("admin");
    const list = await listNotifications(db, invitee.id);
    expect(list.unreadCount).toBe(0);
    expect(list.pagination.data[0].read_at).not.toBeNull();
    expect(list.pagination.data[0].data.buttonActions).toBeUndefined();
    expect(list.pagination.data[0].data.inviteId).toBe(invite.id);
    // The invite is gone: answering again says so.
    expect(await refusal(acceptInvite(db, invitee, invite.id))).toMatchObject({ status: 404, message: "This invite is no longer valid" });
  });

  it("can be declined by the invitee or revoked by an owner or admin; expired ones are not valid", async () => {
    const { user, workspace } = await owner();
    const [a, b, c] = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    const invitee = await createUser({ email: a });
    const [inviteA, inviteB, inviteC] = await inviteToWorkspace(deps(), actor(user), workspace.id, { emails: [a, b, c], role: "member" });
    expect(await deleteInvite(db, invitee, inviteA.id)).toMatchObject({ declined: true });
    expect(await deleteInvite(db, user, inviteB.id)).toMatchObject({ declined: false });
    expect(await findInvite(db, inviteA.id)).toBeNull();
    expect(await findInvite(db, inviteB.id)).toBeNull();
    await db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.id, inviteC.id));
    expect(await findInvite(db, inviteC.id)).toBeNull();
    expect(await refusal(acceptInvite(db, { id: 0, email: c }, inviteC.id))).toMatchObject({ status: 404 });
  });
});

describe("workspace-owned data", () => {
  const t = createTranslate({});

  it("api/v1 accepts workspaceId only from its members", async () => {
    const { user, workspace } = await owner();
    const stranger = await createUser();
    const app = (id: number) => ({ user: { id } as never, t, db });
    expect(await requireWorkspaceMember(app(user.id), String(workspace.id))).toBe(workspace.id);
    expect(await requireWorkspaceMember(app(stranger.id), "0")).toBe(0);
    await expect(requireWorkspaceMember(app(stranger.id), String(workspace.id))).rejects.toMatchObject({ status: 403 });
    await expect(requireWorkspaceMember(app(stranger.id), "abc")).rejects.toMatchObject({ status: 422 });
  });

  it("files on the uploads disk are served to members of their workspace, never to anyone else", async () => {
    const { user, workspace } = await owner();
    const [member, stranger] = [await createUser(), await createUser()];
    await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: member.id, role: "member" });
    const name = crypto.randomUUID().replaceAll("-", "");
    await env.FILES.put(`files/${name}`, "shared notes");
    await db.insert(fileEntries).values({ name: "notes.txt", fileName: name, mime: "text/plain", size: 12, disk: "uploads", path: `files/${name}`, ownerId: user.id, workspaceId: workspace.id });
    const serve = (userId: number) => serveFileEntry(db, env.FILES, viewerFor(userId, {}), name, new Request(`https://reelbase.test/files/${name}`));
    expect((await serve(member.id)).status).toBe(200);
    expect(await (await serve(user.id)).text()).toBe("shared notes");
    expect((await serve(stranger.id)).status).toBe(404);
  });
});
