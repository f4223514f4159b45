import { DomainError } from "~/http/domain-error";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { checkRateLimits } from "~/auth/rate-limit.server";
import { hasPermission } from "~/request/viewer";
import type { AuthUser } from "~/request/auth-user";
import { COMMUNITY_DUPLICATE_WINDOW_S, COMMUNITY_MAX_LINKS, COMMUNITY_NEW_ACCOUNT_DAYS } from "~/constants";
import type { Database } from "~/db/client.server";
import type { Settings } from "~/settings/definitions";
import type { Translate } from "~/i18n/translate";
import { countLinks, normalizeBody } from "./body.server";
import { comments, postingBans, reviews, type BanScope, type PostStatus } from "./tables";
import type { CommunityServices } from "./services.server";

/**
 * Who may post, and what happens to a post (decision 025):
 * permission, posting ban, rate limits (per account and per IP), the human
 * check when enabled for "comments", the link limit and duplicate detection
 * refuse it; a new account (when the setting is on) or a held word holds it
 * for a moderator.
 */

export type PostKind = "review" | "comment";
export const POST_PERMISSIONS = { review: "reviews.create", comment: "comments.create" } as const;
export const MODERATE_PERMISSIONS = { review: "reviews.moderate", comment: "comments.moderate" } as const;

/** The ban scope that stops a kind of post ("all" stops both). */
export const BAN_SCOPE_OF: Record<PostKind, BanScope> = { review: "reviews", comment: "comments" };

export interface PostingBan {
  until: Date;
  reason: string | null;
}

/** The caller's ban on this kind of post (its own scope or "all"), if one is still running. */
export async function activeBan(db: Database, userId: number, now: Date, kind: PostKind): Promise<PostingBan | null> {
  const [ban] = await db
    .select({ until: postingBans.until, reason: postingBans.reason })
    .from(postingBans)
    .where(and(eq(postingBans.userId, userId), inArray(postingBans.scope, [BAN_SCOPE_OF[kind], "all"]), gt(postingBans.until, now)))
    .orderBy(desc(postingBans.until))
    .limit(1);
  return ban ?? null;
}

/** What a banned person's posting form says. */
export function banMessage(t: Translate, ban: PostingBan) {
  const until = ban.until.toISOString().slice(0, 16).replace("T", " ");
  return ban.reason
    ? t("A moderator has stopped you from posting until :until UTC: :reason", { until, reason: ban.reason })
    : t("A moderator has stopped you from posting until :until UTC.", { until });
}

/**
 * Whether the caller may post reviews and comments (for showing the forms, or why not): null for a kind
 * they may post. One read of their running bans for both kinds (a page shows both forms).
 */
export async function postingRefusals(s: Pick<CommunityServices, "db" | "t" | "user" | "viewer" | "now">): Promise<Record<PostKind, string | null>> {
  const user = s.user;
  if (!user) return { review: s.t("Sign in to post."), comment: s.t("Sign in to post.") };
  const allowed = (kind: PostKind) => hasPermission(s.viewer, POST_PERMISSIONS[kind]);
  const bans =
    allowed("review") || allowed("comment")
      ? await s.db
          .select({ scope: postingBans.scope, until: postingBans.until, reason: postingBans.reason })
          .from(postingBans)
          .where(and(eq(postingBans.userId, user.id), gt(postingBans.until, s.now())))
          .orderBy(desc(postingBans.until))
      : [];
  const refusal = (kind: PostKind) => {
    if (!allowed(kind)) return s.t("You do not have permission to do that.");
    // The longest running ban of the kind's scope or "all", as activeBan picks it.
    const ban = bans.find((b) => b.scope === BAN_SCOPE_OF[kind] || b.scope === "all");
    return ban ? banMessage(s.t, ban) : null;
  };
  return { review: refusal("review"), comment: refusal("comment") };
}

