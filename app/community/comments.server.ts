import { DomainError } from "~/http/domain-error";
import { and, asc, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { auditStatement } from "~/admin/audit.server";
import { memberName } from "~/auth/public-name";
import { users } from "~/auth/users.tables";
import { hasPermission } from "~/request/viewer";
import { episodes, titles } from "~/catalogue/tables";
import { listPath } from "~/lists/lists";
import { lists } from "~/lists/tables";
import { COMMENT_EDIT_WINDOW_S, COMMENT_MAX_DEPTH, COMMENTS_PAGE_SIZE, REPLIES_PAGE_SIZE } from "~/constants";
import type { Database } from "~/db/client.server";
import { notify } from "~/notifications/deliver.server";
import { renderBody } from "./body.server";
import type { CommentInput, CommentOrder } from "./schema";
import { replyMessage } from "./messages.server";
import { isBlockedEitherWay } from "~/social/follows.server";
import { admitPost, MODERATE_PERMISSIONS } from "./posting.server";
import { reviewPath } from "./reviews.server";
import { comments, communityCounts, contentReports, reviews, type CommentRow, type CommentTargetKind, type PostStatus } from "./tables";
import type { CommunityServices } from "./services.server";

/**
 * Comments (decision 025) on a (kind, id) target: titles, episodes, reviews and
 * (once the lists issue lands) lists. Replies go two levels deep; threads are
 * paged by their top-level comments (keyset on id, comments_target_idx) and
 * bring their replies with them (comments_root_idx).
 */

export interface CommentTarget {
  kind: CommentTargetKind;
  id: number;
  /** Where the thread is shown. */
  path: string;
  /** Who is told of a new top-level comment (a review's author). */
  ownerId: number | null;
  label: string;
}

/**
 * The thing a comment goes on; 404 when it does not exist (or is not shown).
 * `viewerId` is who reads or writes the thread: a private list's thread is
 * its owner's alone (others get 404); "any" is for moderators' links.
 */
export async function commentTarget(db: Database, kind: CommentTargetKind, id: number, viewerId: number | null | "any" = null): Promise<CommentTarget> {
  if (kind === "title") {
    const [title] = await db.select({ id: titles.id, slug: titles.slug, name: titles.name }).from(titles).where(eq(titles.id, id)).limit(1);
    if (title) return { kind, id, path: `/titles/${title.id}/${encodeURIComponent(title.slug)}/comments`, ownerId: null, label: title.name };
  } else if (kind === "episode") {
    const [episode] = await db
      .select({ id: episodes.id, titleId: titles.id, slug: titles.slug, name: episodes.name, season: episodes.seasonNumber, number: episodes.episodeNumber })
      .from(episodes)
      .innerJoin(titles, eq(titles.id, episodes.titleId))
      .where(eq(episodes.id, id))
      .limit(1);
    if (episode) {
      const path = `/titles/${episode.titleId}/${encodeURIComponent(episode.slug)}/season/${episode.season}/episode/${episode.number}/comments`;
      return { kind, id, path, ownerId: null, label: episode.name };
    }
  } else if (kind === "review") {
    const [review] = await db
      .select({ id: reviews.id, userId: reviews.userId, headline: reviews.headline, titleId: titles.id, slug: titles.slug })
      .from(reviews)
      .innerJoin(titles, eq(titles.id, reviews.titleId))
      .where(and(eq(reviews.id, id), eq(reviews.status, "published")))
      .limit(1);
    if (review) return { kind, id, path: reviewPath({ id: review.titleId, slug: review.slug }, review.id), ownerId: review.userId, label: review.headline };
  } else if (kind === "list") {
    const [list] = await db.select({ id: lists.id, slug: lists.slug, name: lists.name, userId: lists.userId, public: lists.public }).from(lists).where(eq(lists.id, id)).limit(1);
    if (list && (list.public || viewerId === "any" || viewerId === list.userId)) {
      return { kind, id, path: listPath(list), ownerId: null, label: list.name };
    }
  }
  throw new DomainError(404, "Nothing here.", { field: "target_id" });
}

/** A target's stored count of shown comments (never counted per view). */
export async function commentCountOf(db: Database, kind: CommentTargetKind, id: number) {
  const [row] = await db
    .select({ n: communityCounts.commentCount })
    .from(communityCounts)
    .where(and(eq(communityCounts.targetKind, kind), eq(communityCounts.targetId, id)))
    .limit(1);
  return row?.n ?? 0;
}

/** Stored counts of a target's shown comments, recounted from the rows in the writing batch. */
export function recountComments(db: Database, kind: CommentTargetKind, id: number) {
  const shown = sql`${comments.targetKind} = ${kind} AND ${comments.targetId} = ${id} AND ${comments.status} = 'published' AND ${comments.deletedAt} IS NULL`;
  const statements = [
    db
      .insert(communityCounts)
      .values({ targetKind: kind, targetId: id, commentCount: sql`(SELECT count(*) FROM ${comments} WHERE ${shown})` })
      .onConflictDoUpdate({ target: [communityCounts.targetKind, communityCounts.targetId], set: { commentCount: sql`excluded.comment_count` } }),
  ];
  if (kind === "review") {
    statements.push(
      db
        .update(reviews)
        .set({ commentCount: sql`(SELECT count(*) FROM ${comments} WHERE ${shown})` })
        .where(eq(reviews.id, id)) as unknown as (typeof statements)[number],
    );
  }
  return statements;
}

function recountReplies(db: Database, parentId: number) {
  return db
    .update(comments)
    .set({ replyCount: sql`(SELECT count(*) FROM comments c WHERE c.parent_id = ${parentId} AND c.deleted_at IS NULL)` })
    .where(eq(comments.id, parentId));
}

async function commentRow(db: Database, id: number) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

export async function createComment(s: CommunityServices, input: CommentInput, humanCheckToken?: unknown) {
  const target = await commentTarget(s.db, input.target_kind, input.target_id, s.user?.id ?? null);
  let parent: CommentRow | null = null;
  if (input.parent_id) {
    parent = await commentRow(s.db, input.parent_id);
    if (!parent || parent.targetKind !== target.kind || parent.targetId !== target.id || parent.deletedAt || parent.status !== "published") {
      throw new DomainError(404, s.t("The comment you replied to is not there any more."), { field: "parent_id" });
    }
    if (parent.depth >= COMMENT_MAX_DEPTH) throw new DomainError(422, s.t("Replies go only two levels deep."), { field: "parent_id" });
  }
  // A member who blocked the poster (or was blocked by them) cannot be answered: silently not there (decision 033).
  const answered = parent ? parent.userId : target.ownerId;
  if (s.user && answered && (await isBlockedEitherWay(s.db, s.user.id, answered))) {
    throw new DomainError(404, s.t(parent ? "The comment you replied to is not there any more." : "Nothing here."), { field: parent ? "parent_id" : null });
  }
  const { user, status } = await admitPost(s, "comment", { body: input.body }, { humanCheckToken });
  const [inserted] = await s.db.batch([
    s.db
      .insert(comments)
      .values({
        userId: user.id,
        targetKind: target.kind,
        targetId: target.id,
        parentId: parent?.id ?? null,
        rootId: parent ? parent.rootId || parent.id : 0,
        depth: parent ? parent.depth + 1 : 0,
        body: input.body,
        bodyHtml: renderBody(input.body),
        status,
      })
      .returning({ id: comments.id }),
    ...(parent ? [recountReplies(s.db, parent.id)] : []),
    ...recountComments(s.db, target.kind, target.id),
  ]);
  const id = (inserted as { id: number }[])[0]!.id;

  // Tell whoever was answered: the parent's author, or the review's for a top-level comment on it.
  const recipientId = status === "published" ? (parent ? parent.userId : target.ownerId) : null;
  if (recipientId && recipientId !== user.id) {
    const [recipient] = await s.db.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.id, recipientId));
    if (recipient) {
      s.notifications.waitUntil(
        notify(
          s.notifications,
          [recipient],
          replyMessage({ replier: user.displayName, on: parent ? "comment" : "review", subject: target.label, body: input.body, path: `${target.path}#comment-${id}` }),
        ),
      );
    }
  }
  return { id, status, target };
}

