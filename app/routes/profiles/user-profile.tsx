import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/user-profile";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { parseId } from "~/catalogue/access.server";
import { loadProfileActivity, loadProfileWithLibrary } from "~/library/profile.server";
import { listPath } from "~/lists/lists";
import { publicListsOfUser } from "~/lists/lists.server";
import { profilePath, publicName } from "~/profiles/public-profile";
import { getApp } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { TitleCard } from "~/site/cards";
import { PROFILE_RECENT_ITEMS as PROFILE_LISTS } from "~/constants";
import { loadSocialProfile, maySeeActivity, relationBetween } from "~/social/follows.server";
import { ProfileSocial } from "~/social/ui/profile-social";

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /user/{id}/{slug}: a member's public profile (name, avatar, counts, recent
 * ratings and watched titles). A private profile is refused (403) to
 * everyone but its owner and its approved followers before anything else, so
 * neither the slug redirect nor the page's head can tell its name (decision
 * 021); others may ask to follow. A member who blocked the viewer is not
 * found (404), as if they did not exist (decision 033). Otherwise a stale
 * slug redirects (301) to the current one.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const id = parseId(params.id);
  const viewerId = app.user?.id ?? null;
  const [{ user, library }, social, relation] = await Promise.all([loadProfileWithLibrary(app.db, id), loadSocialProfile(app.db, id), relationBetween(app.db, viewerId, id)]);
  if (!user || relation.blockedBy) throw data(null, { status: 404 });
  const own = viewerId === user.id;
  const socialOf = (name: string, path: string) => ({
    userId: user.id,
    name,
    path,
    own,
    signedIn: viewerId !== null,
    following: relation.following,
    blocking: relation.blocking,
    followersCount: social.followersCount,
    followingCount: social.followingCount,
    requestsCount: own ? social.requestsCount : 0,
  });
  if (library.private && !own && relation.following !== "active") {
    const title = app.t("Private profile");
    const seo = buildSeo(app, request, { title, description: title, path: `/user/${user.id}`, type: "profile", image: null, noindex: true });
    // Neither the name nor the current slug: only what the visitor's own address already says.
    const asked = `/user/${user.id}/${encodeURIComponent(params.slug ?? "")}`;
    return data({ profile: null, social: socialOf(app.t("Member #:id", { id: user.id }), asked), seo }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  }
  const path = profilePath(user);
  if (`/user/${params.id}/${encodeURIComponent(params.slug ?? "")}` !== path) throw redirect(path, 301);
  const name = publicName(user) ?? app.t("Member #:id", { id: user.id });
  const seo = buildSeo(app, request, {
    title: name,
    description: app.t(":name on :site", { name, site: app.settings["branding.site_name"] }),
    path,
    type: "profile",
    image: user.avatar,
    noindex: true,
  });
  const socialView = socialOf(name, path);
  // Recent acts only for those the member's activity setting allows; the public lists (lists_user_idx) in parallel.
  const showActivity = maySeeActivity(social.activityVisibility, own, relation);
  const [activity, publicLists] = await Promise.all([
    showActivity && !relation.blocking ? loadProfileActivity(app.db, user.id) : { recentRatings: [], recentlyWatched: [] },
    publicListsOfUser(app.db, user.id, PROFILE_LISTS),
  ]);
  return {
    profile: {
      id: user.id,
      path,
      name,
      avatar: user.avatar,
      joined: user.createdAt.toISOString(),
      isPrivate: library.private,
      counts: { ratings: library.ratingsCount, watchlist: library.watchlistCount, watched: library.watchedCount },
      ...activity,
      lists: publicLists.map((list) => ({ id: list.id, slug: list.slug, name: list.name, description: list.description, itemsCount: list.items_count })),
    },
    social: socialView,
    seo,
  };
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile, social } = loaderData;
  const t = useTrans();
  // In the viewer's time zone and language (app/ui/use-dates.ts).
  const dates = useDates();
  if (!profile) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6" data-testid="profile-private">
        <h1 className="text-2xl font-bold text-foreground">{t("This profile is private")}</h1>
        <p className="mt-2 text-muted">{t("Its owner chose not to share it.")}</p>
        {social.signedIn ? (
          <div className="mt-6 flex justify-center">
            <ProfileSocial social={social} privateProfile />
          </div>
        ) : null}
      </section>
    );
  }
  const joined = dates.format(profile.joined, "month");
  const initials = profile.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => [...w][0] ?? "")
    .join("")
    .toUpperCase();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6" data-testid="user-profile">
      <section className="flex items-center gap-6">
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
          {profile.isPrivate ? <p className="mt-1 text-sm text-muted">{t("Your profile is private: only you see this page.")}</p> : null}
          {/* The diary and the year in review (decision 034). */}
          <p className="mt-2 flex gap-4 text-sm">
            <Link to={`${profile.path}/diary`} className="text-primary hover:underline" data-testid="profile-diary-link">
              {t("Diary")}
            </Link>
            <Link to={`${profile.path}/stats`} className="text-primary hover:underline" data-testid="profile-stats-link">
              {t("Year in review")}
            </Link>
          </p>
          <dl className="mt-3 flex gap-6 text-sm" data-testid="profile-counts">
            <div>
              <dt className="text-muted">{t("Ratings")}</dt>
              <dd className="text-lg font-semibold text-foreground">{profile.counts.ratings}</dd>
            </div>
            <div>
              <dt className="text-muted">{t("Watched")}</dt>
              <dd className="text-lg font-semibold text-foreground">{profile.counts.watched}</dd>
            </div>
            <div>
              <dt className="text-muted">{t("Watchlist")}</dt>
              <dd className="text-lg font-semibold text-foreground">{profile.counts.watchlist}</dd>
            </div>
          </dl>
          <ProfileSocial social={social} />
        </div>
      </section>

      {profile.recentRatings.length > 0 ? (
        <section aria-labelledby="recent-ratings" className="mt-12">
          <h2 id="recent-ratings" className="text-xl font-semibold text-foreground">
            {t("Recent ratings")}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-6 sm:grid-cols-4 lg:grid-cols-6" data-testid="profile-ratings">
            {profile.recentRatings.map((title) => (
              <li key={title.id}>
                <TitleCard title={title} />
                <p className="mt-1 text-sm text-muted">{t("Rated :rating/10", { rating: title.myRating })}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {profile.recentlyWatched.length > 0 ? (
        <section aria-labelledby="recently-watched" className="mt-12">
          <h2 id="recently-watched" className="text-xl font-semibold text-foreground">
            {t("Recently watched")}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-6 sm:grid-cols-4 lg:grid-cols-6" data-testid="profile-watched">
            {profile.recentlyWatched.map((title) => (
              <li key={title.id}>
                <TitleCard title={title} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {profile.lists.length > 0 ? (
        <section aria-labelledby="public-lists" className="mt-12">
          <h2 id="public-lists" className="text-xl font-semibold text-foreground">
            {t("Lists")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="profile-lists">
            {profile.lists.map((list) => (
              <li key={list.id} className="rounded-theme border border-divider bg-elevated p-4">
                <a href={listPath(list)} className="font-medium text-foreground hover:text-primary">
                  {list.name}
                </a>
                <p className="mt-1 text-xs text-muted">{t(":count [one title|other titles]", { count: list.itemsCount })}</p>
                {list.description ? <p className="mt-2 line-clamp-2 text-sm text-muted">{list.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
