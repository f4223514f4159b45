import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/invite";
import { markEmailVerifiedByLink } from "~/auth/email-verification.server";
import { normalizeEmail } from "~/auth/email";
import { needsEmailVerification } from "~/auth/request-hooks.server";
import { authServices } from "~/auth/services.server";
import { signOut } from "~/auth/sign-in.server";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { activeWorkspaceCookie } from "~/workspaces/active-workspace.server";
import { acceptInvite, deleteInvite, findInvite, isValidInviteToken, type InviteView } from "~/workspaces/invitations.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Workspace invitation") }];

/**
 * /workspace/invite/{inviteId}: where the invitation mail's link leads.
 * - a guest goes to /workspace/join/login (an account exists for the
 *   address) or /workspace/join/register, with the address filled in and
 *   this page as the return address;
 * - the invitee arriving with the mail's token joins at once (the token also
 *   verifies a new account's address: only that mailbox received it);
 * - without the token (from a notification) they choose Join or Decline;
 * - someone signed in with another address is told whose invitation it is.
 */
function joinedResponse(request: Request, workspace: { id: number }, message: string) {
  return redirectWithToast(request, `/workspaces/${workspace.id}`, { message }, { status: 303, headers: { "Set-Cookie": activeWorkspaceCookie(request, workspace.id) } });
}

function view(invite: InviteView) {
  return { workspace: invite.workspace.name, inviter: invite.inviter, maskedEmail: invite.maskedEmail, role: invite.role };
}

export async function loader(args: Route.LoaderArgs) {
  const { request, context, params, url } = args;
  const app = getApp(context);
  const invite = await findInvite(app.db, params.inviteId);
  if (!invite) return { state: "invalid" as const };
  const back = url.pathname + url.search;
  if (!app.user) {
    const query = new URLSearchParams({ email: invite.email, redirect: back });
    const registrationOpen = !app.settings["registration.disable"];
    throw redirect(`/workspace/join/${invite.accountExists || !registrationOpen ? "login" : "register"}?${query}`);
  }
  if (normalizeEmail(app.user.email) !== invite.email) return { state: "other-account" as const, invite: view(invite), email: app.user.email };
  const s = await authServices(context, request);
  const fromMail = await isValidInviteToken(s.keys, invite.id, url.searchParams.get("token"));
  if (needsEmailVerification(app)) {
    if (!fromMail) throw redirect(`/verify-email?redirect=${encodeURIComponent(back)}`);
    await markEmailVerifiedByLink(s, app.user, "workspace-invitation");
  }
  if (fromMail) {
    const workspace = await acceptInvite(app.db, app.user, invite.id);
    throw joinedResponse(request, workspace, app.t("Joined workspace"));
  }
  return { state: "pending" as const, invite: view(invite) };
}

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const app = getApp(context);
  const formData = await request.formData().catch(() => new FormData());
  const intent = formData.get("intent");
  if (intent === "switch-account") {
    const invite = await findInvite(app.db, params.inviteId);
    const headers = await signOut(await authServices(context, request));
    const query = new URLSearchParams({ redirect: `/workspace/invite/${params.inviteId}`, ...(invite ? { email: invite.email } : {}) });
    return redirect(`/workspace/join/login?${query}`, { headers });
  }
  if (!app.user) return redirect(`/workspace/invite/${encodeURIComponent(params.inviteId)}`);
  try {
    if (intent === "join") {
      const workspace = await acceptInvite(app.db, app.user, params.inviteId);
      return joinedResponse(request, workspace, app.t("Joined workspace"));
    }
    if (intent === "decline") {
      await deleteInvite(app.db, app.user, params.inviteId);
      return redirectWithToast(request, "/", { message: app.t("Declined workspace invitation") }, { status: 303 });
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(request, `/workspace/invite/${encodeURIComponent(params.inviteId)}`, { type: "danger", message: domainErrorMessage(app.t, error) }, { status: 303 });
  }
  return redirect(`/workspace/invite/${encodeURIComponent(params.inviteId)}`, { status: 303 });
}

export default function WorkspaceInvite({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16 text-center" data-testid="workspace-invite">
      {loaderData.state === "invalid" ? (
        <>
          <h1 className="text-2xl font-semibold">{t("This invite is no longer valid")}</h1>
          <p className="mt-2 text-muted">{t("It may have been answered already, revoked or have expired. Ask for a new invitation if you still want to join.")}</p>
          <Link to="/" className={`${buttonClasses({ variant: "outlined" })} mt-6`}>
            {t("Go to the homepage")}
          </Link>
        </>
      ) : loaderData.state === "other-account" ? (
        <>
          <h1 className="text-2xl font-semibold">{t("Join :workspace", { workspace: loaderData.invite.workspace })}</h1>
          <p className="mt-2 text-muted">{t("This invitation was sent to :email, but you are signed in as :current.", { email: loaderData.invite.maskedEmail, current: loaderData.email })}</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="intent" value="switch-account" />
            <button type="submit" className={buttonClasses({})}>
              {t("Sign in with another account")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">{t("Join :workspace", { workspace: loaderData.invite.workspace })}</h1>
          <p className="mt-2 text-muted">
            {loaderData.invite.inviter
              ? t(":name invited you to join the :workspace workspace.", { name: loaderData.invite.inviter, workspace: loaderData.invite.workspace })
              : t("You were invited to join the :workspace workspace.", { workspace: loaderData.invite.workspace })}
          </p>
          <div className="mt-6 flex justify-center gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="join" />
              <button type="submit" className={buttonClasses({})} data-testid="invite-join">
                {t("Join")}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="decline" />
              <button type="submit" className={buttonClasses({ variant: "outlined" })} data-testid="invite-decline">
                {t("Decline")}
              </button>
            </Form>
          </div>
        </>
      )}
    </div>
  );
}