/** The author edits within COMMENT_EDIT_WINDOW_S of posting. */
export async function editComment(s: CommunityServices, commentId: number, body: string, humanCheckToken?: unknown) {
  const row = await commentRow(s.db, commentId);
  // Someone else's comment answers like a missing one (decision 021): ids cannot be probed.
  if (!row || row.deletedAt || !s.user || row.userId !== s.user.id) throw new DomainError(404, s.t("Nothing here."));
  if (s.now().getTime() - row.createdAt.getTime() > COMMENT_EDIT_WINDOW_S * 1000) {
    throw new DomainError(422, s.t("Comments can be edited for :minutes minutes after posting.", { minutes: COMMENT_EDIT_WINDOW_S / 60 }), { field: "body" });
  }
  const { status } = await admitPost(s, "comment", { body }, { humanCheckToken, editing: { id: row.id } });
  const nextStatus: PostStatus = row.status === "published" ? status : row.status;
  await s.db.batch([
    s.db
      .update(comments)
      .set({ body, bodyHtml: renderBody(body), editedAt: s.now(), status: nextStatus })
      .where(eq(comments.id, row.id)),
    ...recountComments(s.db, row.targetKind, row.targetId),
  ]);
  return { id: row.id, status: nextStatus };
}

/** Deletes a comment (its author or a moderator); one with replies stays as "[deleted]". */
export async function deleteComment(s: CommunityServices, commentId: number) {
  const row = await commentRow(s.db, commentId);
  const own = s.user?.id === row?.userId;
  // Someone else's comment answers like a missing one unless the actor moderates comments (decision 021).
  if (!row || row.deletedAt || (!own && !hasPermission(s.viewer, MODERATE_PERMISSIONS.comment))) throw new DomainError(404, s.t("Nothing here."));
  // A moderator deleting someone else's comment from the public page is audit-logged like the Moderation screen.
  const audit = own
    ? []
    : [
        auditStatement(s.db, { userId: s.user!.id, email: s.user!.email, ip: s.ip }, "comment.delete", "comment", {
          subjectId: row.id,
          label: row.body.slice(0, 120),
          before: { body: row.body, status: row.status },
          after: null,
        }),
      ];
  await s.db.batch([...deleteCommentStatements(s.db, row, s.now()), ...audit] as unknown as [ReturnType<typeof recountReplies>]);
  return row;
}