/**
 * Every check before a new post or an edit is written. Throws a
 * DomainError (4xx) when it is refused; returns the status it gets.
 */
export async function admitPost(
  s: CommunityServices,
  kind: PostKind,
  text: { body: string; headline?: string },
  options: { humanCheckToken?: unknown; editing?: { id: number } } = {},
): Promise<{ user: AuthUser; status: PostStatus }> {
  const { t } = s;
  if (!s.user) throw new DomainError(401, t("You need to sign in first."));
  if (!hasPermission(s.viewer, POST_PERMISSIONS[kind])) throw new DomainError(403, t("You do not have permission to do that."));
  const ban = await activeBan(s.db, s.user.id, s.now(), kind);
  if (ban) throw new DomainError(403, banMessage(t, ban));

  const links = countLinks(text.body) + countLinks(text.headline ?? "");
  if (links > COMMUNITY_MAX_LINKS) {
    throw new DomainError(422, t("A post may have at most :count links.", { count: COMMUNITY_MAX_LINKS }), { field: "body" });
  }

  await limitCommunityWrite(s, "post", s.user.id);
  if (s.settings["recaptcha.site_key"] && s.settings["recaptcha.enable.comments"] && s.humanCheckSecret) {
    const token = typeof options.humanCheckToken === "string" ? options.humanCheckToken : "";
    if (!(await s.humanCheck.verify(token, s.ip))) throw new DomainError(422, t("Could not verify you are human."));
  }
  if (await isDuplicate(s.db, kind, s.user.id, text.body, s.now(), options.editing?.id)) {
    throw new DomainError(422, t("You already posted this. Write something new."), { field: "body" });
  }
  return { user: s.user, status: holdsPost(s.settings, s.user, text, s.now()) ? "held" : "published" };
}

/** A new account (when the setting asks) or a held word holds the post for a moderator. */
export function holdsPost(settings: Settings, user: Pick<AuthUser, "createdAt">, text: { body: string; headline?: string }, now: Date) {
  if (settings["community.hold_new_accounts"] && now.getTime() - user.createdAt.getTime() < COMMUNITY_NEW_ACCOUNT_DAYS * 86_400_000) return true;
  return containsHeldWord(settings["community.held_words"], `${text.headline ?? ""}\n${text.body}`);
}

export function containsHeldWord(words: readonly string[], text: string) {
  const lower = text.toLowerCase();
  return words.some((word) => {
    const w = word.trim().toLowerCase();
    if (!w) return false;
    const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").test(lower);
  });
}

/** The same text from the same person within the window (edits compare against their other posts). */
async function isDuplicate(db: Database, kind: PostKind, userId: number, body: string, now: Date, exceptId?: number) {
  const since = new Date(now.getTime() - COMMUNITY_DUPLICATE_WINDOW_S * 1000);
  const normalized = normalizeBody(body);
  const table = kind === "review" ? reviews : comments;
  const rows = await db
    .select({ id: table.id, body: table.body })
    .from(table)
    .where(and(eq(table.userId, userId), gt(table.createdAt, since)))
    .limit(200);
  return rows.some((row) => row.id !== exceptId && normalizeBody(row.body) === normalized);
}

/**
 * Posts, votes and reports are each limited per account and per address
 * (decision 021; numbers in app/constants.ts via RATE_LIMITS): a 429 with
 * Retry-After when either is used up.
 */
export async function limitCommunityWrite(s: Pick<CommunityServices, "limiter" | "ip" | "t">, what: "post" | "vote" | "report", userId: number) {
  const limited = await checkRateLimits(s.limiter, [
    [`community-${what}:account`, String(userId)],
    [`community-${what}:ip`, s.ip ?? "unknown"],
  ]);
  if (!limited.ok) {
    throw new DomainError(429, s.t("Too many attempts. Please try again in :seconds seconds.", { seconds: limited.retryAfter }), {
      headers: {
        "Retry-After": String(limited.retryAfter),
      },
    });
  }
}
