import type { AppContext } from "~/request/context";
import { isWorkspaceMember as isMemberOf } from "~/workspaces/workspaces.server";
import { ApiError } from "./handler.server";

/**
 * The workspaceId check of api/v1 (sent with GET, POST and
 * PUT while a workspace is active). 0 is everyone's personal workspace;
 * any other id needs membership, which the workspaces module answers
 * (app/workspaces). An id that names no workspace is refused the same way.
 */
export async function requireWorkspaceMember(app: Pick<AppContext, "user" | "t" | "db">, raw: unknown): Promise<number> {
  if (raw === null || raw === undefined || raw === "") return 0;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 0) {
    throw new ApiError(422, app.t("The workspace is not valid."), { workspaceId: [app.t("The workspace is not valid.")] });
  }
  if (id === 0) return 0;
  if (!app.user) throw new ApiError(401, app.t("You need to sign in first."));
  if (!(await isWorkspaceMember(app, app.user.id, id))) {
    throw new ApiError(403, app.t("You are not a member of this workspace."));
  }
  return id;
}

function isWorkspaceMember(app: Pick<AppContext, "db">, userId: number, workspaceId: number): Promise<boolean> {
  return isMemberOf(app.db, userId, workspaceId);
}
