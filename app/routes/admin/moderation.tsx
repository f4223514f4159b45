import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/moderation";
import { requireAdmin } from "~/admin/access.server";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { moderationInputSchema } from "~/community/schema";
import { BAN_SCOPES } from "~/community/kinds";
import { mayBanWithScope, moderate, moderationQueue } from "~/community/moderation.server";
import { MODERATE_PERMISSIONS } from "~/community/posting.server";
import { communityServices } from "~/community/services.server";
import { POSTING_BAN_DAYS } from "~/constants";
import { redirectWithToast } from "~/toasts/flash.server";
import { siteTitle } from "~/seo/seo";

/**
 * The moderation queue (decision 025): held and reported reviews and comments,
 * each with approve, hide, delete and "ban the author from posting for a
 * time". reviews.moderate and comments.moderate each open their half; every
 * action is audit-logged (app/community/moderation.server.ts).
 */
export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Moderation") }];

function requireModerator(args: Route.LoaderArgs | Route.ActionArgs) {
  const admin = requireAdmin(args);
  const can = (kind: "review" | "comment") => admin.can(MODERATE_PERMISSIONS[kind]);
  if (!can("review") && !can("comment")) throw data(null, { status: 404 });
  return { ...admin, canModerate: can };
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireModerator(args);
  // Only the scopes this moderator may ban from (decision 021): their own kinds, "all" with both.
  const banScopes = BAN_SCOPES.filter((scope) => mayBanWithScope(admin.app.viewer, scope));
  return { items: await moderationQueue(admin.app.db, { can: admin.canModerate }), banScopes };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireModerator(args);
  const t = admin.app.t;
  const form = await args.request.formData().catch(() => new FormData());
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && value !== "") values[key] = value;
  const parsed = moderationInputSchema.safeParse(values);
  if (!parsed.success) return data({ error: t("Choose an action (and for a ban how long it lasts and why).") }, { status: 422 });
  try {
    await moderate(communityServices(args.context, args.request), admin.actor, parsed.data);
  } catch (error) {
    if (error instanceof DomainError) return data({ error: domainErrorMessage(t, error) }, { status: error.status });
    throw error;
  }
  const done = { approve: t("Approved"), hide: t("Hidden"), delete: t("Deleted"), ban: t("The author may not post until the ban ends") };
  return redirectWithToast(args.request, "/admin/moderation", { message: done[parsed.data.action], type: "positive" }, { status: 303 });
}

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { items, banScopes } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("Moderation")} description={t("Reported reviews and comments, and posts held for approval (new accounts, held words).")} />
      {actionData?.error ? (
        <p role="alert" className="mb-4 rounded-theme bg-danger/10 px-3 py-2 text-sm text-danger">
          {actionData.error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="text-muted" data-testid="moderation-empty">
          {t("Nothing to moderate.")}
        </p>
      ) : null}
      <ol className="space-y-4" data-testid="moderation-queue">
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="rounded-theme border border-divider bg-elevated p-4" data-testid="moderation-item" data-kind={item.kind} data-id={item.id}>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge>{item.kind === "review" ? t("Review") : t("Comment")}</Badge>
              {item.status === "held" ? <Badge tone="warning">{t("Held for approval")}</Badge> : null}
              {item.status === "hidden" ? <Badge>{t("Hidden")}</Badge> : null}
              {item.openReports ? (
                <Badge tone="danger">
                  {t(":count [one report|other reports]", { count: item.openReports })}: {item.reasons.join(", ")}
                </Badge>
              ) : null}
              <span className="text-muted" data-testid="moderation-author">
                {item.author.name ? `${item.author.name} (${item.author.email})` : item.author.email} · {item.createdAt.slice(0, 16).replace("T", " ")}
              </span>
              {item.author.bannedUntil ? <Badge tone="danger">{t("Banned until :until", { until: item.author.bannedUntil.slice(0, 10) })}</Badge> : null}
              {item.path ? (
                <Link to={item.path} className="text-primary hover:underline">
                  {t("Open")}
                </Link>
              ) : null}
            </div>
            {item.about ? (
              <p className="mt-2 text-sm text-muted" data-testid="moderation-about">
                {item.kind === "review" ? t("Review of :name", { name: item.about }) : t("Comment on :name", { name: item.about })}
              </p>
            ) : null}
            {item.headline ? <p className="mt-2 font-semibold text-foreground">{item.headline}</p> : null}
            <div className="mt-1 space-y-2 text-sm text-foreground" data-testid="moderation-body" dangerouslySetInnerHTML={{ __html: item.bodyHtml }} />
            <div className="mt-3 flex flex-wrap items-end gap-2">
              {(["approve", "hide", "delete"] as const).map((action) => (
                <Form method="post" key={action}>
                  <input type="hidden" name="subject_kind" value={item.kind} />
                  <input type="hidden" name="subject_id" value={item.id} />
                  <button type="submit" name="action" value={action} className="rounded-theme border border-divider px-3 py-1.5 text-sm hover:bg-paper" data-testid={`moderate-${action}`}>
                    {action === "approve" ? t("Approve") : action === "hide" ? t("Hide") : t("Delete")}
                  </button>
                </Form>
              ))}
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="subject_kind" value={item.kind} />
                <input type="hidden" name="subject_id" value={item.id} />
                <label className="text-sm">
                  <span className="block text-muted">{t("Ban the author for")}</span>
                  <select name="ban_days" defaultValue="7" className="rounded-theme border border-divider bg-background px-2 py-1.5">
                    {POSTING_BAN_DAYS.map((days) => (
                      <option key={days} value={days}>
                        {t(":count [one day|other days]", { count: days })}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="text-sm">
                  <span className="block text-muted">{t("Ban from")}</span>
                  <select
                    name="ban_scope"
                    defaultValue={item.kind === "review" ? "reviews" : "comments"}
                    className="rounded-theme border border-divider bg-background px-2 py-1.5"
                    data-testid="moderate-ban-scope"
                  >
                    {banScopes.map((scope) => (
                      <option key={scope} value={scope}>
                        {scope === "comments" ? t("Comments") : scope === "reviews" ? t("Reviews") : t("Comments and reviews")}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="text-sm">
                  <span className="block text-muted">{t("Reason (shown to them)")}</span>
                  <input name="reason" required maxLength={300} className="rounded-theme border border-divider bg-background px-2 py-1.5" />
                </label>
                <button type="submit" name="action" value="ban" className="rounded-theme border border-danger px-3 py-1.5 text-sm text-danger" data-testid="moderate-ban">
                  {t("Ban")}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
