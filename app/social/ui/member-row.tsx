import type { ReactNode } from "react";
import { Link } from "react-router";

/** One member in a followers / following / requests list: avatar or initials, name linking to their profile, actions. */
export function MemberRow({ member, children }: { member: { id: number; name: string; path: string; avatar: string | null }; children?: ReactNode }) {
  const initials = member.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => [...w][0] ?? "")
    .join("")
    .toUpperCase();
  return (
    <li className="flex items-center justify-between gap-4 py-3" data-testid="member-row">
      <Link to={member.path} className="flex min-w-0 items-center gap-3 text-foreground hover:text-primary">
        {member.avatar ? (
          <img src={member.avatar} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full bg-paper object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-light text-sm font-bold text-primary">
            {initials}
          </span>
        )}
        <span className="truncate font-medium">{member.name}</span>
      </Link>
      {children ? <div className="flex shrink-0 gap-2">{children}</div> : null}
    </li>
  );
}
