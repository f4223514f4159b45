import { EditRowLink, MoveRowButtons, RemoveRowButton } from "~/admin/ui/row-actions";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/menu";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminPageHeader, AdminSection, Badge } from "~/admin/ui/page";
import { rolesAndPermissions } from "~/auth/user-admin.server";
import { useTrans } from "~/i18n/translation-context";
import { MENU_POSITIONS, type Menu, type MenuItem } from "~/menus/menu";
import { addItem, menuFormSchema, menuItemFormSchema, moveItem, removeItem, removeMenu, updateItem, updateMenu } from "~/menus/menu-editing";
import { saveSettings } from "~/settings/settings.server";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { listChannelDestinations } from "~/channels/channels.server";
import { FieldErrors, FormErrors, IntentField, SelectField, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.menu.name ?? "Menu") }];

function findMenu(menus: Menu[], id: string | undefined) {
  const menu = menus.find((m) => m.id === id);
  if (!menu) throw data(null, { status: 404 });
  return menu;
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.menusUpdate);
  const menu = findMenu(admin.app.settings.menus, args.params.menuId);
  const [{ roles, permissions }, channelDestinations] = await Promise.all([rolesAndPermissions(admin.app.db), listChannelDestinations(admin.app.db)]);
  const editId = args.url.searchParams.get("edit");
  return {
    menu,
    // Menus can link to channels (decision 022): their pages are offered as destinations.
    channels: channelDestinations.map((c) => ({ path: `/channel/${c.slug}`, name: c.name })),
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    permissions: permissions.map((p) => ({ name: p.name, displayName: p.displayName })),
    editing: menu.items.find((i) => i.id === editId) ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.menusUpdate);
  const { request } = args;
  const t = admin.app.t;
  const menus = admin.app.settings.menus;
  const menu = findMenu(menus, args.params.menuId);
  const back = `/admin/menus/${menu.id}`;
  const formData = await request.formData();
  const intent = readIntent(formData);
  const save = async (next: Menu[], to: string, message: string) => {
    const result = await saveSettings(admin.app.db, { menus: next }, { record: admin.record("menus.update", "menu") });
    if (!result.ok) return data({ message: Object.values(result.errors).flat()[0] ?? t("These menus are not valid.") }, { status: 422 });
    return redirectWithToast(request, to, { message: t(message), type: "positive" });
  };
  switch (intent) {
    case "save-menu": {
      const submission = await parseFormSubmission(formData, menuFormSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      return save(updateMenu(menus, menu.id, submission.value), back, "Menu saved");
    }
    case "delete-menu":
      if (!isConfirmed(formData))
        return askForConfirmation({ intent, ids: [], title: "Delete this menu?", message: "Its items disappear from every position it is placed in.", confirmLabel: "Delete" });
      return save(removeMenu(menus, menu.id), "/admin/menus", "Menu deleted");
    case "save-item": {
      const submission = await parseFormSubmission(formData, menuItemFormSchema, t);
      if (submission.status !== "success") return invalidSubmission(submission);
      const itemId = formData.get("itemId");
      if (typeof itemId === "string" && itemId) {
        if (!menu.items.some((i) => i.id === itemId)) throw data(null, { status: 404 });
        return save(updateItem(menus, menu.id, itemId, submission.value), back, "Item saved");
      }
      return save(addItem(menus, menu.id, submission.value), back, "Item added");
    }
    case "move-up":
    case "move-down": {
      const itemId = String(formData.get("itemId") ?? "");
      return save(moveItem(menus, menu.id, itemId, intent === "move-up" ? "up" : "down"), back, "Order saved");
    }
    case "delete-item": {
      const itemId = String(formData.get("itemId") ?? "");
      if (!isConfirmed(formData)) return askForConfirmation({ intent, ids: [], fields: { itemId }, title: "Remove this item?", message: "It disappears from the menu.", confirmLabel: "Remove" });
      return save(removeItem(menus, menu.id, itemId), back, "Item removed");
    }
    default:
      throw data({ message: t("Unknown action.") }, { status: 400 });
  }
}

function isFor(result: unknown, intent: string) {
  return (result as { initialValue?: Record<string, unknown> } | null)?.initialValue?.intent === intent;
}

