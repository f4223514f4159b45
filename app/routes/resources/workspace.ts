import { z } from "zod";
import type { Route } from "./+types/workspace";
import { requireUser } from "~/auth/guards.server";
import { preferenceError, preferenceResponse } from "~/toasts/preference-response.server";
import { getApp } from "~/request/context";
import { activeWorkspaceCookie, workspacesOfViewer } from "~/workspaces/active-workspace.server";

const schema = z.object({ workspaceId: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) });

/**
 * The workspace switcher: remembers the chosen workspace in the
 * activeWorkspaceId cookie (7 days), only if the user belongs to it. A plain
 * form post without JavaScript (back to the page), a fetcher with it.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  requireUser(args);
  const app = getApp(context);
  const formData = await request.formData().catch(() => new FormData());
  const parsed = schema.safeParse(Object.fromEntries(formData));
  const list = await workspacesOfViewer(app);
  const workspace = parsed.success ? list.find((w) => w.id === parsed.data.workspaceId) : undefined;
  if (!workspace) {
    const message = app.t("You are not a member of this workspace.");
    return preferenceError(request, formData, 403, message, { workspaceId: [message] });
  }
  return preferenceResponse(formData, [activeWorkspaceCookie(request, workspace.id)], { ok: true, workspaceId: workspace.id });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
