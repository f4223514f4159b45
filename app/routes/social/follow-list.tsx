import { Link } from "react-router";
import type { Route } from "./+types/follow-list";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { loadFollowListPage } from "~/composers/social-pages.server";
import { FollowButton } from "~/social/ui/follow-button";
import { MemberRow } from "~/social/ui/member-row";

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** /user/{id}/{slug}/followers and /following (decision 033). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const url = new URL(request.url);
  const kind = url.pathname.endsWith("/following") ? "following" : "followers";
  const page = await loadFollowListPage(app, params, url, kind);
  const title = kind === "followers" ? app.t(":name's followers", { name: page.owner.name }) : app.t("People :name follows", { name: page.owner.name });
  return { ...page, title, seo: buildSeo(app, request, { title, description: null, path: `${page.owner.path}/${kind}`, noindex: true }) };
}

export default function FollowList({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { owner, kind, members, next, title, count, signedIn } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6" data-testid={`${kind}-page`}>
      <p className="text-sm">
        <Link to={owner.path} className="text-primary hover:underline">
          {owner.name}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-foreground">{title}</h1>
      <nav aria-label={t("Followers and following")} className="mt-4 flex gap-4 text-sm">
        <Link
          to={`${owner.path}/followers`}
          aria-current={kind === "followers" ? "page" : undefined}
          className="text-muted hover:text-primary aria-[current=page]:font-semibold aria-[current=page]:text-foreground"
        >
          {t("Followers")}
        </Link>
        <Link
          to={`${owner.path}/following`}
          aria-current={kind === "following" ? "page" : undefined}
          className="text-muted hover:text-primary aria-[current=page]:font-semibold aria-[current=page]:text-foreground"
        >
          {t("Following")}
        </Link>
      </nav>
      <p className="mt-4 text-sm text-muted">{t(":count members", { count })}</p>
      {members.length === 0 ? (
        <p className="mt-8 text-muted" data-testid="follow-list-empty">
          {kind === "followers" ? t("No followers yet.") : t("Not following anyone yet.")}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-divider" data-testid="follow-list">
          {members.map((m) => (
            <MemberRow key={m.id} member={m}>
              {signedIn && !m.self ? <FollowButton userId={m.id} following={m.following} size="xs" /> : null}
            </MemberRow>
          ))}
        </ul>
      )}
      {next ? (
        <Link to={`?before=${next}`} className="mt-6 inline-block text-primary hover:underline" data-testid="follow-list-next">
          {t("More")}
        </Link>
      ) : null}
    </div>
  );
}
