import { data, redirect } from "react-router";
import { parseId } from "~/catalogue/access.server";
import { loadProfileWithLibrary } from "~/library/profile.server";
import { profilePath, publicName } from "~/profiles/public-profile";
import type { AppContext } from "~/request/context";

/**
 * Whose diary or year in review a page shows (/user/{id}/{slug}/diary|stats):
 * an unknown member is 404, a stale slug redirects (301) keeping the query,
 * and a private profile is shown to its owner only (`hidden` for others, who
 * get a 403 and no entries), as on the profile page (decision 023).
 */
export async function loadDiaryOwner(app: AppContext, request: Request, params: { id?: string; slug?: string }, page: "diary" | "stats") {
  const id = parseId(params.id);
  const { user, library } = await loadProfileWithLibrary(app.db, id);
  if (!user) throw data(null, { status: 404 });
  const profile = profilePath(user);
  if (`/user/${params.id}/${encodeURIComponent(params.slug ?? "")}` !== profile) throw redirect(`${profile}/${page}${new URL(request.url).search}`, 301);
  const own = app.user?.id === user.id;
  const name = publicName(user) ?? app.t("Member #:id", { id: user.id });
  return { id: user.id, name, own, profilePath: profile, hidden: library.private && !own, isPrivate: library.private };
}
