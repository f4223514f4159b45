import type { RouterContextProvider } from "react-router";
import { ACTIVE_WORKSPACE_COOKIE, PREFERENCE_COOKIE_MAX_AGE_S } from "~/constants";
import { readCookie, serializeCookie } from "~/http/cookies";
import { getApp, type AppContext } from "~/request/context";
import type { WorkspaceRow } from "../auth/session-workspaces.server";
import { listWorkspacesOf, PERSONAL_WORKSPACE_ID, personalWorkspace, type WorkspaceSummary } from "./workspaces.server";

/**
 * The active workspace (spec sections 4 and 9): its id is kept in the
 * activeWorkspaceId cookie (default 0, the personal workspace). The cookie
 * is only a wish: a workspace the user does not belong to (left, removed,
 * deleted, or someone else's id typed in) counts as 0.
 *
 * The user's workspaces are read once per request (memoised on the request's
 * app context), so the root loader, the switcher and membership checks share
 * one query.
 */
const memo = new WeakMap<AppContext, Promise<WorkspaceSummary[]>>();

export function workspacesOfViewer(app: AppContext): Promise<WorkspaceSummary[]> {
  if (!app.user) return Promise.resolve([]);
  let list = memo.get(app);
  const known = readAlready.get(app);
  if (!list && known) {
    list = Promise.resolve([personalWorkspace(app.user.id, app.t("Default")), ...known.map(summaryOf)]);
    memo.set(app, list);
    loaded.set(app, new Set([PERSONAL_WORKSPACE_ID, ...known.map((w) => w.id)]));
  }
  if (!list) {
    list = listWorkspacesOf(app.db, app.user.id, app.t("Default"));
    memo.set(app, list);
    // Remember the result synchronously too, for checks that cannot wait (see knownMemberWorkspaces).
    list.then((value) => loaded.set(app, new Set(value.map((w) => w.id)))).catch(() => undefined);
  }
  return list;
}

const loaded = new WeakMap<AppContext, Set<number>>();
const readAlready = new WeakMap<AppContext, WorkspaceRow[]>();

/**
 * The user's workspaces as the signed-in visitor's batch already read them
 * (app/auth/users.server.ts): the root middleware hands them over for GET and
 * HEAD requests, so the switcher and membership checks need no query of their
 * own (decision 026). Write requests do not: they read the list when asked, after
 * any change the action made.
 */
export function provideWorkspaces(app: AppContext, rows: WorkspaceRow[]) {
  readAlready.set(app, rows);
}

function summaryOf(row: WorkspaceRow): WorkspaceSummary {
  return { id: row.id, name: row.name, default: false, members_count: Number(row.membersCount), role: row.role, owner_id: row.ownerId };
}

/**
 * The ids of the user's workspaces if this request already read them
 * (`preloadWorkspaces`), else only the personal one: callers that must be
 * synchronous fail closed.
 */
export function knownMemberWorkspaces(app: AppContext): ReadonlySet<number> {
  return loaded.get(app) ?? new Set([PERSONAL_WORKSPACE_ID]);
}

export async function preloadWorkspaces(context: Readonly<RouterContextProvider>) {
  const app = getApp(context);
  const list = await workspacesOfViewer(app);
  loaded.set(app, new Set(list.map((w) => w.id)));
  return list;
}

export function requestedWorkspaceId(request: Request): number {
  const raw = readCookie(request, ACTIVE_WORKSPACE_COOKIE);
  const id = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : PERSONAL_WORKSPACE_ID;
  return Number.isSafeInteger(id) ? id : PERSONAL_WORKSPACE_ID;
}

/** The active workspace of this request: the cookie's, if the user belongs to it, else the personal one. */
export async function activeWorkspace(context: Readonly<RouterContextProvider>, request: Request): Promise<WorkspaceSummary | null> {
  const app = getApp(context);
  if (!app.user) return null;
  const list = await preloadWorkspaces(context);
  const wanted = requestedWorkspaceId(request);
  return list.find((w) => w.id === wanted) ?? list[0];
}

export function activeWorkspaceCookie(request: Request, workspaceId: number) {
  return serializeCookie(request, ACTIVE_WORKSPACE_COOKIE, String(workspaceId), { maxAge: PREFERENCE_COOKIE_MAX_AGE_S, httpOnly: false });
}

/** What the navbar's switcher shows: the user's workspaces and the active one. */
export async function workspaceSwitcherData(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  if (!app.user) return null;
  const active = await activeWorkspace(context, request);
  const list = await workspacesOfViewer(app);
  return {
    activeId: active?.id ?? PERSONAL_WORKSPACE_ID,
    list: list.map((w) => ({ id: w.id, name: w.name, default: w.default, role: w.role, members_count: w.members_count })),
  };
}
export type WorkspaceSwitcherData = NonNullable<Awaited<ReturnType<typeof workspaceSwitcherData>>>;
