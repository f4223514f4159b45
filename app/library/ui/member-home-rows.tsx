import type { MemberHomeRows as Rows } from "../home-rows.server";
import { ComingSoonRow, ForYouRow } from "./home-rows";
import { FollowingRow } from "~/social/ui/following-row";

/**
 * The signed-in home page's personal rows, above the channel's rows. Its own
 * chunk: only a member's home page renders it, so a guest's browser never
 * loads it (app/channels/ui/channel-view.tsx refers to it lazily).
 */
export function MemberHomeRows({ rows }: { rows: Rows }) {
  if (rows.comingSoon.length === 0 && rows.forYou.length === 0 && rows.following.length === 0) return null;
  return (
    <div className="mb-10 flex flex-col gap-10" data-testid="member-home-rows">
      <ComingSoonRow titles={rows.comingSoon} />
      <ForYouRow titles={rows.forYou} />
      <FollowingRow items={rows.following} />
    </div>
  );
}
