import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { data, Form, Link, redirect } from "react-router";
import { useState } from "react";
import { toast } from "~/toasts/toast-store";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/list";
import { loginRedirectFor } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { listPath } from "~/lists/lists";
import { listDetails, setLiked } from "~/lists/lists.server";
import { listIdOf } from "~/lists/services.server";
import { listJsonLd } from "~/lists/structured-data";
import { commentCountOf } from "~/community/comments.server";
import { communityAction, posterState } from "~/community/pages.server";
import { threadFromQuery } from "~/community/thread-page.server";
import { lazyComponent } from "~/ui/lazy-component";
import { profilePath } from "~/profiles/public-profile";
import { getApp } from "~/request/context";
import { setPageJsonLd } from "~/seo/json-ld.server";
import { absoluteUrl, seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { TitleCard } from "~/site/cards";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { readIntent } from "~/ui/forms/submission.server";

/** The comment thread: rendered on the server in place, its code a lazy chunk (the public page's 120 KB JavaScript budget). */
const ThreadSection = lazyComponent(() => import("~/community/ui/thread-section").then((m) => m.ThreadSection));

/** Guests share a copy of a public list's page for a few seconds (a private list is a 404 for them). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** A list anyone may see: a public one, or a private one the viewer edits (owner or workspace member). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const id = listIdOf(params.id);
  let list;
  try {
    list = await listDetails(app.db, app.user?.id ?? null, id);
  } catch (error) {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  }
  const path = listPath(list);
  if (params.slug !== list.slug) throw redirect(path, 301);
  const origin = new URL(request.url).origin;
  if (list.public) setPageJsonLd(context, listJsonLd(list, origin, path));
  // Its comment thread (decision 025): a public list's, or a private one's for its owner alone.
  const discussion =
    list.public || list.owner.id === app.user?.id
      ? await Promise.all([threadFromQuery(app, request, { kind: "list", id: list.id }), commentCountOf(app.db, "list", list.id), posterState(context, request)]).then(([thread, count, poster]) => ({
          thread,
          count,
          poster,
        }))
      : null;
  return {
    list,
    discussion,
    shareUrl: absoluteUrl(origin, path),
    ownerPath: list.owner.name ? profilePath({ id: list.owner.id, firstName: null, lastName: null, displayName: list.owner.name }) : null,
    signedIn: app.user !== null,
    seo: buildSeo(app, request, {
      title: list.name,
      description: list.description || app.t("A list of :count titles by :name", { count: list.items_count, name: list.owner.name ?? app.t("a member") }),
      path,
      image: list.items[0]?.title.poster ?? null,
      noindex: !list.public,
    }),
  };
}

/** Like or unlike (a form, so it works without JavaScript). */
export async function action(args: Route.ActionArgs) {
  const { params, request, context } = args;
  const app = getApp(context);
  const id = listIdOf(params.id);
  const page = `/lists/${id}/${encodeURIComponent(params.slug)}`;
  if (!app.user) throw redirect(loginRedirectFor(new URL(page, request.url)));
  // Comments, replies, edits, deletions and reports of its thread: the community pages' action.
  const intent = readIntent(
    await request
      .clone()
      .formData()
      .catch(() => new FormData()),
  );
  if (intent !== "like" && intent !== "unlike") return communityAction(args, null, page);
  try {
    await setLiked(app.db, app.user.id, id, intent === "like");
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw data({ message: domainErrorMessage(app.t, error) }, { status: error.status });
  }
  // Back to the page (not url.pathname: with JavaScript the action is posted to its .data URL).
  return redirectWithToast(request, page, { message: intent === "like" ? app.t("Liked list") : app.t("Removed your like") }, { status: 303 });
}

/** Copies the share link (JavaScript only: without it the link is selectable text, and the button is not shown). */
function CopyButton({ text }: { text: string }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={buttonClasses({ variant: "outlined", size: "md" })}
      data-testid="share-copy"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setCopied(true);
            toast(t("Link copied"));
          },
          () => toast.danger(t("Could not copy: select the link and copy it.")),
        );
      }}
    >
      {copied ? t("Copied") : t("Copy link")}
    </button>
  );
}

export default function ListPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { list, shareUrl, ownerPath, signedIn, discussion } = loaderData;
  return (
    <article className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6" data-testid="list-page">
      <header className="flex flex-wrap items-start justify-between gap-6">
        <div className="min-w-0 max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-muted">
            {list.public ? t("Public list") : t("Private list")}
            {list.workspace_name ? ` · ${list.workspace_name}` : ""}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-foreground" data-testid="list-name">
            {list.name}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {list.owner.name ? (
              ownerPath ? (
                <>
                  {t("By")}{" "}
                  <Link to={ownerPath} className="font-medium text-foreground hover:text-primary">
                    {list.owner.name}
                  </Link>
                </>
              ) : (
                t("By :name", { name: list.owner.name })
              )
            ) : null}
            {" · "}
            {t(":count [one title|other titles]", { count: list.items_count })}
            {" · "}
            <span data-testid="list-likes">{t(":count [one like|other likes]", { count: list.likes_count })}</span>
          </p>
          {list.description ? (
            <p className="mt-4 whitespace-pre-line leading-7 text-foreground" data-testid="list-description">
              {list.description}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {signedIn ? (
            <Form method="post">
              <input type="hidden" name="intent" value={list.liked ? "unlike" : "like"} />
              <button type="submit" className={buttonClasses({ variant: list.liked ? "filled" : "outlined", size: "sm" })} aria-pressed={list.liked} data-testid="like-list">
                {list.liked ? t("Liked") : t("Like")}
              </button>
            </Form>
          ) : (
            <Link to={`/login?redirect=${encodeURIComponent(new URL(shareUrl).pathname)}`} className={buttonClasses({ variant: "outlined", size: "sm" })} rel="nofollow">
              {t("Sign in to like")}
            </Link>
          )}
          {list.can_edit ? (
            <Link to={`${listPath(list)}/edit`} className={buttonClasses({ variant: "filled", size: "sm" })} data-testid="edit-list">
              {t("Edit list")}
            </Link>
          ) : null}
        </div>
      </header>

      {list.public ? (
        <div className="mt-6 max-w-xl">
          <label htmlFor="share-link" className="text-sm font-medium text-muted">
            {t("Share link")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="share-link"
              type="url"
              readOnly
              value={shareUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full min-w-0 rounded-theme border border-divider bg-background px-3 py-2 text-sm text-foreground"
              data-testid="share-link"
            />
            <CopyButton text={shareUrl} />
          </div>
        </div>
      ) : null}

      {list.items.length === 0 ? (
        <p className="mt-10 text-muted">{t("This list has no titles yet.")}</p>
      ) : (
        <ol className="mt-10 grid grid-cols-2 gap-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" data-testid="list-items">
          {list.items.map((item, index) => (
            <li key={item.id} data-testid="list-item" data-title-id={item.title.id}>
              <p className="mb-1 text-sm font-semibold text-muted">{index + 1}</p>
              <TitleCard title={item.title} />
              {item.note ? (
                <p className="mt-1 text-sm text-muted" data-testid="list-item-note">
                  {item.note}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      {discussion ? (
        <div className="mt-12 max-w-3xl">
          <ThreadSection
            path={listPath(list)}
            target={{ kind: "list", id: list.id }}
            thread={discussion.thread}
            count={discussion.count}
            viewer={discussion.poster}
            failure={actionData && "intent" in actionData ? actionData : null}
          />
        </div>
      ) : null}
    </article>
  );
}
