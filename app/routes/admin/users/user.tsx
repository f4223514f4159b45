import { data, Form, Link } from "react-router";
import type { Route } from "./+types/user";
import { deleteAccount } from "~/account/account-deletion.server";
import { requireAdmin, type AdminRequest } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { readPermissionGrants } from "~/admin/permission-grants";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminPageHeader, AdminSection, Badge, FactList } from "~/admin/ui/page";
import { UserFields } from "~/admin/ui/user-fields";
import { adminLockoutProblem } from "~/auth/admin-lockout.server";
import { userHasPermission } from "~/auth/sign-in.server";
import { adminUserSchema, banSchema } from "~/auth/user-admin.schema";
import { banUsers, loadUserForEditor, rolesAndPermissions, unbanUsers, updateUserByAdmin } from "~/auth/user-admin.server";
import { paymentProviderFor } from "~/billing/payment-provider.server";
import { subscriptionsOfUsers } from "~/billing/subscription-admin.server";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, IntentField, SubmitButton } from "~/ui/forms/fields";
import { errorClasses, inputClasses, labelClasses } from "~/ui/field-styles";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.user.email ?? "User") }];

/**
 * Another administrator's account can be changed only by a super admin
 * (the "admin" permission): someone trusted with users.update alone must not
 * be able to take over an administrator by changing their password or e-mail.
 */
