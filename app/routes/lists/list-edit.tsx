import { DomainError } from "~/http/domain-error";
import { lazy, Suspense, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/list-edit";
import { requireUser } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { searchCatalogue } from "~/catalogue/search.server";
import { titlePath } from "~/http/slug";
import { listPath } from "~/lists/lists";
import { addItem, deleteList, listDetails, moveItem, removeItem, reorderItems, requireEditable, updateItemNote, updateList } from "~/lists/lists.server";
import { listIdOf } from "~/lists/services.server";
import { ListFields } from "~/lists/ui/list-form-fields";
import { addItemSchema, itemIdField, itemNoteSchema, moveItemSchema, reorderSchema, updateListSchema } from "~/lists/schema";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { FormErrors, IntentField, SubmitButton } from "~/ui/forms/fields";
import type { FormAnswer } from "~/ui/forms/form-result";
import { invalidSubmission, parseFormSubmission, readIntent, refusedSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

// Drag and keyboard reordering loads on the first click of "Reorder", never with the page.
const ReorderPanel = lazy(() => import("~/lists/ui/reorder-panel"));

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData ? `Edit: ${loaderData.list.name}` : "Edit list") }];

const SEARCH_RESULTS = 10;

/** The list's editor: its owner, or any member of its workspace. Others see the not-found page. */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  const id = listIdOf(args.params.id);
  let list;
  try {
    list = await listDetails(app.db, user.id, id);
  } catch (error) {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  }
  if (!list.can_edit) throw data(null, { status: 404 });
  if (args.params.slug !== list.slug) throw redirect(`${listPath(list)}/edit`, 301);
  const q = new URL(args.request.url).searchParams.get("q")?.slice(0, 200) ?? "";
  const found = q.trim() ? await searchCatalogue(app.db, q, { types: ["movie", "series"], limit: SEARCH_RESULTS }) : null;
  const inList = new Set(list.items.map((item) => item.title.id));
  return {
    list,
    q,
    results: found?.titles.map((hit) => ({ id: hit.id, name: hit.name, slug: hit.slug, year: hit.year, inList: inList.has(hit.id) })) ?? null,
  };
}

const deleteSchema = z.object({ confirm: z.literal("on", { error: "Tick the box to confirm." }) });
const itemSchema = z.object({ itemId: itemIdField });

