import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/users";
import { deleteAccount } from "~/account/account-deletion.server";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed, readListAction } from "~/admin/confirm.server";
import { pageOffset, parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { adminAccountsAmong, adminLockoutProblem } from "~/auth/admin-lockout.server";
import { listUsersForAdmin, rolesAndPermissions, unbanUsers, USER_SORTS, usersByIds, verifyUsers } from "~/auth/user-admin.server";
import { paymentProviderFor } from "~/billing/payment-provider.server";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Users") }];

const yesNo = ["yes", "no"] as const;
const USER_LIST_SPEC = {
  sorts: USER_SORTS,
  defaultSort: "created_at" as const,
  filters: { role: (v: string) => /^\d{1,9}$/.test(v), verified: yesNo, subscribed: yesNo, banned: yesNo },
};

function requireUserList(args: Route.LoaderArgs | Route.ActionArgs) {
  const admin = requireAdmin(args);
  return admin.can(P.usersView) || admin.can(P.usersUpdate) ? admin : requireAdmin(args, P.usersView);
}

const flag = (value: string | null) => (value === "yes" ? true : value === "no" ? false : null);

export async function loader(args: Route.LoaderArgs) {
  const admin = requireUserList(args);
  const params = parseListParams(args.url, USER_LIST_SPEC);
  const [list, { roles }] = await Promise.all([
    listUsersForAdmin(admin.app.db, {
      q: params.q,
      roleId: params.filters.role ? Number(params.filters.role) : null,
      verified: flag(params.filters.verified),
      subscribed: flag(params.filters.subscribed),
      banned: flag(params.filters.banned),
      sort: params.sort,
      dir: params.dir,
      offset: pageOffset(params),
      limit: params.perPage,
    }),
    rolesAndPermissions(admin.app.db),
  ]);
  return {
    params,
    rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), bannedAt: r.bannedAt?.toISOString() ?? null, emailVerifiedAt: r.emailVerifiedAt?.toISOString() ?? null })),
    total: list.total,
    roles: roles.filter((r) => !r.guest),
    can: { create: admin.can(P.usersCreate), update: admin.can(P.usersUpdate), delete: admin.can(P.usersDelete) },
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireUserList(args);
  const { request, context } = args;
  const t = admin.app.t;
  const formData = await request.formData();
  const { intent, ids } = readListAction(formData);
  const back = args.url.pathname + args.url.search;
  if (ids.length === 0) return data({ message: t("Select at least one user.") }, { status: 400 });
  switch (intent) {
    case "verify": {
      requireAdmin(args, P.usersUpdate);
      const done = await verifyUsers(admin.app.db, ids, admin.record("users.update", "user"));
      return redirectWithToast(request, back, { message: t("Verified :count [one address|other addresses]", { count: done.length }), type: "positive" });
    }
    case "unban": {
      requireAdmin(args, P.usersUpdate);
      const done = await unbanUsers(admin.app.db, ids, admin.record("users.unban", "user"));
      return redirectWithToast(request, back, { message: t("Unbanned :count [one user|other users]", { count: done.length }), type: "positive" });
    }
    case "delete": {
      requireAdmin(args, P.usersDelete);
      if (ids.includes(admin.user.id)) return data({ message: t("You cannot delete your own account here. Use account settings.") }, { status: 400 });
      // As on the user's own page: other administrators only by a super admin, and never the last full administrator.
      if (!admin.viewer.permissions.has("admin") && (await adminAccountsAmong(admin.app.db, ids)).length) {
        return data({ message: t("Only a super admin can change another administrator's account.") }, { status: 403 });
      }
      const lockout = await adminLockoutProblem(admin.app.db, { kind: "remove-users", userIds: ids }, admin.user.id);
      if (lockout) return data({ message: t(lockout) }, { status: 400 });
      if (!isConfirmed(formData)) {
        return askForConfirmation({
          intent,
          ids,
          title: "Delete users?",
          message: "[one This account|other These :count accounts] will be deleted with their subscriptions (cancelled), files and data. This cannot be undone.",
          confirmLabel: "Delete",
        });
      }
      const worker = getWorker(context);
      const deps = { db: admin.app.db, bucket: worker.env.FILES, payments: paymentProviderFor(worker.env, admin.app.db, args.url.origin) };
      const record = admin.record("users.delete", "user");
      let deleted = 0;
      for (const user of await usersByIds(admin.app.db, ids)) {
        await deleteAccount(deps, user, [record({ subjectId: user.id, label: user.email, before: { email: user.email }, after: null })]);
        deleted++;
      }
      return redirectWithToast(request, back, { message: t("Deleted :count [one user|other users]", { count: deleted }), type: "positive" });
    }
    default:
      throw data({ message: t("Unknown action.") }, { status: 400 });
  }
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { relative } = useDates();
  const location = useLocation();
  const { params, rows, total, roles, can } = loaderData;
  const yesNoOptions = [
    { value: "yes", label: "Yes" },
    { value: "no", label: "No" },
  ];
  return (
    <>
      <AdminPageHeader title={t("Users")} description={t("Everyone with an account.")} />
      <DataTable
        label={t("Users")}
        rows={rows}
        rowId={(row) => row.id}
        params={params}
        total={total}
        hasNextPage={params.page * params.perPage < total}
        searchPlaceholder={t("Search by e-mail, name or id")}
        confirmation={actionData && "confirm" in actionData ? actionData.confirm : null}
        filters={[
          { name: "role", label: "Role", options: roles.map((r) => ({ value: String(r.id), label: r.name })) },
          { name: "verified", label: "Verified", options: yesNoOptions },
          { name: "subscribed", label: "Subscribed", options: yesNoOptions },
          { name: "banned", label: "Banned", options: yesNoOptions },
        ]}
        toolbar={
          <>
            <a href={`/admin/users/export${location.search}`} className={buttonClasses({ variant: "outlined", color: "neutral" })} download>
              {t("Export CSV")}
            </a>
            {can.create ? (
              <Link to="/admin/users/new" className={buttonClasses()}>
                {t("New user")}
              </Link>
            ) : null}
          </>
        }
        bulkActions={[
          ...(can.update
            ? [
                { intent: "verify", label: "Mark e-mail verified" },
                { intent: "unban", label: "Unban" },
              ]
            : []),
          ...(can.delete
            ? [
                {
                  intent: "delete",
                  label: "Delete",
                  danger: true,
                  confirm: {
                    title: "Delete users?",
                    message: "[one This account|other These :count accounts] will be deleted with their subscriptions (cancelled), files and data. This cannot be undone.",
                    confirmLabel: "Delete",
                  },
                },
              ]
            : []),
        ]}
        columns={[
          {
            key: "user",
            header: t("User"),
            sortKey: "email",
            cell: (row) => (
              <div className="flex items-center gap-3">
                {row.avatar ? (
                  <img src={row.avatar} alt="" className="size-8 rounded-full object-cover" />
                ) : (
                  <span className="grid size-8 place-items-center rounded-full bg-primary-light text-xs font-semibold text-primary">{row.name.slice(0, 1).toUpperCase()}</span>
                )}
                <div className="min-w-0">
                  {can.update ? (
                    <Link to={`/admin/users/${row.id}`} className="font-medium text-foreground hover:underline">
                      {row.name}
                    </Link>
                  ) : (
                    <span className="font-medium">{row.name}</span>
                  )}
                  <p className="truncate text-xs text-muted">{row.email}</p>
                </div>
              </div>
            ),
          },
          {
            key: "roles",
            header: t("Roles"),
            hideOnMobile: true,
            cell: (row) => (
              <span className="flex flex-wrap gap-1">
                {row.roles.map((r) => (
                  <Badge key={r}>{r}</Badge>
                ))}
              </span>
            ),
          },
          {
            key: "status",
            header: t("Status"),
            cell: (row) => (
              <span className="flex flex-wrap gap-1">
                {row.bannedAt ? <Badge tone="danger">{t("Banned")}</Badge> : null}
                {row.emailVerifiedAt ? null : <Badge tone="warning">{t("Not verified")}</Badge>}
                {row.subscribed ? <Badge tone="positive">{t("Subscribed")}</Badge> : null}
              </span>
            ),
          },
          { key: "created", header: t("Joined"), sortKey: "created_at", hideOnMobile: true, cell: (row) => relative(row.createdAt) },
        ]}
      />
    </>
  );
}
