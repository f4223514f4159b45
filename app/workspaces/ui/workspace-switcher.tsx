import { useEffect, useRef } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { ChevronDownIcon } from "~/ui/control-icons";
import { CheckIcon } from "~/ui/icons";
import type { WorkspaceSwitcherData } from "../active-workspace.server";
import { SwitchWorkspaceForm } from "./workspace-forms";

/** The root loader's workspace data (null for guests). */
export function useWorkspaces(): WorkspaceSwitcherData | null {
  const root = useRouteLoaderData("root") as { workspaces?: WorkspaceSwitcherData | null } | undefined;
  return root?.workspaces ?? null;
}

function PeopleIcon({ className = "size-4" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM21 19v-1a4 4 0 0 0-3-3.9M16 3.1a3.5 3.5 0 0 1 0 6.8"
      />
    </svg>
  );
}

/**
 * The workspace switcher: the active workspace's name, and
 * a list of the user's workspaces to switch to (a form per workspace, so it
 * works without JavaScript), plus "Manage workspaces". A native disclosure:
 * no component library on public pages; with JavaScript it also closes on
 * Escape, an outside click and after a choice.
 */
export function WorkspaceSwitcher() {
  const t = useTrans();
  const data = useWorkspaces();
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (event: Event) => {
      if (!details.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  // Only a member who has somewhere to switch to sees it: a lone personal "Default" is noise (decision 030).
  // Workspaces stay reachable from the account menu.
  if (!data || data.list.length < 2) return null;
  const active = data.list.find((w) => w.id === data.activeId) ?? data.list[0];
  const closeMenu = () => {
    if (ref.current) ref.current.open = false;
  };
  return (
    <details ref={ref} className="relative" data-testid="workspace-switcher">
      <summary
        className="flex max-w-44 cursor-pointer list-none items-center gap-1.5 rounded-theme px-2 py-1.5 text-sm text-foreground hover:bg-paper [&::-webkit-details-marker]:hidden"
        aria-label={t("Workspace: :name", { name: active.name })}
      >
        <PeopleIcon className="size-4 shrink-0 text-muted" />
        <span className="truncate" data-testid="active-workspace">
          {active.name}
        </span>
        <ChevronDownIcon className="size-4 shrink-0 text-muted" />
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 rounded-theme border border-divider bg-elevated p-1 shadow-xl">
        <p className="px-3 pt-2 pb-1 text-xs font-medium text-muted">{t("Workspaces")}</p>
        <ul>
          {data.list.map((workspace) => (
            <li key={workspace.id}>
              <SwitchWorkspaceForm workspaceId={workspace.id} style={null} onSwitched={closeMenu} className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-paper">
                <span className="flex size-4 shrink-0 items-center">{workspace.id === data.activeId ? <CheckIcon className="size-4 text-primary" /> : null}</span>
                <span className="min-w-0 flex-1 truncate">{workspace.name}</span>
                <span className="text-xs text-muted">{workspace.members_count}</span>
              </SwitchWorkspaceForm>
            </li>
          ))}
        </ul>
        <div className="mt-1 border-t border-divider pt-1">
          <Link to="/workspaces" onClick={closeMenu} className="block rounded-md px-3 py-2 text-sm text-primary hover:bg-paper">
            {t("Manage workspaces")}
          </Link>
        </div>
      </div>
    </details>
  );
}
