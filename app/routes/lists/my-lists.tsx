import { Form, Link } from "react-router";
import type { Route } from "./+types/my-lists";
import { requireUser } from "~/auth/guards.server";
import { hasPermission } from "~/request/viewer";
import { useTrans } from "~/i18n/translation-context";
import { COUNT_RESTRICTION, CREATE_PERMISSION, listPath } from "~/lists/lists";
import { createList, listsOfUser, ownedListCount } from "~/lists/lists.server";
import { ListFields } from "~/lists/ui/list-form-fields";
import { createListSchema } from "~/lists/schema";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, SelectField, SubmitButton } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, refusedSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { workspacesOfViewer } from "~/workspaces/active-workspace.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "My lists") }];

/** The signed-in user's lists and those of their workspaces, with the form to start one. */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const [lists, workspaces, owned] = await Promise.all([listsOfUser(app.db, user.id), workspacesOfViewer(app), ownedListCount(app.db, user.id)]);
  const quota = app.viewer.permissions.has("admin") ? null : (app.viewer.permissions.get(CREATE_PERMISSION)?.find((r) => r.name === COUNT_RESTRICTION)?.value ?? null);
  return {
    lists,
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, default: w.default })),
    canCreate: hasPermission(app.viewer, CREATE_PERMISSION),
    owned,
    quota,
  };
}

/** Creates a list (quota and workspace membership checked by the lists module) and opens its editor. */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const { request, context } = args;
  const app = getApp(context);
  const submission = await parseFormSubmission(request, createListSchema, app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  try {
    const list = await createList(app.db, app.viewer, submission.value);
    return redirectWithToast(request, `${listPath(list)}/edit`, { message: app.t("Created list") }, { status: 303 });
  } catch (error) {
    return refusedSubmission(submission, error, app.t, { fields: ["workspaceId"], as: "name" });
  }
}

export default function MyLists({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { lists, workspaces, canCreate, owned, quota } = loaderData;
  const [form, fields] = useAppForm({ schema: createListSchema, lastResult: actionData, id: "create-list", defaultValue: { workspaceId: "0" } });
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10" data-testid="my-lists">
      <h1 className="text-2xl font-semibold">{t("My lists")}</h1>
      <p className="mt-1 text-sm text-muted">{t("Your lists, and the lists of your workspaces that you edit together.")}</p>
      {lists.length === 0 ? (
        <p className="mt-6 rounded-theme border border-dashed border-divider p-6 text-center text-muted">{t("You have no lists yet.")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-divider overflow-hidden rounded-theme border border-divider bg-elevated" data-testid="list-rows">
          {lists.map((list) => (
            <li key={list.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="list-row" data-list-id={list.id}>
              <div className="min-w-0">
                <Link to={listPath(list)} className="font-medium text-foreground hover:text-primary">
                  {list.name}
                </Link>
                <p className="mt-0.5 text-xs text-muted">
                  {[
                    t(":count [one title|other titles]", { count: list.items_count }),
                    list.public ? t("Public") : t("Private"),
                    list.workspace_name ? t("Workspace: :name", { name: list.workspace_name }) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <Link to={`${listPath(list)}/edit`} className="rounded-theme px-3 py-1.5 text-sm font-medium text-primary hover:bg-primary-light">
                {t("Edit")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {canCreate ? (
        <section className="mt-8 rounded-theme border border-divider bg-elevated p-4" aria-labelledby="new-list-heading">
          <h2 id="new-list-heading" className="font-semibold">
            {t("New list")}
          </h2>
          {quota !== null ? (
            <p className="mt-1 text-sm text-muted" data-testid="list-quota">
              {t("You have :owned of :quota lists your plan allows.", { owned, quota })}
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
            <FormErrors form={form} />
            <ListFields fields={fields} />
            {workspaces.length > 1 ? (
              <SelectField
                meta={fields.workspaceId}
                label={t("Workspace")}
                description={t("Every member of a workspace can edit its lists.")}
                options={workspaces.map((w) => ({ value: String(w.id), label: w.default ? t("Just me") : w.name }))}
              />
            ) : null}
            <div>
              <SubmitButton>{t("Create list")}</SubmitButton>
            </div>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
