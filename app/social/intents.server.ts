import { eq } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import type { Translate } from "~/i18n/translate";
import { notify } from "~/notifications/deliver.server";
import type { NotificationServices } from "~/notifications/services.server";
import { profilePath, publicName } from "~/profiles/public-profile";
import type { Database } from "~/db/client.server";
import type { SocialIntent } from "./schema";
import { acceptRequest, block, follow, loadSocialProfile, relationBetween, removeFollower, unblock, unfollow } from "./follows.server";
import { followerMessage } from "./messages.server";

export interface SocialServices {
  db: Database;
  t: Translate;
  /** The signed-in member acting. */
  user: { id: number; displayName: string };
  notifications: NotificationServices;
}

/**
 * One follow-button action by the signed-in member, from a page's form or
 * the API: follow / unfollow (or withdraw a request), accept / decline a
 * request, remove a follower, block / unblock. A new follow or request tells
 * the member followed (their notification choices apply). Answers the
 * message to show and where the two members stand now.
 */
export async function runSocialIntent(s: SocialServices, intent: SocialIntent, otherId: number) {
  const me = s.user.id;
  let message: string;
  switch (intent) {
    case "follow": {
      const outcome = await follow(s.db, me, otherId);
      message = outcome.status === "pending" ? s.t("Follow request sent") : s.t("You follow this member now");
      if (outcome.created) await tell(s, otherId, outcome.status === "pending");
      break;
    }
    case "unfollow":
      await unfollow(s.db, me, otherId);
      message = s.t("You no longer follow this member");
      break;
    case "accept":
      await acceptRequest(s.db, me, otherId);
      message = s.t("Follow request accepted");
      break;
    case "decline":
      await removeFollower(s.db, me, otherId);
      message = s.t("Follow request declined");
      break;
    case "remove":
      await removeFollower(s.db, me, otherId);
      message = s.t("Follower removed");
      break;
    case "block":
      await block(s.db, me, otherId);
      message = s.t("Member blocked");
      break;
    case "unblock":
      await unblock(s.db, me, otherId);
      message = s.t("Member unblocked");
      break;
  }
  const [relation, counts] = await Promise.all([relationBetween(s.db, me, otherId), loadSocialProfile(s.db, otherId)]);
  return { message, relation: { following: relation.following, followed_by: relation.followedBy, blocking: relation.blocking }, followers_count: counts.followersCount };
}

async function tell(s: SocialServices, recipientId: number, request: boolean) {
  const [recipient] = await s.db.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.id, recipientId));
  const [actor] = await s.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName, username: users.username })
    .from(users)
    .where(eq(users.id, s.user.id));
  if (!recipient || !actor) return;
  const name = publicName(actor) ?? s.user.displayName;
  s.notifications.waitUntil(notify(s.notifications, [recipient], followerMessage({ name, profilePath: profilePath(actor), request })));
}
