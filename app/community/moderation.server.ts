import { DomainError } from "~/http/domain-error";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { auditStatement, type AuditActor } from "~/admin/audit.server";
import { memberName } from "~/auth/public-name";
import { permissions, rolePermissions } from "~/auth/roles.tables";
import { userPermissions, userRoles, users } from "~/auth/users.tables";
import { hasPermission, type Viewer } from "~/request/viewer";
import { titles } from "~/catalogue/tables";
import { MODERATION_QUEUE_PAGE_SIZE } from "~/constants";
import type { Statement } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import { notify } from "~/notifications/deliver.server";
import { commentTarget, deleteCommentStatements, recountComments } from "./comments.server";
import type { ModerationInput, ReportInput } from "./schema";
import { moderationMessage } from "./messages.server";
import { BAN_SCOPE_OF, limitCommunityWrite, MODERATE_PERMISSIONS } from "./posting.server";
import { deleteReviewStatements, recountReviews, reviewPath } from "./reviews.server";
import { comments, contentReports, postingBans, reviews, type BanScope, type PostStatus, type ReportSubject } from "./tables";
import type { CommunityServices } from "./services.server";

/**
 * Reports and the moderation queue (decision 025): anyone signed in reports a
 * review or comment once with a reason; reported and held posts wait in the
 * admin Moderation screen, where a moderator approves, hides or deletes them
 * or bans their author from posting for a while. Every action is written to
 * the audit log in the action's own batch, and the author is told.
 */

async function subjectRow(db: Database, kind: ReportSubject, id: number) {
  if (kind === "review") {
    const [row] = await db.select({ id: reviews.id, userId: reviews.userId, status: reviews.status, text: reviews.headline }).from(reviews).where(eq(reviews.id, id));
    return row ? { ...row, deleted: false, target: null } : null;
  }
  const [row] = await db
    .select({ id: comments.id, userId: comments.userId, status: comments.status, text: comments.body, deletedAt: comments.deletedAt, targetKind: comments.targetKind, targetId: comments.targetId })
    .from(comments)
    .where(eq(comments.id, id));
  return row ? { id: row.id, userId: row.userId, status: row.status, text: row.text, deleted: row.deletedAt !== null, target: { kind: row.targetKind, id: row.targetId } } : null;
}

function recountReports(db: Database, kind: ReportSubject, id: number) {
  const table = kind === "review" ? reviews : comments;
  return db
    .update(table)
    .set({
      openReports: sql`(SELECT count(*) FROM ${contentReports} WHERE ${contentReports.subjectKind} = ${kind} AND ${contentReports.subjectId} = ${id} AND ${contentReports.resolvedAt} IS NULL)`,
    })
    .where(eq(table.id, id));
}

/** A signed-in person reports a shown review or comment (once; a second report is a no-op). */
export async function reportContent(s: CommunityServices, kind: ReportSubject, id: number, input: ReportInput) {
  if (!s.user) throw new DomainError(401, s.t("You need to sign in first."));
  const row = await subjectRow(s.db, kind, id);
  if (!row || row.deleted || row.status !== "published") throw new DomainError(404, s.t("Nothing here."));
  // A comment is only reportable where the reporter can read its thread (a private list's is its owner's alone).
  if (
    row.target &&
    !(await commentTarget(s.db, row.target.kind, row.target.id, s.user.id).then(
      () => true,
      () => false,
    ))
  )
    throw new DomainError(404, s.t("Nothing here."));
  if (row.userId === s.user.id) throw new DomainError(422, s.t("You cannot report your own post."), { field: "reason" });
  await limitCommunityWrite(s, "report", s.user.id);
  await s.db.batch([
    s.db
      .insert(contentReports)
      .values({ subjectKind: kind, subjectId: id, userId: s.user.id, reason: input.reason, note: input.note || null })
      .onConflictDoNothing(),
    recountReports(s.db, kind, id),
  ]);
}

