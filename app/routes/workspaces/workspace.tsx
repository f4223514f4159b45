import { DomainError, domainErrorMessage } from "~/http/domain-error";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/workspace";
import { requireUser } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SelectField, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { invalidSubmission, parseFormSubmission, readIntent, refusedSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { activeWorkspace, activeWorkspaceCookie } from "~/workspaces/active-workspace.server";
import { deleteInvite, inviteToWorkspace } from "~/workspaces/invitations.server";
import { canChangeRole, canDelete, canInvite, canLeave, canRemoveMember, canRename, canRevokeInvite } from "~/workspaces/rules";
import { inviteActor, inviteDeps } from "~/workspaces/services.server";
import { IntentButton, RoleLabel, SwitchWorkspaceForm } from "~/workspaces/ui/workspace-forms";
import { inviteSchema, memberRoleSchema, workspaceNameSchema } from "~/workspaces/schema";
import { changeMemberRole, deleteWorkspace, leaveWorkspace, removeMember, renameWorkspace, workspaceDetails } from "~/workspaces/workspaces.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.workspace.name ?? "Workspace") }];

const workspaceIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function workspaceIdOf(params: { workspaceId?: string }) {
  const parsed = workspaceIdSchema.safeParse(params.workspaceId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/** Members only; anyone else sees the not-found page (the page does not say the workspace exists). */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const id = workspaceIdOf(args.params);
  try {
    const [workspace, active] = await Promise.all([workspaceDetails(app.db, user.id, id), activeWorkspace(args.context, args.request)]);
    return { workspace, activeId: active?.id ?? 0, userId: user.id };
  } catch (error) {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  }
}

const memberSchema = z.object({ memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const inviteIdSchema = z.object({ inviteId: z.string().regex(/^[\w-]{1,64}$/) });
const deleteSchema = z.object({ confirm: z.literal("on", { error: "Tick the box to confirm." }) });

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user } = requireUser(args);
  const app = getApp(context);
  const id = workspaceIdOf(args.params);
  const formData = await request.formData().catch(() => new FormData());
  const intent = readIntent(formData);
  const here = `/workspaces/${id}`;
  const toast = (message: string, to = here, headers?: HeadersInit) => redirectWithToast(request, to, { message }, { status: 303, headers });
  const refuse = (error: DomainError) => redirectWithToast(request, here, { type: "danger", message: domainErrorMessage(app.t, error) }, { status: 303 });
  const leavingActive = async () => ((await activeWorkspace(context, request))?.id === id ? { "Set-Cookie": activeWorkspaceCookie(request, 0) } : undefined);

  try {
    switch (intent) {
      case "rename": {
        const submission = await parseFormSubmission(formData, workspaceNameSchema, app.t);
        if (submission.status !== "success") return invalidSubmission(submission);
        try {
          await renameWorkspace(app.db, user.id, id, submission.value.name);
        } catch (error) {
          return refusedSubmission(submission, error, app.t, { fields: [] });
        }
        return toast(app.t("Renamed workspace"));
      }
      case "invite": {
        const submission = await parseFormSubmission(formData, inviteSchema, app.t);
        if (submission.status !== "success") return invalidSubmission(submission);
        try {
          const invites = await inviteToWorkspace(await inviteDeps(context, request), inviteActor(app), id, submission.value);
          return toast(app.t("[one Invitation sent|other :count invitations sent]", { count: invites.length }));
        } catch (error) {
          return refusedSubmission(submission, error, app.t, { fields: ["emails"] });
        }
      }
      case "change-role": {
        const member = memberSchema.safeParse(Object.fromEntries(formData));
        const role = memberRoleSchema.safeParse(Object.fromEntries(formData));
        if (!member.success || !role.success) return toast(app.t("Choose admin or member."), here);
        await changeMemberRole(app.db, user.id, id, member.data.memberId, role.data.role);
        return toast(app.t("Role changed"));
      }
      case "remove-member": {
        const member = memberSchema.safeParse(Object.fromEntries(formData));
        if (!member.success) throw data(null, { status: 400 });
        await removeMember(app.db, user.id, id, member.data.memberId);
        return toast(app.t("Member removed"));
      }
      case "revoke-invite": {
        const invite = inviteIdSchema.safeParse(Object.fromEntries(formData));
        if (!invite.success) throw data(null, { status: 400 });
        await deleteInvite(app.db, user, invite.data.inviteId);
        return toast(app.t("Invitation revoked"));
      }
      case "leave": {
        const headers = await leavingActive();
        await leaveWorkspace(app.db, user.id, id);
        return toast(app.t("Left workspace"), "/workspaces", headers);
      }
      case "delete": {
        const submission = await parseFormSubmission(formData, deleteSchema, app.t);
        if (submission.status !== "success") return invalidSubmission(submission);
        const headers = await leavingActive();
        await deleteWorkspace(app.db, user.id, id);
        return toast(app.t("Deleted workspace"), "/workspaces", headers);
      }
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    if (error instanceof DomainError) return refuse(error);
    throw error;
  }
}

export default function Workspace({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { workspace, activeId, userId } = loaderData;
  const role = workspace.role;
  const active = activeId === workspace.id;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10" data-testid="workspace-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold" data-testid="workspace-name">
            {workspace.name}
          </h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-muted">
            <RoleLabel role={role} />
            {t("[one :count member|other :count members]", { count: workspace.members_count })}
            {active ? <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{t("Active")}</span> : null}
          </p>
        </div>
        {active ? null : <SwitchWorkspaceForm workspaceId={workspace.id}>{t("Switch to this workspace")}</SwitchWorkspaceForm>}
      </div>

      <div className="mt-8 flex flex-col gap-8">
        {canRename(role) ? <RenameSection name={workspace.name} actionData={actionData} /> : null}
        {canInvite(role) ? <InviteSection actionData={actionData} /> : null}
        <section className="rounded-theme border border-divider bg-elevated" aria-labelledby="members-heading">
          <h2 id="members-heading" className="border-b border-divider px-4 py-3 font-semibold">
            {t("Members")}
          </h2>
          <ul className="divide-y divide-divider" data-testid="member-list">
            {workspace.members.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="member" data-member-email={member.email}>
                <div className="flex min-w-0 items-center gap-3">
                  {member.avatar ? (
                    <img src={member.avatar} alt="" className="size-9 rounded-full object-cover" />
                  ) : (
                    <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-primary text-xs font-semibold text-on-primary">
                      {member.display_name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">
                      {member.display_name}
                      {member.id === userId ? <span className="text-muted"> ({t("you")})</span> : null}
                    </p>
                    <p className="truncate text-xs text-muted">{member.email}</p>
                  </div>
                </div>
                <div className="flex items-center gap-2">
                  {member.role !== "owner" && canChangeRole(role, member.role, "admin") ? (
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="change-role" />
                      <input type="hidden" name="memberId" value={member.id} />
                      <label className="sr-only" htmlFor={`role-${member.id}`}>
                        {t("Role of :name", { name: member.display_name })}
                      </label>
                      <select id={`role-${member.id}`} name="role" defaultValue={member.role} className="rounded-theme border border-divider bg-background px-2 py-1 text-sm" data-testid="member-role">
                        <option value="member">{t("Member")}</option>
                        <option value="admin">{t("Admin")}</option>
                      </select>
                      <button type="submit" className={buttonClasses({ variant: "outlined", size: "xs" })}>
                        {t("Change role")}
                      </button>
                    </Form>
                  ) : (
                    <RoleLabel role={member.role} />
                  )}
                  {member.id !== userId && canRemoveMember(role, member.role) ? (
                    <IntentButton intent="remove-member" fields={{ memberId: member.id }} label={t("Remove")} testId="remove-member" />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
        {canRevokeInvite(role) && workspace.invites.length > 0 ? <PendingInvites invites={workspace.invites} /> : null}
        {canLeave(role) ? (
          <section className="rounded-theme border border-divider bg-elevated p-4">
            <h2 className="font-semibold">{t("Leave workspace")}</h2>
            <p className="mt-1 text-sm text-muted">{t("You will lose access to its files until someone invites you again.")}</p>
            <div className="mt-3">
              <IntentButton intent="leave" label={t("Leave workspace")} style={{ variant: "outlined", color: "danger", size: "sm" }} testId="leave-workspace" />
            </div>
          </section>
        ) : null}
        {canDelete(role) ? <DeleteSection actionData={actionData} /> : null}
      </div>
    </div>
  );
}

function RenameSection({ name, actionData }: { name: string; actionData: FormAnswer }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: workspaceNameSchema, lastResult: actionData, id: "rename-workspace", defaultValue: { name } });
  return (
    <section className="rounded-theme border border-divider bg-elevated p-4">
      <h2 className="font-semibold">{t("Workspace name")}</h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <IntentField value="rename" />
        <FormErrors form={form} />
        <TextField meta={fields.name} label={t("Name")} className="flex-1" autoComplete="off" />
        <SubmitButton variant="outlined" className="sm:mt-6">
          {t("Rename")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function InviteSection({ actionData }: { actionData: FormAnswer }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: inviteSchema, lastResult: actionData, id: "invite-members", defaultValue: { role: "member" } });
  return (
    <section className="rounded-theme border border-divider bg-elevated p-4">
      <h2 className="font-semibold">{t("Invite members")}</h2>
      <p className="mt-1 text-sm text-muted">{t("They get an email with a link to join. People who already have an account also get a notification.")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3" data-testid="invite-form">
        <IntentField value="invite" />
        <FormErrors form={form} />
        <TextArea meta={fields.emails} label={t("Email addresses")} description={t("Separate several addresses with commas.")} rows={2} />
        <SelectField
          meta={fields.role}
          label={t("Role")}
          options={[
            { value: "member", label: t("Member") },
            { value: "admin", label: t("Admin") },
          ]}
        />
        <div>
          <SubmitButton>{t("Send invitations")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function PendingInvites({ invites }: { invites: { id: string; email: string; role: "admin" | "member"; expires_at: string }[] }) {
  const t = useTrans();
  const { format } = useDates();
  return (
    <section className="rounded-theme border border-divider bg-elevated" aria-labelledby="invites-heading">
      <h2 id="invites-heading" className="border-b border-divider px-4 py-3 font-semibold">
        {t("Pending invitations")}
      </h2>
      <ul className="divide-y divide-divider" data-testid="invite-list">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="pending-invite" data-invite-email={invite.email}>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{invite.email}</p>
              <p className="text-xs text-muted">{t("Expires :date", { date: format(invite.expires_at, "date") })}</p>
            </div>
            <div className="flex items-center gap-2">
              <RoleLabel role={invite.role} />
              <IntentButton intent="revoke-invite" fields={{ inviteId: invite.id }} label={t("Revoke")} testId="revoke-invite" />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeleteSection({ actionData }: { actionData: FormAnswer }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: deleteSchema, lastResult: actionData, id: "delete-workspace" });
  return (
    <section className="rounded-theme border border-danger/40 bg-elevated p-4">
      <h2 className="font-semibold text-danger">{t("Delete workspace")}</h2>
      <p className="mt-1 text-sm text-muted">{t("Members lose access and pending invitations are cancelled. Files go back to the personal workspace of whoever uploaded them.")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
        <IntentField value="delete" />
        <FormErrors form={form} />
        <label className="inline-flex items-start gap-2 text-sm">
          <input type="checkbox" name={fields.confirm.name} id={fields.confirm.id} className="mt-0.5 size-4" data-testid="confirm-delete" />
          <span>{t("Yes, delete this workspace")}</span>
        </label>
        {fields.confirm.errors?.length ? <p className="text-xs font-medium text-danger">{t(fields.confirm.errors[0])}</p> : null}
        <div>
          <SubmitButton color="danger" variant="outlined">
            {t("Delete workspace")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
