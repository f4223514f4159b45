import { data, redirect } from "react-router";
import { type GuardArgs, loginRedirectFor } from "~/auth/guards.server";
import { requestInfo } from "~/auth/request-info.server";
import { hasPermission } from "~/request/viewer";
import type { ChangeRecorder } from "~/db/change-recorder";
import { getApp } from "~/request/context";
import { auditRecorder, type AuditActor } from "./audit.server";
import { ADMIN_ACCESS } from "./permissions";

/**
 * The admin area's guard, for every loader and action under /admin:
 * admin.access plus the screen's own permission(s) (a role can be
 * given part of the admin area, e.g. titles.update only).
 *
 * - A guest goes to /login and comes back afterwards.
 * - A signed-in user without the permissions gets the 404 page: the admin
 *   area does not admit it exists (and no plan can sell it, so /pricing,
 *   the site's rule for other gated pages, would be a dead end).
 * - API tokens never reach here: bearer credentials are only read on
 *   /api/v1 (app/auth/current-user.server.ts), so a token is a guest.
 */
/** Requests (their router context) in which an admin change was recorded (an audit row written). */
const changedRequests = new WeakSet<object>();

/** Whether this request recorded an admin change: a refused or invalid write records none. */
export function adminChangeRecorded(context: object) {
  return changedRequests.has(context);
}

/** Notes that this request changed something (every audit recorder of requireAdmin calls it). */
export function noteAdminChange(context: object) {
  changedRequests.add(context);
}

export function requireAdmin(args: GuardArgs, ...permissions: string[]) {
  const app = getApp(args.context);
  const url = args.url ?? new URL(args.request.url);
  if (!app.user) throw redirect(loginRedirectFor(url));
  if (!hasPermission(app.viewer, ADMIN_ACCESS) || permissions.some((name) => !hasPermission(app.viewer, name))) {
    throw data(null, { status: 404 });
  }
  const actor: AuditActor = { userId: app.user.id, email: app.user.email, ip: requestInfo(args.request).ipAddress };
  return {
    app,
    user: app.user,
    viewer: app.viewer,
    actor,
    /** What the viewer may do, for showing or hiding buttons. */
    can: (permission: string) => hasPermission(app.viewer, permission),
    /** An audit recorder for one kind of change (written in the change's own batch). */
    record: (action: string, subjectType: string): ChangeRecorder => {
      const audit = auditRecorder(app.db, actor, action, subjectType);
      return (change) => {
        // The admin layout bumps the public pages' content version only after a request that changed something.
        noteAdminChange(args.context);
        return audit(change);
      };
    },
  };
}

export type AdminRequest = ReturnType<typeof requireAdmin>;
