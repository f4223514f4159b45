import { Link } from "react-router";
import type { Route } from "./+types/follow-requests";
import { requireUser } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { loadRequestsPage } from "~/composers/social-pages.server";
import { SocialActionButton } from "~/social/ui/follow-button";
import { MemberRow } from "~/social/ui/member-row";

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** /follow-requests: who asked to follow my private profile; accept or decline each (decision 033). */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const page = await loadRequestsPage(app, user.id, new URL(args.request.url));
  return { ...page, seo: buildSeo(app, args.request, { title: app.t("Follow requests"), description: null, path: "/follow-requests", noindex: true }) };
}

export default function FollowRequests({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { members, next } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6" data-testid="follow-requests-page">
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{t("Follow requests")}</h1>
      <p className="mt-2 text-sm text-muted">{t("Members who asked to follow your private profile. Once accepted, they see your profile and activity.")}</p>
      {members.length === 0 ? (
        <p className="mt-8 text-muted" data-testid="follow-requests-empty">
          {t("No follow requests.")}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-divider">
          {members.map((m) => (
            <MemberRow key={m.id} member={m}>
              <SocialActionButton userId={m.id} intent="accept" label={t("Accept")} variant="filled" size="xs" />
              <SocialActionButton userId={m.id} intent="decline" label={t("Decline")} color="neutral" size="xs" />
            </MemberRow>
          ))}
        </ul>
      )}
      {next ? (
        <Link to={`?before=${next}`} className="mt-6 inline-block text-primary hover:underline">
          {t("More")}
        </Link>
      ) : null}
    </div>
  );
}
