import { Form, Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/i18n/use-dates";
import { COMMENT_MAX_DEPTH } from "~/constants";
import type { CommentView } from "../comments.server";
import type { FormFailure } from "../pages.server";
import { CommentForm, failureFor, FormError, ReportForm } from "./forms";
import { fieldClass, quietButton } from "./styles";

export interface ThreadViewer {
  userId: number | null;
  signedIn: boolean;
  commentRefusal: string | null;
  moderator: boolean;
  humanCheckSiteKey: string | null;
}

/**
 * A comment thread: top-level comments with their replies (two levels
 * deep). Reply, edit, delete and report are plain forms inside <details>,
 * so they open and post without JavaScript.
 */
export function CommentThread({
  target,
  comments,
  viewer,
  failure,
}: {
  target: { kind: string; id: number };
  comments: CommentView[];
  viewer: ThreadViewer;
  failure: FormFailure | null;
}) {
  return (
    <ol className="space-y-4" data-testid="comment-thread">
      {comments.map((comment) => (
        <CommentItem key={comment.id} target={target} comment={comment} viewer={viewer} failure={failure} />
      ))}
    </ol>
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
          <p className="text-xs text-muted">
            <span className="font-medium text-foreground" data-testid="comment-author">
              {comment.author?.name}
            </span>{" "}
            · <time dateTime={comment.createdAt}>{format(comment.createdAt, "datetime")}</time>
            {comment.editedAt ? ` · ${t("edited")}` : ""}
            {comment.status === "held" ? ` · ${t("Waiting for approval")}` : ""}
          </p>
          <div className="mt-1 space-y-2 text-sm leading-6 text-foreground [&_a]:text-primary [&_a]:underline" data-testid="comment-body" dangerouslySetInnerHTML={{ __html: comment.bodyHtml }} />
          <div className="mt-2 flex flex-wrap gap-3">
            {canPost && comment.depth < COMMENT_MAX_DEPTH && comment.status === "published" ? (
              <details className="w-full text-sm" open={failureFor(failure, "comment", comment.id) !== null}>
                <summary className="cursor-pointer text-primary">{t("Reply")}</summary>
                <CommentForm
                  target={target}
                  parentId={comment.id}
                  failure={failureFor(failure, "comment", comment.id)}
                  humanCheckSiteKey={viewer.humanCheckSiteKey}
                  label={t("Your reply")}
                />
              </details>
            ) : null}
            {own && comment.editable ? (
              <details className="w-full text-sm" open={failureFor(failure, "edit-comment", comment.id) !== null}>
                <summary className="cursor-pointer text-muted">{t("Edit")}</summary>
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
                <button type="submit" className="text-sm text-muted hover:text-danger" data-testid="comment-delete">
                  {t("Delete")}
                </button>
              </Form>
            ) : null}
            {viewer.signedIn && !own && comment.status === "published" ? (
              <ReportForm kind="comment" subjectId={comment.id} failure={failureFor(failure, "report-comment", comment.id)} />
            ) : null}
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
