import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/add-title";
import { requireUser } from "~/auth/guards.server";
import { hasPermission } from "~/request/viewer";
import { useTrans } from "~/i18n/translation-context";
import { parseId } from "~/catalogue/access.server";
import { titles } from "~/catalogue/tables";
import { titlePath } from "~/http/slug";
import { CREATE_PERMISSION, listPath } from "~/lists/lists";
import { addItem, createList, listsForTitle, removeItem } from "~/lists/lists.server";
import { itemIdField, listNameField } from "~/lists/schema";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent, refusedSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { eq } from "drizzle-orm";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: siteTitle(matches, loaderData ? `Add “${loaderData.title.name}” to a list` : "Add to list") },
  { name: "robots", content: "noindex" },
];

async function findTitle(app: ReturnType<typeof getApp>, titleId: number) {
  const [title] = await app.db.select({ id: titles.id, name: titles.name, slug: titles.slug, year: titles.year }).from(titles).where(eq(titles.id, titleId)).limit(1);
  if (!title) throw data(null, { status: 404 });
  return title;
}

/**
 * "Add to list" from a title page or card, without JavaScript: the user's
 * lists (and their workspaces'), each with Add or Remove, and a new list
 * started with this title.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const titleId = parseId(args.params.titleId);
  const [title, lists] = await Promise.all([findTitle(app, titleId), listsForTitle(app.db, user.id, titleId)]);
  return { title, lists, canCreate: hasPermission(app.viewer, CREATE_PERMISSION) };
}

const listIdField = z.coerce.number({ error: "Choose a list." }).int("Choose a list.").positive("Choose a list.").max(Number.MAX_SAFE_INTEGER, "Choose a list.");
const addSchema = z.object({ listId: listIdField });
const removeSchema = z.object({ listId: listIdField, itemId: itemIdField });
const newListSchema = z.object({ name: listNameField });

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user } = requireUser(args);
  const app = getApp(context);
  const titleId = parseId(args.params.titleId);
  const formData = await request.formData().catch(() => new FormData());
  // Not request.url: with JavaScript the action is posted to its .data URL.
  const here = `/lists/add/${titleId}`;
  switch (readIntent(formData)) {
    case "add": {
      const submission = await parseFormSubmission(formData, addSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        await addItem(app.db, user.id, submission.value.listId, titleId);
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "listId" });
      }
      return redirectWithToast(request, here, { message: app.t("Added to the list") }, { status: 303 });
    }
    case "remove": {
      const submission = await parseFormSubmission(formData, removeSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        await removeItem(app.db, user.id, submission.value.listId, submission.value.itemId);
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "listId" });
      }
      return redirectWithToast(request, here, { message: app.t("Removed from the list") }, { status: 303 });
    }
    case "create": {
      const submission = await parseFormSubmission(formData, newListSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        await findTitle(app, titleId);
        const list = await createList(app.db, app.viewer, { name: submission.value.name, description: "", public: false, workspaceId: 0 });
        await addItem(app.db, user.id, list.id, titleId);
        return redirectWithToast(request, here, { message: app.t("Created list") }, { status: 303 });
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "name" });
      }
    }
    default:
      throw data(null, { status: 400 });
  }
}

export default function AddTitleToList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { title, lists, canCreate } = loaderData;
  const [form, fields] = useAppForm({ schema: newListSchema, lastResult: actionData, id: "new-list-with-title" });
  const listError = actionData && typeof actionData === "object" && "error" in actionData ? (actionData.error as Record<string, string[] | null> | undefined)?.listId?.[0] : undefined;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10" data-testid="add-to-list">
      <h1 className="text-2xl font-semibold">{t("Add to list")}</h1>
      <p className="mt-1 text-muted">
        <Link to={titlePath(title)} className="font-medium text-foreground hover:text-primary">
          {title.name}
        </Link>
        {title.year ? ` (${title.year})` : ""}
      </p>
      {listError ? (
        <p role="alert" className="mt-4 text-sm text-danger" data-testid="list-action-error">
          {listError}
        </p>
      ) : null}
      {lists.length === 0 ? (
        <p className="mt-6 text-muted">{t("You have no lists yet.")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-divider overflow-hidden rounded-theme border border-divider bg-elevated" data-testid="add-to-list-rows">
          {lists.map((list) => (
            <li key={list.id} className="flex items-center justify-between gap-3 px-4 py-3" data-testid="add-to-list-row" data-list-id={list.id}>
              <div className="min-w-0">
                {/* Pressing a list's name adds the title to it (decision 030); "Open list" goes to the list. */}
                {list.item_id ? (
                  <span className="font-medium text-foreground">
                    <span aria-hidden="true">✓ </span>
                    {list.name}
                  </span>
                ) : (
                  <button type="submit" form={`add-to-list-${list.id}`} className="text-left font-medium text-foreground hover:text-primary hover:underline" data-testid="add-by-name">
                    {list.name}
                  </button>
                )}
                <p className="text-xs text-muted">
                  {[t(":count [one title|other titles]", { count: list.items_count }), list.workspace_name].filter(Boolean).join(" · ")}
                  {" · "}
                  <Link to={listPath(list)} className="text-primary hover:underline">
                    {t("Open list")}
                  </Link>
                </p>
              </div>
              <Form method="post" id={`add-to-list-${list.id}`}>
                <input type="hidden" name="listId" value={list.id} />
                {list.item_id ? (
                  <>
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="itemId" value={list.item_id} />
                    <button type="submit" className={buttonClasses({ variant: "outlined", size: "sm" })} data-testid="remove-from-list">
                      {t("Remove")}
                    </button>
                  </>
                ) : (
                  <>
                    <input type="hidden" name="intent" value="add" />
                    <button type="submit" className={buttonClasses({ variant: "filled", size: "sm" })} data-testid="add-to-this-list">
                      {t("Add")}
                    </button>
                  </>
                )}
              </Form>
            </li>
          ))}
        </ul>
      )}
      {canCreate ? (
        <section className="mt-8 rounded-theme border border-divider bg-elevated p-4" aria-labelledby="new-list-heading">
          <h2 id="new-list-heading" className="font-semibold">
            {t("New list with this title")}
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            <IntentField value="create" />
            <FormErrors form={form} />
            <TextField meta={fields.name} label={t("Name")} className="flex-1" autoComplete="off" />
            <SubmitButton className="sm:mt-6">{t("Create list")}</SubmitButton>
          </Form>
        </section>
      ) : null}
      <p className="mt-6 text-sm">
        <Link to="/lists" className="font-medium text-primary hover:underline">
          {t("My lists")}
        </Link>
      </p>
    </div>
  );
}
