import { DomainError } from "~/http/domain-error";
import type { RouterContextProvider } from "react-router";
import { hasPermission, type Viewer } from "~/request/viewer";
import { getApp } from "~/request/context";
import { knownMemberWorkspaces } from "~/workspaces/active-workspace.server";
import type { Settings } from "~/settings/definitions";
import { effectiveMaxSize, type UploadRestrictions } from "./restrictions";

/**
 * Who is uploading, as the upload code needs it. Resolved from the signed-in
 * user by `resolveUploadActor`, the one place that knows about accounts, so
 * the domain code stays testable with a plain object.
 */
export interface UploadActor {
  userId: number;
  /** 0 = the personal (default) workspace. */
  workspaceId: number;
  /** Has files.create. */
  canUpload: boolean;
  /** Largest file this actor may upload (site maximum and role quota); null = no limit. */
  maxBytes: number | null;
  /** May read and delete files of other people (files.view / files.delete, or admin). */
  canViewAll: boolean;
  canDeleteAll: boolean;
}

/** The permission that allows uploads, and its quota restriction. */
export const UPLOAD_PERMISSION = "files.create";
export const MAX_SIZE_RESTRICTION = "max_size_mb";

export function actorFromViewer(viewer: Viewer, settings: Settings, workspaceId = 0): UploadActor | null {
  if (viewer.userId === null) return null;
  const quota = viewer.permissions.has("admin") ? null : (viewer.permissions.get(UPLOAD_PERMISSION)?.find((r) => r.name === MAX_SIZE_RESTRICTION)?.value ?? null);
  return {
    userId: viewer.userId,
    workspaceId,
    canUpload: hasPermission(viewer, UPLOAD_PERMISSION),
    maxBytes: effectiveMaxSize(settings["uploads.max_size"], quota),
    canViewAll: hasPermission(viewer, "files.view"),
    canDeleteAll: hasPermission(viewer, "files.delete"),
  };
}

/**
 * The signed-in uploader, or an DomainError: 401 for a guest, 403 without
 * files.create (when `requireUpload`) or for a workspace they do not belong
 * to. Membership comes from the workspaces module, read for this request by
 * `handleUploadApi` (preloadWorkspaces) before any handler runs; if it was
 * not read, only the personal workspace (0) is accepted.
 */
export function resolveUploadActor(context: Readonly<RouterContextProvider>, { workspaceId = null, requireUpload = true }: { workspaceId?: unknown; requireUpload?: boolean } = {}): UploadActor {
  const app = getApp(context);
  const workspace = parseWorkspaceId(workspaceId);
  const actor = actorFromViewer(app.viewer, app.settings, workspace);
  if (!actor) throw new DomainError(401, "Sign in to upload files.", { code: "unauthenticated" });
  if (requireUpload && !actor.canUpload) {
    throw new DomainError(403, "You do not have permission to upload files.", { code: "forbidden" });
  }
  if (!knownMemberWorkspaces(app).has(workspace)) {
    throw new DomainError(403, "You are not a member of this workspace.", { code: "not_workspace_member" });
  }
  return actor;
}

function parseWorkspaceId(raw: unknown): number {
  if (raw === null || raw === undefined || raw === "") return 0;
  const value = typeof raw === "number" ? raw : Number(String(raw));
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DomainError(400, "The workspace is not valid.", { code: "invalid_workspace", field: "workspaceId" });
  }
  return value;
}

/** The restrictions that apply to this actor's uploads (site settings plus their quota). */
export function restrictionsFor(settings: Settings, actor: Pick<UploadActor, "maxBytes">): UploadRestrictions {
  return {
    maxSize: actor.maxBytes,
    allowed: settings["uploads.allowed_extensions"],
    blocked: settings["uploads.blocked_extensions"],
  };
}
