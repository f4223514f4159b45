import { data, redirect } from "react-router";
import { parseId } from "~/catalogue/access.server";
import { loadLibraryProfile } from "~/library/profile.server";
import { profilePath, publicName } from "~/profiles/public-profile";
import { loadPublicProfile } from "~/profiles/public-profile.server";
import type { AppContext } from "~/request/context";
import { listFollows, loadSocialProfile, myFollowStates, relationBetween, type FollowListKind } from "./follows.server";

/** A followers / following / requests page's cursor: "<unix seconds>.<member id>"; anything else is the first page. */
function parseBefore(value: string | null) {
  const match = value ? /^(\d{1,12})\.(\d{1,15})$/.exec(value) : null;
  return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
}

/**
 * A member's followers or following page: not found when they blocked the
 * viewer, refused (403) for a private profile to all but its owner and
 * approved followers; each listed member with the viewer's follow state.
 */
export async function loadFollowListPage(app: AppContext, params: { id?: string; slug?: string }, url: URL, kind: Exclude<FollowListKind, "requests">) {
  const id = parseId(params.id);
  const viewerId = app.user?.id ?? null;
  const [user, library, relation, social] = await Promise.all([loadPublicProfile(app.db, id), loadLibraryProfile(app.db, id), relationBetween(app.db, viewerId, id), loadSocialProfile(app.db, id)]);
  if (!user || relation.blockedBy) throw data(null, { status: 404 });
  const path = profilePath(user);
  if (`/user/${params.id}/${encodeURIComponent(params.slug ?? "")}` !== path) throw redirect(`${path}/${kind}`, 301);
  const own = viewerId === id;
  if (library.private && !own && relation.following !== "active") throw data(null, { status: 403 });
  const page = await listFollows(app.db, id, kind, parseBefore(url.searchParams.get("before")));
  const states = viewerId ? await myFollowStates(app.db, viewerId, page.members.map((m) => m.id)) : new Map();
  return {
    owner: { id, name: publicName(user) ?? app.t("Member #:id", { id }), path, own },
    kind,
    count: kind === "followers" ? social.followersCount : social.followingCount,
    members: page.members.map((m) => ({ id: m.id, name: publicName(m) ?? app.t("Member #:id", { id: m.id }), path: profilePath(m), avatar: m.avatar, following: states.get(m.id) ?? null, self: m.id === viewerId })),
    signedIn: viewerId !== null,
    next: page.next ? `${page.next.at}.${page.next.id}` : null,
  };
}

/** The signed-in member's pending follow requests, newest first. */
export async function loadRequestsPage(app: AppContext, userId: number, url: URL) {
  const page = await listFollows(app.db, userId, "requests", parseBefore(url.searchParams.get("before")));
  return {
    members: page.members.map((m) => ({ id: m.id, name: publicName(m) ?? app.t("Member #:id", { id: m.id }), path: profilePath(m), avatar: m.avatar })),
    next: page.next ? `${page.next.at}.${page.next.id}` : null,
  };
}
