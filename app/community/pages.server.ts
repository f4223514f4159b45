import { DomainError } from "~/http/domain-error";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { hasPermission } from "~/request/viewer";
import { parseId, parseSmallNumber, requireCatalogueAccess } from "~/catalogue/access.server";
import { and, eq } from "drizzle-orm";
import { episodes } from "~/catalogue/tables";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { HUMAN_CHECK_FIELD, humanCheckEnabled } from "~/auth/human-check.server";
import { createComment, deleteComment, editComment } from "./comments.server";
import { commentEditSchema, commentInputSchema, reportInputSchema, reviewInputSchema, voteInputSchema } from "./schema";
import { reportContent } from "./moderation.server";
import { MODERATE_PERMISSIONS, postingRefusals } from "./posting.server";
import { createReview, deleteReview, reviewsPath, reviewTarget, updateReview, voteReview } from "./reviews.server";
import { communityServices } from "./services.server";

/**
 * What the reviews and comments pages share on the server: the title they
 * belong to, the viewer's posting state, and one form action for every
 * intent (write, edit, delete, vote, report), each a plain form post that
 * works without JavaScript and answers with a redirect and a toast, or with
 * the field errors to show beside the form that was sent.
 */

export interface FormFailure {
  intent: string;
  /** Which review or comment the form was about (several forms on one page). */
  subjectId: number | null;
  formError: string | null;
  fieldErrors: Record<string, string>;
}

/** The title of a community page, with its slug checked (a wrong one redirects). */
export async function communityTitle(args: { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string; slug?: string } }, suffix: string) {
  const app = getApp(args.context);
  requireCatalogueAccess(app, args.request);
  const id = parseId(args.params.id);
  const target = await reviewTarget(app.db, id).catch((error) => {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  });
  if (args.params.slug !== target.title.slug) throw redirect(`/titles/${id}/${encodeURIComponent(target.title.slug)}${suffix}`, 301);
  return { app, title: target.title };
}

/** An episode of a community page (its reviews, its discussion), with the title's slug checked. */
export async function communityEpisode(
  args: { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string; slug?: string; season?: string; episode?: string } },
  suffix: string,
) {
  const season = parseSmallNumber(args.params.season);
  const number = parseSmallNumber(args.params.episode);
  const { app, title } = await communityTitle(args, `/season/${season}/episode/${number}${suffix}`);
  const [episode] = await app.db
    .select({ id: episodes.id, name: episodes.name })
    .from(episodes)
    .where(and(eq(episodes.titleId, title.id), eq(episodes.seasonNumber, season), eq(episodes.episodeNumber, number)))
    .limit(1);
  if (!episode) throw data(null, { status: 404 });
  const path = `/titles/${title.id}/${encodeURIComponent(title.slug)}/season/${season}/episode/${number}`;
  return { app, title, episode, path };
}

/** What the forms need to know about the viewer. */
export async function posterState(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const s = communityServices(context, request);
  const env = s.humanCheckSecret ? { TURNSTILE_SECRET_KEY: s.humanCheckSecret } : {};
  const refusals = app.user ? await postingRefusals(s) : null;
  return {
    signedIn: app.user !== null,
    userId: app.user?.id ?? null,
    reviewRefusal: refusals?.review ?? null,
    commentRefusal: refusals?.comment ?? null,
    moderator: hasPermission(app.viewer, MODERATE_PERMISSIONS.review) || hasPermission(app.viewer, MODERATE_PERMISSIONS.comment),
    humanCheckSiteKey: humanCheckEnabled(app.settings, env, "comments") ? app.settings["recaptcha.site_key"] : null,
  };
}

function parse<S extends z.ZodType>(schema: S, form: FormData, t: (key: string) => string, intent: string, subjectId: number | null): z.output<S> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= t(issue.message);
  throw new InvalidForm({ intent, subjectId, formError: null, fieldErrors });
}