export function deleteCommentStatements(db: Database, row: typeof comments.$inferSelect, now: Date) {
  const hasReplies = sql`EXISTS (SELECT 1 FROM comments c WHERE c.parent_id = ${row.id})`;
  return [
    db
      .update(comments)
      .set({ deletedAt: now, body: "", bodyHtml: "" })
      .where(and(eq(comments.id, row.id), hasReplies)),
    db.delete(comments).where(and(eq(comments.id, row.id), sql`NOT ${hasReplies}`)),
    db.delete(contentReports).where(and(eq(contentReports.subjectKind, "comment"), eq(contentReports.subjectId, row.id))),
    ...(row.parentId ? [recountReplies(db, row.parentId)] : []),
    ...recountComments(db, row.targetKind, row.targetId),
  ];
}

// --- Reading -----------------------------------------------------------------------

export interface CommentView {
  id: number;
  parentId: number | null;
  depth: number;
  /** Empty for a deleted comment ("[deleted]"). */
  bodyHtml: string;
  deleted: boolean;
  status: PostStatus;
  replyCount: number;
  createdAt: string;
  editedAt: string | null;
  /** Null for a deleted comment. */
  author: { id: number; name: string; avatar: string | null } | null;
  /** Whether the viewer may still edit it (their own, inside the window). */
  editable: boolean;
  /** The text as written, for the edit form (only when editable). */
  editBody: string | null;
  replies: CommentView[];
  /** On a top-level comment with more replies than shown: the keyset cursor of the next page of them. */
  moreRepliesAfter: number | null;
}

