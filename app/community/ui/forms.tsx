import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { HumanCheckWidget } from "~/auth/ui/human-check-widget";
import { COMMUNITY_BODY_MAX_LENGTH, REVIEW_HEADLINE_MAX_LENGTH } from "~/constants";
import { REPORT_REASONS } from "../kinds";
import type { FormFailure } from "../pages.server";
import { actionSummary, errorClass, fieldClass, labelClass, primaryButton, quietButton } from "./styles";

/**
 * The community's forms: plain HTML forms posted to the page's action (they
 * work without JavaScript; with it React Router submits them without a
 * reload). Errors come back as the action's FormFailure and are shown by the
 * form they belong to (its intent and subject).
 */

export function failureFor(failure: FormFailure | undefined | null, intent: string, subjectId: number | null = null) {
  return failure && failure.intent === intent && failure.subjectId === subjectId ? failure : null;
}

function FieldError({ failure, name, id }: { failure: FormFailure | null; name: string; id: string }) {
  const message = failure?.fieldErrors[name];
  return message ? (
    <p id={id} className={errorClass} data-testid={`error-${name}`}>
      {message}
    </p>
  ) : null;
}

export function FormError({ failure }: { failure: FormFailure | null }) {
  return failure?.formError ? (
    <p role="alert" className="rounded-theme bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="form-error">
      {failure.formError}
    </p>
  ) : null;
}

export interface ReviewFormValues {
  id: number;
  score: number;
  headline: string;
  body: string;
  spoiler: boolean;
}

/**
 * A review's score is the author's rating (one value: posting sets the
 * rating, rating changes the score), so a new review starts from the
 * author's rating and says so.
 */
export function ReviewForm({
  existing,
  myRating = null,
  failure,
  humanCheckSiteKey,
}: {
  existing: ReviewFormValues | null;
  myRating?: number | null;
  failure: FormFailure | null;
  humanCheckSiteKey: string | null;
}) {
  const t = useTrans();
  const prefix = existing ? `review-${existing.id}` : "review-new";
  return (
    <Form method="post" className="space-y-4" data-testid="review-form">
      <input type="hidden" name="intent" value={existing ? "update-review" : "create-review"} />
      {existing ? <input type="hidden" name="review_id" value={existing.id} /> : null}
      <FormError failure={failure} />
      <div>
        <label htmlFor={`${prefix}-score`} className={labelClass}>
          {t("Your rating")}
        </label>
        <select
          id={`${prefix}-score`}
          name="score"
          defaultValue={existing?.score ?? myRating ?? ""}
          className={fieldClass}
          required
          aria-describedby={`${prefix}-score-error ${prefix}-score-help`}
          data-testid="review-score"
        >
          <option value="">{t("Choose…")}</option>
          {[10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n}/10
            </option>
          ))}
        </select>
        <p id={`${prefix}-score-help`} className="mt-1 text-xs text-muted">
          {t("Your review's score is your rating of this title: changing one changes the other.")}
        </p>
        <FieldError failure={failure} name="score" id={`${prefix}-score-error`} />
      </div>
      <div>
        <label htmlFor={`${prefix}-headline`} className={labelClass}>
          {t("Title of your review")}
        </label>
        <input
          id={`${prefix}-headline`}
          type="text"
          name="headline"
          defaultValue={existing?.headline}
          maxLength={REVIEW_HEADLINE_MAX_LENGTH}
          className={fieldClass}
          aria-describedby={`${prefix}-headline-error`}
        />
        <FieldError failure={failure} name="headline" id={`${prefix}-headline-error`} />
      </div>
      <div>
        <label htmlFor={`${prefix}-body`} className={labelClass}>
          {t("Your review")}
        </label>
        <textarea
          id={`${prefix}-body`}
          name="body"
          rows={8}
          defaultValue={existing?.body}
          maxLength={COMMUNITY_BODY_MAX_LENGTH}
          className={fieldClass}
          aria-describedby={`${prefix}-body-error ${prefix}-body-help`}
        />
        <p id={`${prefix}-body-help`} className="mt-1 text-xs text-muted">
          {t("Plain text. A blank line starts a paragraph; **bold**, *italic* and links work.")}
        </p>
        <FieldError failure={failure} name="body" id={`${prefix}-body-error`} />
      </div>
      <label className="flex items-center gap-2 text-sm text-foreground">
        <input type="checkbox" name="spoiler" value="true" defaultChecked={existing?.spoiler} />
        {t("This review contains spoilers")}
      </label>
      {humanCheckSiteKey ? <HumanCheckWidget siteKey={humanCheckSiteKey} action="comments" /> : null}
      <button type="submit" className={primaryButton} data-testid="review-submit">
        {existing ? t("Save review") : t("Post review")}
      </button>
    </Form>
  );
}