export default function MenuEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { menu, editing } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const [menuForm, menuFields] = useAppForm({
    schema: menuFormSchema,
    id: "menu",
    lastResult: isFor(actionData, "save-menu") ? (actionData as never) : undefined,
    defaultValue: { name: menu.name, positions: menu.positions },
  });
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/menus", label: "Menus" }}
        title={menu.name}
        actions={<ConfirmedActionButton intent="delete-menu" label="Delete" title="Delete this menu?" message="Its items disappear from every position it is placed in." confirmLabel="Delete" />}
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      {actionData && "message" in actionData && !("confirm" in actionData) ? (
        <p role="alert" className="mb-4 rounded-theme border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
          {t(String(actionData.message))}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-6">
          <AdminSection title={t("Items")}>
            {menu.items.length === 0 ? (
              <p className="text-sm text-muted">{t("No items yet.")}</p>
            ) : (
              <ol className="divide-y divide-divider" data-testid="menu-items">
                {menu.items.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="min-w-0 text-sm">
                      <span className="font-medium text-foreground">{item.label}</span> <code className="ml-1 text-xs text-muted">{item.action}</code>
                      <p className="mt-1 flex flex-wrap gap-1">
                        {item.permissions.map((p) => (
                          <Badge key={p}>{p}</Badge>
                        ))}
                        {item.settings.map((s) => (
                          <Badge key={s} tone="primary">
                            {s}
                          </Badge>
                        ))}
                        {item.subscriptionStatus ? <Badge tone="warning">{t(item.subscriptionStatus)}</Badge> : null}
                      </p>
                    </div>
                    <span className="flex items-center gap-1">
                      <MoveRowButtons field="itemId" id={item.id} name={item.label} />
                      <EditRowLink id={item.id} form="item-form" />
                      <RemoveRowButton intent="delete-item" fields={{ itemId: item.id }} label="Remove" title="Remove this item?" message="It disappears from the menu." />
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </AdminSection>
          <ItemForm
            key={editing?.id ?? "new"}
            editing={editing}
            roles={loaderData.roles}
            permissions={loaderData.permissions}
            channels={loaderData.channels}
            lastResult={isFor(actionData, "save-item") ? actionData : undefined}
          />
        </div>
        <AdminSection title={t("Menu")}>
          <Form method="post" {...getFormProps(menuForm)} className="flex flex-col gap-3">
            <IntentField value="save-menu" />
            <FormErrors form={menuForm} />
            <TextField meta={menuFields.name} label={t("Name")} />
            <fieldset>
              <legend className="mb-1 text-sm font-medium">{t("Positions")}</legend>
              {MENU_POSITIONS.map((p) => (
                <label key={p} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="positions" value={p} defaultChecked={menu.positions.includes(p)} className="size-4 accent-(--be-primary)" />
                  {p}
                </label>
              ))}
              <FieldErrors id={menuFields.positions.errorId} errors={menuFields.positions.errors} />
            </fieldset>
            <div>
              <SubmitButton>{t("Save menu")}</SubmitButton>
            </div>
          </Form>
        </AdminSection>
      </div>
    </>
  );
}

function ItemForm({
  editing,
  roles,
  permissions,
  channels,
  lastResult,
}: {
  editing: MenuItem | null;
  roles: { id: number; name: string }[];
  permissions: { name: string; displayName: string }[];
  channels: { path: string; name: string }[];
  lastResult: unknown;
}) {
  const t = useTrans();
  const [form, fields] = useAppForm({
    schema: menuItemFormSchema,
    id: "menu-item",
    lastResult: lastResult as never,
    defaultValue: editing
      ? {
          label: editing.label,
          action: editing.action,
          type: editing.type,
          target: editing.target,
          icon: editing.icon ?? "",
          settings: editing.settings.join(", "),
          subscriptionStatus: editing.subscriptionStatus,
        }
      : { type: "route", target: "_self" },
  });
  return (
    <AdminSection title={editing ? t("Edit item") : t("Add an item")} id="item-form">
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
        <IntentField value="save-item" />
        {editing ? <input type="hidden" name="itemId" value={editing.id} /> : null}
        <FormErrors form={form} />
        <TextField meta={fields.label} label={t("Label")} />
        <TextField
          meta={fields.action}
          label={t("Goes to")}
          placeholder="/titles"
          list="menu-destinations"
          description={t("A path such as /titles, a channel's page (suggested as you type) or an address.")}
        />
        <datalist id="menu-destinations">
          {channels.map((c) => (
            <option key={c.path} value={c.path} label={c.name} />
          ))}
        </datalist>
        <SelectField
          meta={fields.type}
          label={t("Kind")}
          options={[
            { value: "route", label: t("A page of this site") },
            { value: "link", label: t("Another site") },
          ]}
        />
        <SelectField
          meta={fields.target}
          label={t("Opens in")}
          options={[
            { value: "_self", label: t("The same tab") },
            { value: "_blank", label: t("A new tab") },
          ]}
        />
        <TextField meta={fields.icon} label={t("Icon")} />
        <SelectField
          meta={fields.subscriptionStatus}
          label={t("Only for")}
          placeholder={t("Everyone")}
          options={[
            { value: "subscribed", label: t("Subscribed users") },
            { value: "unsubscribed", label: t("Users without a subscription") },
          ]}
        />
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t("Only for these roles")}</legend>
          <div className="flex flex-wrap gap-3">
            {roles.map((r) => (
              <label key={r.id} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name="roles" value={r.id} defaultChecked={editing?.roles.includes(r.id)} className="size-4 accent-(--be-primary)" />
                {r.name}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t("Only with these permissions")}</legend>
          <div className="grid max-h-40 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2">
            {permissions.map((p) => (
              <label key={p.name} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name="permissions" value={p.name} defaultChecked={editing?.permissions.includes(p.name)} className="size-4 accent-(--be-primary)" />
                <code className="text-xs">{p.name}</code>
              </label>
            ))}
          </div>
        </fieldset>
        <TextArea
          meta={fields.settings}
          label={t("Only when these settings are on")}
          rows={2}
          description={t("Setting keys, such as billing.enable, separated by commas.")}
          className="sm:col-span-2"
        />
        <div className="flex gap-2 sm:col-span-2">
          <SubmitButton>{editing ? t("Save item") : t("Add item")}</SubmitButton>
          {editing ? (
            <Link to="?" className={buttonClasses({ variant: "text", color: "neutral" })}>
              {t("Cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </AdminSection>
  );
}