/** Every change to the list: one form per intent, each working without JavaScript. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user } = requireUser(args);
  const app = getApp(context);
  const id = listIdOf(args.params.id);
  const formData = await request.formData().catch(() => new FormData());
  const intent = readIntent(formData);
  // Back to this page (not request.url: with JavaScript the action is posted to its .data URL).
  const search = new URL(request.url).searchParams.get("q");
  const here = `/lists/${id}/${encodeURIComponent(args.params.slug)}/edit${search ? `?q=${encodeURIComponent(search)}` : ""}`;
  const toast = (message: string, to = here) => redirectWithToast(request, to, { message }, { status: 303 });

  switch (intent) {
    case "update": {
      const submission = await parseFormSubmission(formData, updateListSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        const list = await updateList(app.db, user.id, id, submission.value);
        return toast(app.t("Saved list"), `${listPath(list)}/edit`);
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "name" });
      }
    }
    case "add": {
      const submission = await parseFormSubmission(formData, addItemSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        const added = await addItem(app.db, user.id, id, submission.value.titleId, submission.value.note);
        return toast(added.added ? app.t("Added to the list") : app.t("Already in the list"));
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "titleId" });
      }
    }
    case "note": {
      const submission = await parseFormSubmission(formData, itemNoteSchema.extend(itemSchema.shape), app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        await updateItemNote(app.db, user.id, id, submission.value.itemId, submission.value.note);
        return toast(app.t("Saved note"));
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "note" });
      }
    }
    case "move": {
      const submission = await parseFormSubmission(formData, moveItemSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        await moveItem(app.db, user.id, id, submission.value.itemId, submission.value.direction);
        return toast(app.t("Moved"));
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "itemId" });
      }
    }
    case "reorder": {
      const submission = await parseFormSubmission(formData, reorderSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        await reorderItems(app.db, user.id, id, submission.value.itemIds);
        return toast(app.t("Saved the new order"));
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "itemIds" });
      }
    }
    case "remove": {
      const submission = await parseFormSubmission(formData, itemSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        await removeItem(app.db, user.id, id, submission.value.itemId);
        return toast(app.t("Removed from the list"));
      } catch (error) {
        return refusedSubmission(submission, error, app.t, { as: "itemId" });
      }
    }
    case "delete": {
      const submission = await parseFormSubmission(formData, deleteSchema, app.t);
      if (submission.status !== "success") return invalidSubmission(submission);
      try {
        await deleteList(app.db, user.id, id);
        return toast(app.t("Deleted list"), "/lists");
      } catch (error) {
        return refusedSubmission(submission, error, app.t);
      }
    }
    default: {
      // Still check the list is theirs, so a stray post says nothing about other lists.
      await requireEditable(app.db, user.id, id).catch(() => {
        throw data(null, { status: 404 });
      });
      throw data(null, { status: 400 });
    }
  }
}

export default function ListEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { list, q, results } = loaderData;
  const [reordering, setReordering] = useState(false);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10" data-testid="list-edit">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t("Edit list")}</h1>
        <Link to={listPath(list)} className="text-sm font-medium text-primary hover:underline" data-testid="view-list">
          {t("View list")}
        </Link>
      </div>
      {list.workspace_name ? <p className="mt-1 text-sm text-muted">{t("Shared in :workspace: every member can edit it.", { workspace: list.workspace_name })}</p> : null}

      <div className="mt-8 flex flex-col gap-8">
        <SettingsSection list={list} actionData={actionData} />

        <section className="rounded-theme border border-divider bg-elevated" aria-labelledby="items-heading">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-divider px-4 py-3">
            <h2 id="items-heading" className="font-semibold">
              {t("Titles")} <span className="font-normal text-muted">({list.items_count})</span>
            </h2>
            {list.items.length > 1 && !reordering ? (
              <button type="button" className={buttonClasses({ variant: "outlined", size: "xs" })} onClick={() => setReordering(true)} data-testid="start-reorder">
                {t("Reorder by dragging")}
              </button>
            ) : null}
          </div>
          {reordering ? (
            <Suspense fallback={<p className="px-4 py-3 text-sm text-muted">{t("Loading...")}</p>}>
              <ReorderPanel items={list.items.map((item) => ({ id: item.id, name: item.title.name, year: item.title.year }))} onDone={() => setReordering(false)} />
            </Suspense>
          ) : list.items.length === 0 ? (
            <p className="px-4 py-6 text-center text-muted">{t("No titles yet: search for one below, or use “Add to list” on any title.")}</p>
          ) : (
            <ol className="divide-y divide-divider" data-testid="edit-items">
              {list.items.map((item, index) => (
                <li key={item.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start" data-testid="edit-item" data-title-id={item.title.id}>
                  <span className="w-6 shrink-0 pt-1 text-sm font-semibold text-muted">{index + 1}</span>
                  <div className="min-w-0 flex-1">
                    <Link to={titlePath(item.title)} className="font-medium text-foreground hover:text-primary">
                      {item.title.name}
                    </Link>
                    {item.title.year ? <span className="text-sm text-muted"> ({item.title.year})</span> : null}
                    <Form method="post" className="mt-2 flex gap-2">
                      <input type="hidden" name="intent" value="note" />
                      <input type="hidden" name="itemId" value={item.id} />
                      <label className="sr-only" htmlFor={`note-${item.id}`}>
                        {t("Note on :name", { name: item.title.name })}
                      </label>
                      <input
                        id={`note-${item.id}`}
                        name="note"
                        defaultValue={item.note}
                        maxLength={500}
                        placeholder={t("Add a note (optional)")}
                        className="min-w-0 flex-1 rounded-theme border border-divider bg-background px-2 py-1 text-sm"
                      />
                      <button type="submit" className={buttonClasses({ variant: "text", size: "xs" })}>
                        {t("Save note")}
                      </button>
                    </Form>
                  </div>
                  <div className="flex items-center gap-1">
                    <ItemButton intent="move" itemId={item.id} fields={{ direction: "up" }} disabled={index === 0} label={t("Move up")} testId="move-up" text="↑" />
                    <ItemButton intent="move" itemId={item.id} fields={{ direction: "down" }} disabled={index === list.items.length - 1} label={t("Move down")} testId="move-down" text="↓" />
                    <ItemButton intent="remove" itemId={item.id} label={t("Remove :name", { name: item.title.name })} testId="remove-item" text={t("Remove")} danger />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section className="rounded-theme border border-divider bg-elevated p-4" aria-labelledby="add-heading">
          <h2 id="add-heading" className="font-semibold">
            {t("Add a title")}
          </h2>
          <Form method="get" className="mt-3 flex gap-2" role="search">
            <label className="sr-only" htmlFor="list-title-search">
              {t("Search titles")}
            </label>
            <input
              id="list-title-search"
              name="q"
              type="search"
              defaultValue={q}
              placeholder={t("Search titles")}
              className="min-w-0 flex-1 rounded-theme border border-divider bg-background px-3 py-2 text-sm"
              data-testid="list-search"
            />
            <button type="submit" className={buttonClasses({ variant: "outlined", size: "md" })}>
              {t("Search")}
            </button>
          </Form>
          {results ? (
            results.length === 0 ? (
              <p className="mt-3 text-sm text-muted">{t("No titles match “:query”.", { query: q })}</p>
            ) : (
              <ul className="mt-3 divide-y divide-divider" data-testid="list-search-results">
                {results.map((hit) => (
                  <li key={hit.id} className="flex items-center justify-between gap-3 py-2" data-testid="list-search-result" data-title-id={hit.id}>
                    <span className="min-w-0 truncate text-sm">
                      {hit.name} {hit.year ? <span className="text-muted">({hit.year})</span> : null}
                    </span>
                    {hit.inList ? (
                      <span className="text-xs text-muted">{t("In the list")}</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="add" />
                        <input type="hidden" name="titleId" value={hit.id} />
                        <button type="submit" className={buttonClasses({ variant: "outlined", size: "xs" })} data-testid="add-result">
                          {t("Add")}
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            )
          ) : null}
          <ActionMessage actionData={actionData} field="titleId" />
        </section>

        {list.can_delete ? <DeleteSection actionData={actionData} /> : null}
      </div>
    </div>
  );
}

/** A field message from the last answer, for the small forms that have no conform form of their own. */
function ActionMessage({ actionData, field }: { actionData: FormAnswer; field: string }) {
  const errors = actionData && typeof actionData === "object" && "error" in actionData ? (actionData.error as Record<string, string[] | null> | undefined) : undefined;
  const messages = errors?.[field] ?? errors?.itemId ?? errors?.itemIds ?? errors?.note ?? null;
  if (!messages?.length) return null;
  return (
    <p role="alert" className="mt-3 text-sm text-danger" data-testid="list-action-error">
      {messages[0]}
    </p>
  );
}