export function VoteButtons({ reviewId, current, failure }: { reviewId: number; current: boolean | undefined; failure: FormFailure | null }) {
  const t = useTrans();
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-center gap-2" data-testid="vote-form">
      <input type="hidden" name="intent" value="vote" />
      <input type="hidden" name="review_id" value={reviewId} />
      <span className="text-sm text-muted">{t("Was this review helpful?")}</span>
      <button type="submit" name="helpful" value="true" className={quietButton} aria-pressed={current === true} data-testid="vote-helpful">
        {t("Helpful")}
      </button>
      <button type="submit" name="helpful" value="false" className={quietButton} aria-pressed={current === false} data-testid="vote-not-helpful">
        {t("Not helpful")}
      </button>
      <FormError failure={failure} />
      {failure?.fieldErrors.helpful ? <p className={errorClass}>{failure.fieldErrors.helpful}</p> : null}
    </Form>
  );
}

export function ReportForm({ kind, subjectId, failure }: { kind: "review" | "comment"; subjectId: number; failure: FormFailure | null }) {
  const t = useTrans();
  const labels: Record<(typeof REPORT_REASONS)[number], string> = {
    spam: t("Spam"),
    abuse: t("Abuse or harassment"),
    spoiler: t("Unmarked spoilers"),
    off_topic: t("Off topic"),
    other: t("Something else"),
  };
  return (
    <details className={`text-sm open:w-full ${kind === "review" ? "mt-2" : ""}`} open={failure !== null} data-testid={`report-${kind}`}>
      <summary className={actionSummary}>{t("Report")}</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={`report-${kind}`} />
        <input type="hidden" name={`${kind}_id`} value={subjectId} />
        <label className="text-sm">
          <span className={labelClass}>{t("Reason")}</span>
          <select name="reason" className={fieldClass} defaultValue="" data-testid="report-reason">
            <option value="">{t("Choose…")}</option>
            {REPORT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {labels[reason]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={quietButton} data-testid="report-submit">
          {t("Send report")}
        </button>
        <FormError failure={failure} />
        {failure?.fieldErrors.reason ? <p className={errorClass}>{failure.fieldErrors.reason}</p> : null}
      </Form>
    </details>
  );
}

export function CommentForm({
  target,
  parentId,
  failure,
  humanCheckSiteKey,
  label,
}: {
  target: { kind: string; id: number };
  parentId: number | null;
  failure: FormFailure | null;
  humanCheckSiteKey: string | null;
  label: string;
}) {
  const t = useTrans();
  const id = `comment-body-${parentId ?? "new"}`;
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const mine = navigation.formData?.get("intent") === "comment" && navigation.formData.get("parent_id") === (parentId === null ? null : String(parentId));
  const posting = useRef(false);
  // With JavaScript the page stays: once this form's post is answered without an error, empty it and fold a reply form away.
  useEffect(() => {
    if (mine) posting.current = true;
    else if (navigation.state === "idle" && posting.current) {
      posting.current = false;
      if (!failure) {
        form.current?.reset();
        const details = form.current?.closest("details");
        if (details) details.open = false;
      }
    }
  }, [mine, navigation.state, failure]);
  return (
    <Form ref={form} method="post" className="mt-2 space-y-2" data-testid={parentId ? "reply-form" : "comment-form"}>
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="target_kind" value={target.kind} />
      <input type="hidden" name="target_id" value={target.id} />
      {parentId ? <input type="hidden" name="parent_id" value={parentId} /> : null}
      <FormError failure={failure} />
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea id={id} name="body" rows={3} maxLength={COMMUNITY_BODY_MAX_LENGTH} className={fieldClass} aria-describedby={`${id}-error`} />
      <FieldError failure={failure} name="body" id={`${id}-error`} />
      <FieldError failure={failure} name="parent_id" id={`${id}-parent-error`} />
      {humanCheckSiteKey ? <HumanCheckWidget siteKey={humanCheckSiteKey} action="comments" /> : null}
      <button type="submit" className={primaryButton} data-testid="comment-submit">
        {parentId ? t("Reply") : t("Post comment")}
      </button>
    </Form>
  );
}
