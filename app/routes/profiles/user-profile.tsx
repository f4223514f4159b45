import { data, redirect } from "react-router";
import type { Route } from "./+types/user-profile";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/i18n/use-dates";
import { parseId } from "~/catalogue/access.server";
import { profilePath, publicName } from "~/profiles/public-profile";
import { loadPublicProfile } from "~/profiles/public-profile.server";
import { getApp } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/** /user/{id}/{slug}: a member's public profile. A stale slug redirects (301) to the current one. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = await loadPublicProfile(app.db, parseId(params.id));
  if (!user) throw data(null, { status: 404 });
  const path = profilePath(user);
  if (`/user/${params.id}/${encodeURIComponent(params.slug ?? "")}` !== path) throw redirect(path, 301);
  const name = publicName(user) ?? app.t("Member #:id", { id: user.id });
  return {
    profile: { id: user.id, name, avatar: user.avatar, joined: user.createdAt.toISOString() },
    seo: buildSeo(app, request, { title: name, description: app.t(":name on :site", { name, site: app.settings["branding.site_name"] }), path, type: "profile", image: user.avatar, noindex: true }),
  };
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const t = useTrans();
  // In the viewer's time zone and language (app/i18n/use-dates.ts).
  const joined = useDates().format(profile.joined, "month");
  const initials = profile.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => [...w][0] ?? "")
    .join("")
    .toUpperCase();
  return (
    <section className="mx-auto flex max-w-3xl items-center gap-6 px-4 py-16 sm:px-6" data-testid="user-profile">
      {profile.avatar ? (
        <img src={profile.avatar} alt="" width={96} height={96} className="size-24 rounded-full bg-paper object-cover" />
      ) : (
        <span aria-hidden="true" className="flex size-24 items-center justify-center rounded-full bg-primary-light text-3xl font-bold text-primary">
          {initials}
        </span>
      )}
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{profile.name}</h1>
        <p className="mt-1 text-muted">{t("Member since :date", { date: joined })}</p>
      </div>
    </section>
  );
}
