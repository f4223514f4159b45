import { data, redirect } from "react-router";
import { parseId } from "~/catalogue/access.server";
import { loadProfileWithLibrary } from "~/library/profile.server";
import { profilePath, publicName } from "~/profiles/public-profile";
import type { AppContext } from "~/request/context";
import { listFollows, loadSocialProfile, myFollowStates, relationBetween, type FollowListKind } from "../social/follows.server";

/** A followers / following / requests page's cursor: "<unix seconds>.<member id>"; anything else is the first page. */
function parseBefore(value: string | null) {
  const match = value ? /^(\d{1,12})\.(\d{1,15})$/.exec(value) : null;
  return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
}

/**
 * A member's followers or the members they follow, for a page or the API:
 * null when they blocked the viewer (not found, as if they did not exist),
 * "private" for a private profile to all but its owner and approved
 * followers; each listed member with the viewer's follow state (one statement).
 */
export async function followListFor(app: AppContext, id: number, kind: Exclude<FollowListKind, "requests">, before: string | null) {
  const viewerId = app.user?.id ?? null;
  const [{ user, library }, relation, social] = await Promise.all([loadProfileWithLibrary(app.db, id), relationBetween(app.db, viewerId, id), loadSocialProfile(app.db, id)]);
  if (!user || relation.blockedBy) return null;
  const own = viewerId === id;
  if (library.private && !own && relation.following !== "active") return "private" as const;
  const page = await listFollows(app.db, id, kind, parseBefore(before));
  const states = viewerId
    ? await myFollowStates(
        app.db,
        viewerId,
        page.members.map((m) => m.id),
      )
    : new Map();
  return {
    user,
    owner: { id, name: publicName(user) ?? app.t("Member #:id", { id }), path: profilePath(user), own },
    count: kind === "followers" ? social.followersCount : social.followingCount,
    members: page.members.map((m) => ({
      id: m.id,
      name: publicName(m) ?? app.t("Member #:id", { id: m.id }),
      path: profilePath(m),
      avatar: m.avatar,
      following: states.get(m.id) ?? null,
      self: m.id === viewerId,
    })),
    next: page.next ? `${page.next.at}.${page.next.id}` : null,
  };
}

/** The followers / following page: a stale slug redirects (301); blocked is 404, private 403. */
export async function loadFollowListPage(app: AppContext, params: { id?: string; slug?: string }, url: URL, kind: Exclude<FollowListKind, "requests">) {
  const list = await followListFor(app, parseId(params.id), kind, url.searchParams.get("before"));
  if (list === null) throw data(null, { status: 404 });
  if (list === "private") throw data(null, { status: 403 });
  if (`/user/${params.id}/${encodeURIComponent(params.slug ?? "")}` !== list.owner.path) throw redirect(`${list.owner.path}/${kind}`, 301);
  const { user: _user, ...rest } = list;
  return { ...rest, kind, signedIn: app.user !== null };
}

/** The signed-in member's pending follow requests, newest first. */
export async function loadRequestsPage(app: AppContext, userId: number, url: URL) {
  const page = await listFollows(app.db, userId, "requests", parseBefore(url.searchParams.get("before")));
  return {
    members: page.members.map((m) => ({ id: m.id, name: publicName(m) ?? app.t("Member #:id", { id: m.id }), path: profilePath(m), avatar: m.avatar })),
    next: page.next ? `${page.next.at}.${page.next.id}` : null,
  };
}