export interface QueueItem {
  kind: ReportSubject;
  id: number;
  status: PostStatus;
  headline: string | null;
  bodyHtml: string;
  openReports: number;
  reasons: string[];
  createdAt: string;
  /** The public name ("" when the member gave none: shown as "A member") and, for moderators only, the address. */
  author: { id: number; name: string; email: string; bannedUntil: string | null };
  path: string | null;
  /** What the post is about: the title a review is of, or the title, episode, list or review a comment is on. */
  about: string | null;
}

/** Held and reported posts, newest first (the partial indexes reviews_queue_idx and comments_queue_idx). */
export async function moderationQueue(db: Database, { limit = MODERATION_QUEUE_PAGE_SIZE, can }: { limit?: number; can: (kind: ReportSubject) => boolean }) {
  const author = { authorId: users.id, authorDisplayName: users.displayName, authorFirstName: users.firstName, authorLastName: users.lastName, authorEmail: users.email };
  const nameOf = (r: { authorId: number; authorDisplayName: string | null; authorFirstName: string | null; authorLastName: string | null }) =>
    memberName({ id: r.authorId, displayName: r.authorDisplayName, firstName: r.authorFirstName, lastName: r.authorLastName });
  const [reviewRows, commentRows] = await Promise.all([
    can("review")
      ? db
          .select({
            id: reviews.id,
            status: reviews.status,
            headline: reviews.headline,
            bodyHtml: reviews.bodyHtml,
            openReports: reviews.openReports,
            createdAt: reviews.createdAt,
            titleId: titles.id,
            slug: titles.slug,
            titleName: titles.name,
            ...author,
          })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .innerJoin(titles, eq(titles.id, reviews.titleId))
          .where(or(eq(reviews.status, "held"), sql`${reviews.openReports} > 0`))
          .orderBy(desc(reviews.id))
          .limit(limit)
      : Promise.resolve([]),
    can("comment")
      ? db
          .select({
            id: comments.id,
            status: comments.status,
            bodyHtml: comments.bodyHtml,
            openReports: comments.openReports,
            createdAt: comments.createdAt,
            targetKind: comments.targetKind,
            targetId: comments.targetId,
            ...author,
          })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.userId))
          .where(and(or(eq(comments.status, "held"), sql`${comments.openReports} > 0`), isNull(comments.deletedAt)))
          .orderBy(desc(comments.id))
          .limit(limit)
      : Promise.resolve([]),
  ]);
  const reportRows = [
    ...(reviewRows.length
      ? await db
          .select({ kind: contentReports.subjectKind, id: contentReports.subjectId, reason: contentReports.reason })
          .from(contentReports)
          .where(
            and(
              eq(contentReports.subjectKind, "review"),
              inArray(
                contentReports.subjectId,
                reviewRows.map((r) => r.id),
              ),
              isNull(contentReports.resolvedAt),
            ),
          )
      : []),
    ...(commentRows.length
      ? await db
          .select({ kind: contentReports.subjectKind, id: contentReports.subjectId, reason: contentReports.reason })
          .from(contentReports)
          .where(
            and(
              eq(contentReports.subjectKind, "comment"),
              inArray(
                contentReports.subjectId,
                commentRows.map((r) => r.id),
              ),
              isNull(contentReports.resolvedAt),
            ),
          )
      : []),
  ];
  const authorIds = [...new Set([...reviewRows, ...commentRows].map((r) => r.authorId))];
  const bans = authorIds.length ? await db.select({ userId: postingBans.userId, until: postingBans.until }).from(postingBans).where(inArray(postingBans.userId, authorIds)) : [];
  const banOf = (id: number) => {
    const until = Math.max(0, ...bans.filter((b) => b.userId === id).map((b) => b.until.getTime()));
    return until > Date.now() ? new Date(until).toISOString() : null;
  };
  const reasonsOf = (kind: ReportSubject, id: number) => [...new Set(reportRows.filter((r) => r.kind === kind && r.id === id).map((r) => r.reason))];
  const items: QueueItem[] = [
    ...reviewRows.map((r) => ({
      kind: "review" as const,
      id: r.id,
      status: r.status,
      headline: r.headline,
      bodyHtml: r.bodyHtml,
      openReports: r.openReports,
      reasons: reasonsOf("review", r.id),
      createdAt: r.createdAt.toISOString(),
      author: { id: r.authorId, name: nameOf(r), email: r.authorEmail, bannedUntil: banOf(r.authorId) },
      path: reviewPath({ id: r.titleId, slug: r.slug }, r.id),
      about: r.titleName as string | null,
    })),
    ...commentRows.map((r) => ({
      kind: "comment" as const,
      id: r.id,
      status: r.status,
      headline: null,
      bodyHtml: r.bodyHtml,
      openReports: r.openReports,
      reasons: reasonsOf("comment", r.id),
      createdAt: r.createdAt.toISOString(),
      author: { id: r.authorId, name: nameOf(r), email: r.authorEmail, bannedUntil: banOf(r.authorId) },
      path: null as string | null,
      about: null as string | null,
      targetKind: r.targetKind,
      targetId: r.targetId,
    })),
  ];
  // Where a comment is shown, for the moderator's "open" link.
  for (const item of items) {
    const raw = item as QueueItem & { targetKind?: typeof comments.$inferSelect.targetKind; targetId?: number };
    if (raw.targetKind && raw.targetId) {
      const target = await commentTarget(db, raw.targetKind, raw.targetId, "any").catch(() => null);
      raw.path = target ? `${target.path}#comment-${item.id}` : null;
      raw.about = target?.label ?? null;
      delete raw.targetKind;
      delete raw.targetId;
    }
  }
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