function ItemButton({
  intent,
  itemId,
  fields = {},
  label,
  text,
  testId,
  disabled = false,
  danger = false,
}: {
  intent: string;
  itemId: number;
  fields?: Record<string, string>;
  label: string;
  text: string;
  testId: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={itemId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" disabled={disabled} aria-label={label} title={label} className={buttonClasses({ variant: "text", color: danger ? "danger" : "neutral", size: "xs" })} data-testid={testId}>
        {text}
      </button>
    </Form>
  );
}

function SettingsSection({ list, actionData }: { list: { name: string; description: string; public: boolean }; actionData: FormAnswer }) {
  const t = useTrans();
  const [form, fields] = useAppForm({
    schema: updateListSchema,
    lastResult: actionData,
    id: "list-settings",
    defaultValue: { name: list.name, description: list.description, public: list.public ? "on" : undefined },
  });
  return (
    <section className="rounded-theme border border-divider bg-elevated p-4" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="font-semibold">
        {t("Name and visibility")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
        <IntentField value="update" />
        <FormErrors form={form} />
        <ListFields fields={fields} />
        <div>
          <SubmitButton variant="outlined">{t("Save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function DeleteSection({ actionData }: { actionData: FormAnswer }) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: deleteSchema, lastResult: actionData, id: "delete-list" });
  return (
    <section className="rounded-theme border border-danger/40 bg-elevated p-4" aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="font-semibold text-danger">
        {t("Delete list")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
        <IntentField value="delete" />
        <FormErrors form={form} />
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name={fields.confirm.name} className="size-4" data-testid="confirm-delete" />
          {t("Yes, delete this list and its notes")}
        </label>
        <div>
          <SubmitButton color="danger" variant="outlined">
            {t("Delete list")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
