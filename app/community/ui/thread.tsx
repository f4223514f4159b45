import { Form, Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { COMMENT_MAX_DEPTH } from "~/constants";
import type { CommentView } from "../comments.server";
import type { FormFailure } from "../pages.server";
import { CommentForm, failureFor, FormError, ReportForm } from "./forms";
import { actionSummary } from "./styles";
import { fieldClass, quietButton } from "./styles";
import { FollowButton } from "~/social/ui/follow-button";

export interface ThreadViewer {
  userId: number | null;
  signedIn: boolean;
  commentRefusal: string | null;
  moderator: boolean;
  humanCheckSiteKey: string | null;
  /** Whom the viewer follows among the authors shown (pages that offer a follow button on each author, decision 033). */
  follows?: Record<number, "active" | "pending">;
}

/**
 * A comment thread: top-level comments with their replies (two levels
 * deep). Reply, edit, delete and report are plain forms inside <details>,
 * so they open and post without JavaScript.
 */
export function CommentThread({ target, comments, viewer, failure }: { target: { kind: string; id: number }; comments: CommentView[]; viewer: ThreadViewer; failure: FormFailure | null }) {
  return (
    <ol className="space-y-4" data-testid="comment-thread">
      {comments.map((comment) => (
        <CommentItem key={comment.id} target={target} comment={comment} viewer={viewer} failure={failure} />
      ))}
    </ol>
  );
}

/** Initials in a circle (or the member's picture) beside their comment. */
function MemberAvatar({ name, src }: { name: string; src: string | null }) {
  if (src) return <img src={src} alt="" width={24} height={24} loading="lazy" className="mr-1 size-6 rounded-full object-cover" />;
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const initials = ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "")).toUpperCase() || "•";
  return (
    <span aria-hidden="true" className="mr-1 grid size-6 place-items-center rounded-full border border-divider bg-paper text-[0.65rem] font-semibold text-foreground" data-testid="comment-avatar">
      {initials}
    </span>
  );
}

function CommentItem({ target, comment, viewer, failure }: { target: { kind: string; id: number }; comment: CommentView; viewer: ThreadViewer; failure: FormFailure | null }) {
  const t = useTrans();
  const { format } = useDates();
  const own = viewer.userId !== null && comment.author?.id === viewer.userId;
  const canPost = viewer.signedIn && !viewer.commentRefusal;
  return (
    <li id={`comment-${comment.id}`} className="rounded-theme border border-divider bg-elevated p-3" data-testid="comment" data-comment-id={comment.id}>
      {comment.deleted ? (
        <p className="text-sm italic text-muted" data-testid="comment-deleted">
          {t("[deleted]")}
        </p>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-x-1 text-xs text-muted">
            {comment.author ? <MemberAvatar name={comment.author.name} src={comment.author.avatar} /> : null}
            <span className="font-medium text-foreground" data-testid="comment-author">
              {comment.author ? comment.author.name || t("A member") : null}
            </span>{" "}
            · <time dateTime={comment.createdAt}>{format(comment.createdAt, "datetime")}</time>
            {comment.editedAt ? ` · ${t("edited")}` : ""}
            {comment.status === "held" ? ` · ${t("Waiting for approval")}` : ""}
            {viewer.follows && viewer.signedIn && comment.author && !own ? (
              <span className="ml-2 inline-block align-middle">
                <FollowButton userId={comment.author.id} following={viewer.follows[comment.author.id] ?? null} size="xs" />
              </span>
            ) : null}
          </p>
          <div className="mt-1 space-y-2 text-sm leading-6 text-foreground [&_a]:text-primary [&_a]:underline" data-testid="comment-body" dangerouslySetInnerHTML={{ __html: comment.bodyHtml }} />
          <div className="mt-2 flex flex-wrap items-start gap-2">
            {canPost && comment.depth < COMMENT_MAX_DEPTH && comment.status === "published" ? (
              <details className="text-sm open:w-full" open={failureFor(failure, "comment", comment.id) !== null}>
                <summary className={actionSummary} data-testid="reply-toggle">
                  {t("Reply")}
                </summary>
                <CommentForm target={target} parentId={comment.id} failure={failureFor(failure, "comment", comment.id)} humanCheckSiteKey={viewer.humanCheckSiteKey} label={t("Your reply")} />
              </details>
            ) : null}
            {own && comment.editable ? (
              <details className="text-sm open:w-full" open={failureFor(failure, "edit-comment", comment.id) !== null}>
                <summary className={actionSummary}>{t("Edit")}</summary>
                <Form method="post" className="mt-2 space-y-2">
                  <input type="hidden" name="intent" value="edit-comment" />
                  <input type="hidden" name="comment_id" value={comment.id} />
                  <FormError failure={failureFor(failure, "edit-comment", comment.id)} />
                  <textarea name="body" rows={3} className={fieldClass} aria-label={t("Your comment")} defaultValue={comment.editBody ?? ""} />
                  {failureFor(failure, "edit-comment", comment.id)?.fieldErrors.body ? (
                    <p className="text-sm text-danger">{failureFor(failure, "edit-comment", comment.id)?.fieldErrors.body}</p>
                  ) : null}
                  <button type="submit" className={quietButton}>
                    {t("Save")}
                  </button>
                </Form>
              </details>
            ) : null}
            {own || viewer.moderator ? (
              <Form method="post">
                <input type="hidden" name="intent" value="delete-comment" />
                <input type="hidden" name="comment_id" value={comment.id} />
                <button
                  type="submit"
                  className="inline-flex items-center rounded-theme border border-divider px-2.5 py-1 text-sm text-foreground hover:border-danger hover:text-danger"
                  data-testid="comment-delete"
                >
                  {t("Delete")}
                </button>
              </Form>
            ) : null}
            {viewer.signedIn && !own && comment.status === "published" ? <ReportForm kind="comment" subjectId={comment.id} failure={failureFor(failure, "report-comment", comment.id)} /> : null}
          </div>
        </>
      )}
      {comment.replies.length ? (
        <ol className="mt-3 space-y-3 border-l-2 border-divider pl-3">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} target={target} comment={reply} viewer={viewer} failure={failure} />
          ))}
        </ol>
      ) : null}
      {comment.moreRepliesAfter ? (
        <Link to={`?thread=${comment.id}&after=${comment.moreRepliesAfter}#comment-${comment.id}`} className={`${quietButton} mt-3 inline-block`} data-testid="more-replies">
          {t("More replies")}
        </Link>
      ) : null}
    </li>
  );
}