/**
 * A moderator's decision on a review or comment, audit-logged in the same
 * batch. `ban` stops the author from posting for `ban_days` (the post
 * itself stays as it is). The author is told of every action.
 */
export async function moderate(s: CommunityServices, actor: AuditActor, input: ModerationInput) {
  const { t } = s;
  if (!hasPermission(s.viewer, MODERATE_PERMISSIONS[input.subject_kind])) throw new DomainError(403, t("You do not have permission to do that."));
  const kind = input.subject_kind;
  const now = s.now();
  const statements: Statement[] = [];
  let authorId: number;
  let text: string;
  /** "Now shown to everyone" is only true of a post that was not shown (held or hidden). */
  let wasShown = false;
  let path: string | null = null;
  const resolveReports = s.db
    .update(contentReports)
    .set({ resolvedAt: now })
    .where(and(eq(contentReports.subjectKind, kind), eq(contentReports.subjectId, input.subject_id), isNull(contentReports.resolvedAt)));

  if (kind === "review") {
    const [row] = await s.db.select().from(reviews).where(eq(reviews.id, input.subject_id));
    if (!row) throw new DomainError(404, t("Nothing here."));
    authorId = row.userId;
    text = row.headline;
    wasShown = row.status === "published";
    const [title] = await s.db.select({ id: titles.id, slug: titles.slug }).from(titles).where(eq(titles.id, row.titleId));
    path = title ? reviewPath(title, row.id) : null;
    const before = { status: row.status, open_reports: row.openReports };
    if (input.action === "approve" || input.action === "hide") {
      const status: PostStatus = input.action === "approve" ? "published" : "hidden";
      statements.push(
        s.db.update(reviews).set({ status, openReports: 0 }).where(eq(reviews.id, row.id)),
        resolveReports,
        recountReviews(s.db, row.titleId, row.episodeId),
        auditStatement(s.db, actor, `review.${input.action}`, "review", { subjectId: row.id, label: row.headline, before, after: { status, open_reports: 0 } }),
      );
    } else if (input.action === "delete") {
      statements.push(
        ...deleteReviewStatements(s.db, row),
        auditStatement(s.db, actor, "review.delete", "review", { subjectId: row.id, label: row.headline, before: { ...before, headline: row.headline, body: row.body }, after: null }),
      );
      path = null;
    }
  } else {
    const [row] = await s.db.select().from(comments).where(eq(comments.id, input.subject_id));
    if (!row || row.deletedAt) throw new DomainError(404, t("Nothing here."));
    authorId = row.userId;
    text = row.body;
    wasShown = row.status === "published";
    path = await commentTarget(s.db, row.targetKind, row.targetId, "any").then(
      (target) => `${target.path}#comment-${row.id}`,
      () => null,
    );
    const before = { status: row.status, open_reports: row.openReports };
    if (input.action === "approve" || input.action === "hide") {
      const status: PostStatus = input.action === "approve" ? "published" : "hidden";
      statements.push(
        s.db.update(comments).set({ status, openReports: 0 }).where(eq(comments.id, row.id)),
        resolveReports,
        ...recountComments(s.db, row.targetKind, row.targetId),
        auditStatement(s.db, actor, `comment.${input.action}`, "comment", { subjectId: row.id, label: row.body.slice(0, 120), before, after: { status, open_reports: 0 } }),
      );
    } else if (input.action === "delete") {
      statements.push(
        ...(deleteCommentStatements(s.db, row, now) as Statement[]),
        auditStatement(s.db, actor, "comment.delete", "comment", { subjectId: row.id, label: row.body.slice(0, 120), before: { ...before, body: row.body }, after: null }),
      );
      path = null;
    }
  }

  let until: Date | undefined;
  if (input.action === "ban") {
    const scope = input.ban_scope ?? BAN_SCOPE_OF[kind];
    if (!mayBanWithScope(s.viewer, scope)) throw new DomainError(403, t("You do not have permission to do that."));
    if (!input.ban_days) throw new DomainError(422, t("Choose how long the ban lasts."), { field: "ban_days" });
    if (!input.reason) throw new DomainError(422, t("Say why (the author is told)."), { field: "reason" });
    const refusal = await banRefusal(s.db, s.viewer, authorId);
    if (refusal === "staff") throw new DomainError(403, t("Staff cannot be banned from posting here: change their roles under Users."));
    if (refusal === "more_rights") throw new DomainError(403, t("You cannot ban someone who has rights you do not have."));
    until = new Date(now.getTime() + input.ban_days * 86_400_000);
    const reason = input.reason;
    statements.push(
      s.db
        .insert(postingBans)
        .values({ userId: authorId, scope, until, reason, createdBy: actor.userId })
        .onConflictDoUpdate({ target: [postingBans.userId, postingBans.scope], set: { until, reason, createdBy: actor.userId, createdAt: now } }),
      auditStatement(s.db, actor, "user.posting_ban", "user", { subjectId: authorId, label: null, before: null, after: { scope, until: until.toISOString(), reason, days: input.ban_days } }),
    );
  }
  await s.db.batch(statements as [Statement, ...Statement[]]);

  const [author] = await s.db.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.id, authorId));
  // Approving a post that was shown all along (a report dismissed) changes nothing for its author: no message.
  if (author && !(input.action === "approve" && wasShown)) {
    s.notifications.waitUntil(notify(s.notifications, [author], moderationMessage({ action: input.action, kind, text, until, reason: input.reason, path })));
  }
}