/** A form that did not pass its schema: answered with its field messages (422). */
class InvalidForm extends Error {
  constructor(readonly failure: FormFailure) {
    super("invalid form");
  }
}

function idField(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * The action of the reviews page, a review's page and a title's comments
 * page. `back` is where a success returns (the same page).
 */
export async function communityAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  title: { id: number; slug: string } | null,
  back: string,
  /** Reviews written on an episode's pages are of that episode. */
  episodeId = 0,
) {
  const { request, context } = args;
  const app = getApp(context);
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const subjectId = idField(form, "review_id") ?? idField(form, "comment_id");
  const s = communityServices(context, request);
  const token = form.get(HUMAN_CHECK_FIELD);
  const t = app.t;
  if (!app.user) throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
  try {
    let message: string;
    let to = back;
    switch (intent) {
      case "create-review": {
        const input = parse(reviewInputSchema, form, t, intent, null);
        if (!title) throw new DomainError(404, t("Nothing here."));
        const { id, status } = await createReview(s, title.id, episodeId ? { ...input, episode_id: episodeId } : input, token);
        message = status === "held" ? t("Thanks! Your review will appear once a moderator approves it.") : t("Your review was posted.");
        to = `${reviewsPath(title)}/${id}`;
        break;
      }
      case "update-review": {
        const input = parse(reviewInputSchema, form, t, intent, subjectId);
        if (!subjectId) throw new DomainError(404, t("Nothing here."));
        await updateReview(s, subjectId, input, token);
        message = t("Your review was updated.");
        break;
      }
      case "delete-review":
        if (!subjectId) throw new DomainError(404, t("Nothing here."));
        if (!title) throw new DomainError(404, t("Nothing here."));
        await deleteReview(s, subjectId);
        message = t("Your review was deleted.");
        to = episodeId ? back : reviewsPath(title);
        break;
      case "vote": {
        const input = parse(voteInputSchema, form, t, intent, subjectId);
        if (!subjectId) throw new DomainError(404, t("Nothing here."));
        await voteReview(s, subjectId, input.helpful);
        message = t("Thanks for your vote.");
        break;
      }
      case "report-review":
      case "report-comment": {
        const input = parse(reportInputSchema, form, t, intent, subjectId);
        if (!subjectId) throw new DomainError(404, t("Nothing here."));
        await reportContent(s, intent === "report-review" ? "review" : "comment", subjectId, input);
        message = t("Thanks. A moderator will look at it.");
        break;
      }
      case "comment": {
        const input = parse(commentInputSchema, form, t, intent, idField(form, "parent_id"));
        const { id, status } = await createComment(s, input, token);
        message = status === "held" ? t("Thanks! Your comment will appear once a moderator approves it.") : t("Your comment was posted.");
        to = `${back}#comment-${id}`;
        break;
      }
      case "edit-comment": {
        const input = parse(commentEditSchema, form, t, intent, subjectId);
        if (!subjectId) throw new DomainError(404, t("Nothing here."));
        await editComment(s, subjectId, input.body, token);
        message = t("Your comment was updated.");
        to = `${back}#comment-${subjectId}`;
        break;
      }
      case "delete-comment":
        if (!subjectId) throw new DomainError(404, t("Nothing here."));
        await deleteComment(s, subjectId);
        message = t("The comment was deleted.");
        break;
      default:
        return data<FormFailure>({ intent, subjectId, formError: t("Unknown action."), fieldErrors: {} }, { status: 400 });
    }
    return redirectWithToast(request, to, { message, type: "positive" }, { status: 303 });
  } catch (error) {
    if (error instanceof InvalidForm) return data(error.failure, { status: 422 });
    if (error instanceof DomainError) {
      const failure: FormFailure = {
        intent,
        subjectId: intent === "comment" ? idField(form, "parent_id") : subjectId,
        formError: error.field ? null : t(error.message),
        fieldErrors: error.field ? { [error.field]: t(error.message) } : {},
      };
      return data(failure, { status: error.status, headers: error.headers });
    }
    throw error;
  }
}