const fields = {
  id: comments.id,
  parentId: comments.parentId,
  rootId: comments.rootId,
  depth: comments.depth,
  bodyHtml: comments.bodyHtml,
  body: comments.body,
  status: comments.status,
  replyCount: comments.replyCount,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  deletedAt: comments.deletedAt,
  userId: comments.userId,
  // The public name (decision 030): never anything made from the e-mail address.
  authorDisplayName: users.displayName,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorAvatar: users.avatar,
};

/**
 * One page of a thread: top-level comments newest or oldest first (keyset on
 * id), each with its first replies (oldest first, REPLIES_PAGE_SIZE of them,
 * keyset on id). With `replies`, the page is one top-level comment and its
 * replies after that cursor ("More replies"). Shown: published ones, and the
 * viewer's own held ones.
 */
export async function listThread(
  db: Database,
  target: { kind: CommentTargetKind; id: number },
  {
    order = "newest",
    cursor = null,
    limit = COMMENTS_PAGE_SIZE,
    replyLimit = REPLIES_PAGE_SIZE,
    replies: repliesOf = null,
    viewerId = null,
    now = new Date(),
  }: {
    order?: CommentOrder;
    cursor?: number | null;
    limit?: number;
    replyLimit?: number;
    replies?: { rootId: number; after: number } | null;
    viewerId?: number | null;
    now?: Date;
  } = {},
) {
  const visible = viewerId ? or(eq(comments.status, "published"), eq(comments.userId, viewerId)) : eq(comments.status, "published");
  const top = and(eq(comments.targetKind, target.kind), eq(comments.targetId, target.id), eq(comments.depth, 0), visible);
  const rows = repliesOf
    ? await db
        .select(fields)
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(and(top, eq(comments.id, repliesOf.rootId)))
        .limit(1)
    : await db
        .select(fields)
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(cursor ? and(top, order === "newest" ? lt(comments.id, cursor) : gt(comments.id, cursor)) : top)
        .orderBy(order === "newest" ? desc(comments.id) : asc(comments.id))
        .limit(limit + 1);
  const page = rows.slice(0, limit);
  // Each thread's next replies: one seek of comments_root_idx (root_id, id) per thread, all in one round trip.
  const replyPage = (rootId: number) =>
    db
      .select(fields)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(and(eq(comments.rootId, rootId), gt(comments.id, repliesOf?.rootId === rootId ? repliesOf.after : 0), visible))
      .orderBy(asc(comments.rootId), asc(comments.id))
      .limit(replyLimit + 1);
  const [first, ...others] = page.map((row) => replyPage(row.id));
  const replyPages: (typeof rows)[] = first ? await db.batch([first, ...others]) : [];
  const view = (row: (typeof rows)[number]): CommentView => {
    const editable = !row.deletedAt && row.userId === viewerId && now.getTime() - row.createdAt.getTime() <= COMMENT_EDIT_WINDOW_S * 1000;
    return {
      id: row.id,
      parentId: row.parentId,
      depth: row.depth,
      bodyHtml: row.deletedAt ? "" : row.bodyHtml,
      deleted: row.deletedAt !== null,
      status: row.status,
      replyCount: row.replyCount,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt ? row.editedAt.toISOString() : null,
      author: row.deletedAt
        ? null
        : { id: row.userId, name: memberName({ id: row.userId, displayName: row.authorDisplayName, firstName: row.authorFirstName, lastName: row.authorLastName }), avatar: row.authorAvatar },
      editable,
      editBody: editable ? row.body : null,
      replies: [],
      moreRepliesAfter: null,
    };
  };
  const threads = page.map((row, index) => {
    const root = view(row);
    const found = replyPages[index] ?? [];
    const shown = found.slice(0, replyLimit);
    const byId = new Map<number, CommentView>([[root.id, root]]);
    for (const reply of shown) {
      const item = view(reply);
      byId.set(item.id, item);
      // A reply whose parent was on an earlier page of replies goes under the top-level comment.
      (byId.get(reply.parentId ?? -1) ?? root).replies.push(item);
    }
    const last = shown[shown.length - 1];
    root.moreRepliesAfter = found.length > replyLimit && last ? last.id : null;
    return root;
  });
  const last = page[page.length - 1];
  return { comments: threads, nextCursor: !repliesOf && rows.length > limit && last ? last.id : null };
}
