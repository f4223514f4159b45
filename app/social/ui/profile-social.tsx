import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { FollowButton, SocialActionButton } from "./follow-button";

export interface ProfileSocialView {
  userId: number;
  name: string;
  path: string;
  own: boolean;
  signedIn: boolean;
  following: "active" | "pending" | null;
  blocking: boolean;
  followersCount: number;
  followingCount: number;
  requestsCount: number;
}

/** A profile's follower / following counts (links to their pages), and the follow and block buttons, or the owner's requests link. */
export function ProfileSocial({ social, privateProfile = false }: { social: ProfileSocialView; privateProfile?: boolean }) {
  const t = useTrans();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-3" data-testid="profile-social">
      {privateProfile ? null : (
        <p className="flex gap-4 text-sm">
          <Link to={`${social.path}/followers`} className="text-foreground hover:text-primary" data-testid="followers-link">
            <strong>{social.followersCount}</strong> {t("Followers")}
          </Link>
          <Link to={`${social.path}/following`} className="text-foreground hover:text-primary" data-testid="following-link">
            <strong>{social.followingCount}</strong> {t("Following")}
          </Link>
        </p>
      )}
      {social.own ? (
        <Link to="/follow-requests" className={buttonClasses({ variant: "outlined", color: "neutral", size: "sm" })} data-testid="follow-requests-link">
          {t("Follow requests")} {social.requestsCount > 0 ? <span className="rounded-full bg-primary px-2 text-xs text-on-primary">{social.requestsCount}</span> : null}
        </Link>
      ) : social.signedIn ? (
        <div className="flex gap-2">
          {social.blocking ? null : <FollowButton userId={social.userId} following={social.following} />}
          {social.blocking ? (
            <SocialActionButton userId={social.userId} intent="unblock" label={t("Unblock")} color="neutral" />
          ) : (
            <SocialActionButton userId={social.userId} intent="block" label={t("Block")} variant="text" color="danger" />
          )}
        </div>
      ) : (
        <Link to={`/login?redirect=${encodeURIComponent(social.path)}`} className={buttonClasses({ variant: "outlined", size: "sm" })} data-testid="follow-sign-in">
          {t("Follow")}
        </Link>
      )}
    </div>
  );
}