/** Which moderation permissions a ban scope needs: its own kind's, or both for "all". */
export function mayBanWithScope(viewer: Viewer, scope: BanScope) {
  const needs = scope === "all" ? [MODERATE_PERMISSIONS.review, MODERATE_PERMISSIONS.comment] : [MODERATE_PERMISSIONS[scope === "reviews" ? "review" : "comment"]];
  return needs.every((name) => hasPermission(viewer, name));
}

/** Names that make an account staff: they open the admin area. */
const STAFF_PERMISSIONS = new Set(["admin", "admin.access"]);

/**
 * Why the actor may not ban this account, or null (decision 021): staff are
 * never banned from the queue (their roles are changed under Users instead),
 * and nobody bans an account holding a permission they lack themselves.
 */
export async function banRefusal(db: Database, actor: Viewer, targetId: number): Promise<"staff" | "more_rights" | null> {
  const [viaRoles, direct] = await Promise.all([
    db
      .selectDistinct({ name: permissions.name })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(userRoles.userId, targetId)),
    db.select({ name: permissions.name }).from(userPermissions).innerJoin(permissions, eq(permissions.id, userPermissions.permissionId)).where(eq(userPermissions.userId, targetId)),
  ]);
  const names = new Set([...viaRoles, ...direct].map((row) => row.name));
  if ([...names].some((name) => STAFF_PERMISSIONS.has(name))) return "staff";
  if ([...names].some((name) => !hasPermission(actor, name))) return "more_rights";
  return null;
}
