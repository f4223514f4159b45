import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import type { CommentView } from "../comments.server";
import type { CommentOrder } from "../schema";
import type { FormFailure } from "../pages.server";
import { CommentForm, failureFor } from "./forms";
import { quietButton } from "./styles";
import { CommentThread, type ThreadViewer } from "./thread";

/** A thread with its heading, order links, new-comment form and "More comments" (keyset). */
export function ThreadSection({
  path,
  target,
  thread,
  count,
  viewer,
  failure,
}: {
  path: string;
  target: { kind: string; id: number };
  thread: { comments: CommentView[]; nextCursor: number | null; order: CommentOrder; cursor: string | null; replies?: { rootId: number; after: number } | null };
  count: number;
  viewer: ThreadViewer;
  failure: FormFailure | null;
}) {
  const t = useTrans();
  return (
    <section aria-labelledby="comments-heading" className="space-y-4" id="comments">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="text-lg font-semibold text-foreground">
          {t("Comments (:count)", { count })}
        </h2>
        <nav aria-label={t("Order comments")} className="flex gap-2 text-sm">
          {(["newest", "oldest"] as const).map((order) => (
            <Link
              key={order}
              to={`${path}?order=${order}#comments`}
              aria-current={order === thread.order ? "page" : undefined}
              className={order === thread.order ? "rounded-full bg-primary px-3 py-1 text-on-primary" : "rounded-full px-3 py-1 text-foreground hover:bg-paper"}
            >
              {order === "newest" ? t("Newest first") : t("Oldest first")}
            </Link>
          ))}
        </nav>
      </div>
      {!viewer.signedIn ? (
        <p className="text-sm">
          <Link to={`/login?redirect=${encodeURIComponent(`${path}#comments`)}`} className="text-primary hover:underline">
            {t("Sign in to comment.")}
          </Link>
        </p>
      ) : viewer.commentRefusal ? (
        <p className="text-sm text-danger" data-testid="posting-refusal">
          {viewer.commentRefusal}
        </p>
      ) : (
        <CommentForm target={target} parentId={null} failure={failureFor(failure, "comment", null)} humanCheckSiteKey={viewer.humanCheckSiteKey} label={t("Add a comment")} />
      )}
      {thread.replies ? (
        <Link to={`${path}?order=${thread.order}#comments`} className="text-sm text-primary hover:underline" data-testid="all-comments">
          {t("All comments")}
        </Link>
      ) : null}
      {thread.comments.length === 0 ? <p className="text-sm text-muted">{t("No comments yet.")}</p> : null}
      <CommentThread target={target} comments={thread.comments} viewer={viewer} failure={failure} />
      {thread.nextCursor ? (
        <Link to={`${path}?order=${thread.order}&cursor=${thread.nextCursor}#comments`} className={quietButton} data-testid="comments-next">
          {t("More comments")}
        </Link>
      ) : null}
    </section>
  );
}