async function isProtected(admin: AdminRequest, userId: number) {
  if (admin.viewer.permissions.has("admin")) return false;
  return userId !== admin.user.id && (await userHasPermission(admin.app.db, userId, "admin.access"));
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.usersUpdate);
  const id = idParam(args.params.userId);
  const [found, options, subscriptions] = await Promise.all([loadUserForEditor(admin.app.db, id), rolesAndPermissions(admin.app.db), subscriptionsOfUsers(admin.app.db, [id])]);
  if (!found) throw data(null, { status: 404 });
  const { user } = found;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      avatar: user.avatar,
      createdAt: user.createdAt.toISOString(),
      bannedAt: user.bannedAt?.toISOString() ?? null,
      banReason: user.banReason,
      hasPassword: user.hasPassword,
      twoFactor: user.twoFactor,
      language: user.language,
      country: user.country,
      updatedAt: user.updatedAt.toISOString(),
    },
    values: {
      email: user.email,
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      displayName: user.displayName ?? "",
      emailVerified: user.emailVerifiedAt !== null,
    },
    roleIds: found.roleIds,
    grants: found.grants,
    social: found.social,
    activeSessions: found.activeSessions,
    subscriptions: (subscriptions.get(id) ?? []).map((s) => ({ ...s, currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null })),
    ...options,
    self: id === admin.user.id,
    protectedAccount: await isProtected(admin, id),
    can: { grant: admin.can(P.rolesUpdate), delete: admin.can(P.usersDelete), subscriptions: admin.can(P.subscriptionsView) },
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.usersUpdate);
  const { request, context } = args;
  const id = idParam(args.params.userId);
  const t = admin.app.t;
  const back = `/admin/users/${id}`;
  if (await isProtected(admin, id)) throw data({ message: t("Only a super admin can change another administrator's account.") }, { status: 403 });
  const formData = await request.formData();
  const intent = readIntent(formData);
  switch (intent) {
    case "ban": {
      if (id === admin.user.id) return data({ message: t("You cannot ban your own account.") }, { status: 400 });
      const submission = await parseFormSubmission(formData, banSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      if (!isConfirmed(formData)) {
        return askForConfirmation({
          intent,
          ids: [],
          fields: { reason: submission.value.reason },
          title: "Ban this user?",
          message: "They are signed out everywhere at once and cannot sign in until unbanned.",
          confirmLabel: "Ban",
        });
      }
      const banned = await banUsers(admin.app.db, [id], submission.value.reason, admin.user.id, admin.record("users.ban", "user"));
      if (banned.problem) return data({ message: t(banned.problem) }, { status: 400 });
      return redirectWithToast(request, back, { message: t("User banned"), type: "positive" });
    }
    case "unban":
      await unbanUsers(admin.app.db, [id], admin.record("users.unban", "user"));
      return redirectWithToast(request, back, { message: t("User unbanned"), type: "positive" });
    case "delete": {
      requireAdmin(args, P.usersDelete);
      if (id === admin.user.id) return data({ message: t("You cannot delete your own account here. Use account settings.") }, { status: 400 });
      if (!isConfirmed(formData)) {
        return askForConfirmation({
          intent,
          ids: [],
          title: "Delete this user?",
          message: "The account is deleted with its subscriptions (cancelled), files and data. This cannot be undone.",
          confirmLabel: "Delete",
        });
      }
      const found = await loadUserForEditor(admin.app.db, id);
      if (!found) throw data(null, { status: 404 });
      const lockout = await adminLockoutProblem(admin.app.db, { kind: "remove-users", userIds: [id] }, admin.user.id);
      if (lockout) return data({ message: t(lockout) }, { status: 400 });
      const worker = getWorker(context);
      await deleteAccount({ db: admin.app.db, bucket: worker.env.FILES, payments: paymentProviderFor(worker.env, admin.app.db, args.url.origin) }, { id, email: found.user.email }, [
        admin.record("users.delete", "user")({ subjectId: id, label: found.user.email, before: { email: found.user.email }, after: null }),
      ]);
      return redirectWithToast(request, "/admin/users", { message: t("User deleted"), type: "positive" });
    }
    case "save": {
      const submission = await parseFormSubmission(formData, adminUserSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const current = await loadUserForEditor(admin.app.db, id);
      if (!current) throw data(null, { status: 404 });
      const { permissions } = await rolesAndPermissions(admin.app.db);
      const canGrant = admin.can(P.rolesUpdate);
      const grants = canGrant ? readPermissionGrants(formData, permissions) : ({ ok: true, grants: current.grants } as const);
      if (!grants.ok) return invalidSubmission(submission, { fieldErrors: grants.errors, status: 422 });
      const input = canGrant ? submission.value : { ...submission.value, roles: current.roleIds };
      const result = await updateUserByAdmin(admin.app.db, id, input, grants.grants, admin.record("users.update", "user"), admin.user.id);
      if (!result.ok) {
        if (result.notFound) throw data(null, { status: 404 });
        return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
      }
      return redirectWithToast(request, back, { message: t("Saved"), type: "positive" });
    }
    default:
      throw data({ message: t("Unknown action.") }, { status: 400 });
  }
}

export default function UserEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { format, relative } = useDates();
  const { user, values, can } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const saveResult = (actionData as { initialValue?: { intent?: string } } | undefined)?.initialValue?.intent === "save" ? actionData : undefined;
  const banResult =
    (actionData as { initialValue?: { intent?: string }; error?: Record<string, string[]> } | undefined)?.initialValue?.intent === "ban"
      ? (actionData as { error?: Record<string, string[]> })
      : undefined;
  const [form, fields] = useAppForm({ schema: adminUserSchema, id: `user-${user.updatedAt}`, lastResult: saveResult as never, defaultValue: values });
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/users", label: "Users" }}
        title={
          <span className="flex items-center gap-3">
            {user.name}
            {user.bannedAt ? <Badge tone="danger">{t("Banned")}</Badge> : null}
          </span>
        }
        description={user.email}
        actions={
          can.delete && !loaderData.self && !loaderData.protectedAccount ? (
            <ConfirmedActionButton
              intent="delete"
              label="Delete"
              title="Delete this user?"
              message="The account is deleted with its subscriptions (cancelled), files and data. This cannot be undone."
              confirmLabel="Delete"
            />
          ) : null
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      {loaderData.protectedAccount ? (
        <p role="note" className="mb-6 rounded-theme border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-foreground">
          {t("Only a super admin can change another administrator's account.")}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6" autoComplete="off">
          <IntentField value="save" />
          <FormErrors form={form} />
          <fieldset disabled={loaderData.protectedAccount} className="flex flex-col gap-6">
            <UserFields
              fields={fields}
              roles={loaderData.roles}
              roleIds={loaderData.roleIds}
              permissions={loaderData.permissions}
              grants={loaderData.grants}
              errors={(saveResult as { error?: Record<string, string[]> } | undefined)?.error}
              creating={false}
              canGrant={can.grant}
            />
          </fieldset>
          {loaderData.protectedAccount ? null : (
            <div className="flex justify-end">
              <SubmitButton>{t("Save")}</SubmitButton>
            </div>
          )}
        </Form>
        <div className="flex flex-col gap-6">
          <AdminSection title={t("About")}>
            <FactList
              facts={[
                { label: "Joined", value: format(user.createdAt, "date") },
                { label: "Active sessions", value: loaderData.activeSessions },
                { label: "Password", value: user.hasPassword ? t("Set") : t("Not set (social sign-in only)") },
                { label: "Two-factor", value: user.twoFactor ? t("On") : t("Off") },
                { label: "Social sign-in", value: loaderData.social.map((s) => s.serviceName).join(", ") || "—" },
                { label: "Language", value: user.language ?? "—" },
                { label: "Country", value: user.country ?? "—" },
              ]}
            />
          </AdminSection>
          <AdminSection
            title={t("Subscriptions")}
            actions={
              can.subscriptions ? (
                <Link to={`/admin/subscriptions?q=${encodeURIComponent(user.email)}`} className="text-sm text-primary hover:underline">
                  {t("Open")}
                </Link>
              ) : null
            }
          >
            {loaderData.subscriptions.length === 0 ? (
              <p className="text-sm text-muted">{t("No subscriptions.")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {loaderData.subscriptions.map((s) => (
                  <li key={s.id} className="flex items-center justify-between gap-2">
                    <span>{s.planName ?? t("Unknown plan")}</span>
                    <Badge tone={s.valid ? "positive" : "neutral"}>{t(s.status)}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </AdminSection>
          {loaderData.self || loaderData.protectedAccount ? null : (
            <AdminSection title={user.bannedAt ? t("Banned") : t("Ban")} id="ban">
              {user.bannedAt ? (
                <div className="flex flex-col gap-3 text-sm">
                  <p>
                    {t("Banned :time.", { time: relative(user.bannedAt) })} {user.banReason ? <span className="text-muted">{t("Reason: :reason", { reason: user.banReason })}</span> : null}
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="unban" />
                    <SubmitButton variant="outlined" color="neutral">
                      {t("Unban")}
                    </SubmitButton>
                  </Form>
                </div>
              ) : (
                <ConfirmedActionButton intent="ban" label="Ban user" title="Ban this user?" message="They are signed out everywhere at once and cannot sign in until unbanned." confirmLabel="Ban">
                  <label className="flex w-full flex-col gap-1.5">
                    <span className={labelClasses}>{t("Reason")}</span>
                    <textarea name="reason" required maxLength={500} rows={3} className={inputClasses} aria-invalid={banResult?.error?.reason ? true : undefined} data-testid="ban-reason" />
                    {banResult?.error?.reason ? <span className={errorClasses}>{t(banResult.error.reason[0])}</span> : null}
                  </label>
                </ConfirmedActionButton>
              )}
            </AdminSection>
          )}
        </div>
      </div>
    </>
  );
}
