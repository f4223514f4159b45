import { useState } from "react";
import { data, Form, useSubmit } from "react-router";
import type { Route } from "./+types/channel";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { slugify } from "~/http/slug";
import {
  addChannelItem,
  createChannel,
  deleteChannels,
  homePageChannelIds,
  listEditorItems,
  listWatchProviderChoices,
  loadChannelForEditor,
  moveChannelItem,
  refreshChannelNow,
  removeChannelItem,
  reorderChannelItems,
  searchChannelPicker,
  updateChannel,
} from "~/channels/channel-admin.server";
import { channelFormSchema, channelItemInputSchema } from "~/channels/schema";
import { RATING_SOURCE_LABELS, RATING_SOURCES, RULE_KIND_LABELS, RULE_KINDS } from "~/channels/rules";
import { CHANNEL_LAYOUTS } from "~/channels/tables";
import { redirectWithToast } from "~/toasts/flash.server";
import { buttonClasses } from "~/ui/button-styles";
import { CheckboxField, FormErrors, IntentField, SelectField, SubmitButton, TextArea, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.channel?.name ?? "New channel") }];

const LAYOUT_LABELS: Record<(typeof CHANNEL_LAYOUTS)[number], string> = {
  hero: "Hero slider",
  grid: "Poster grid",
  landscape: "Landscape cards",
  carousel: "Carousel row",
  "top-list": "Numbered top list",
  people: "People row",
  channels: "Channel of channels",
};

function channelIdOf(params: { channelId?: string }) {
  return params.channelId === undefined ? null : idParam(params.channelId);
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.channelsUpdate);
  const id = channelIdOf(args.params);
  const channel = id === null ? null : await loadChannelForEditor(admin.app.db, id);
  if (id !== null && !channel) throw data(null, { status: 404 });
  const q = (args.url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const editable = channel && channel.source !== "automatic";
  const [items, results, providers, used] = await Promise.all([
    editable ? listEditorItems(admin.app.db, channel.id) : [],
    editable && q ? searchChannelPicker(admin.app.db, q, channel.source === "nested" ? ["channel"] : ["title", "person", "episode", "video", "channel"]) : [],
    listWatchProviderChoices(admin.app.db),
    channel ? homePageChannelIds(admin.app.db, admin.app.settings["homepage.channel"]) : new Set<number>(),
  ]);
  return {
    channel: channel ? { ...channel, createdAt: channel.createdAt.toISOString(), updatedAt: channel.updatedAt.toISOString(), refreshedAt: channel.refreshedAt?.toISOString() ?? null } : null,
    /** The home page uses it (decision 043): no Delete button, and the action refuses. */
    onHomePage: channel ? used.has(channel.id) : false,
    items,
    q,
    results,
    providers,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.channelsUpdate);
  const { request } = args;
  const db = admin.app.db;
  const id = channelIdOf(args.params);
  const t = admin.app.t;
  const formData = await request.formData();
  const intent = readIntent(formData);
  const here = id === null ? "/admin/channels" : `/admin/channels/${id}`;
  const record = admin.record("channels.update", "channel");
  if (id !== null && intent !== "save") {
    switch (intent) {
      case "delete": {
        const refused = (await homePageChannelIds(db, admin.app.settings["homepage.channel"])).has(id);
        if (refused) return data({ itemError: t("The home page uses this channel, so it cannot be deleted. Take it off the home page first.") }, { status: 422 });
        if (!isConfirmed(formData))
          return askForConfirmation({
            intent: "delete",
            ids: [id],
            title: "Delete this channel?",
            message: "It is removed from the channels that show it as a row; its page answers 404.",
            confirmLabel: "Delete",
          });
        const done = await deleteChannels(db, [id], admin.app.settings["homepage.channel"], admin.record("channels.delete", "channel"));
        if (!done.ok) return data({ itemError: t("The home page uses this channel, so it cannot be deleted. Take it off the home page first.") }, { status: 422 });
        return redirectWithToast(request, "/admin/channels", { message: t("Channel deleted"), type: "positive" });
      }
      case "refresh": {
        const done = await refreshChannelNow(db, id, admin.record("channels.refresh", "channel"));
        return redirectWithToast(request, here, done ? { message: t("Channel refreshed"), type: "positive" } : { message: t("Only automatic channels refresh."), type: "danger" });
      }
      case "add": {
        const parsed = channelItemInputSchema.safeParse({ kind: formData.get("kind"), itemId: formData.get("itemId") });
        if (!parsed.success) return data({ itemError: t("Choose an item to add.") }, { status: 400 });
        const result = await addChannelItem(db, id, parsed.data.kind, parsed.data.itemId, record);
        if (!result.ok) return data({ itemError: t(result.message) }, { status: 422 });
        return redirectWithToast(request, here, { message: t("Item added"), type: "positive" });
      }
      case "remove":
      case "up":
      case "down": {
        const itemId = Number(formData.get("itemId"));
        if (!Number.isSafeInteger(itemId) || itemId < 1) return data({ itemError: t("Choose an item.") }, { status: 400 });
        if (intent === "remove") {
          // An item already gone (another tab, a stale page) is said so, not toasted as removed.
          if (!(await removeChannelItem(db, id, itemId, record))) return data({ itemError: t("That item is no longer in this channel.") }, { status: 409 });
        } else {
          const result = await moveChannelItem(db, id, itemId, intent === "up" ? -1 : 1, record);
          if (!result.ok) return data({ itemError: t(result.message) }, { status: 409 });
        }
        return redirectWithToast(request, here, { message: t(intent === "remove" ? "Item removed" : "Order saved"), type: "positive" });
      }
      case "reorder": {
        const order = String(formData.get("order") ?? "")
          .split(",")
          .map(Number);
        if (order.some((n) => !Number.isSafeInteger(n) || n < 1)) return data({ itemError: t("Choose an item.") }, { status: 400 });
        const result = await reorderChannelItems(db, id, order, record);
        if (!result.ok) return data({ itemError: t(result.message) }, { status: 409 });
        return redirectWithToast(request, here, { message: t("Order saved"), type: "positive" });
      }
      default:
        throw data({ message: t("Unknown action.") }, { status: 400 });
    }
  }
  const submission = await parseFormSubmission(formData, channelFormSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const value = submission.value;
  const fields = { ...value, slug: value.slug || slugify(value.name, "channel") };
  const result = id === null ? await createChannel(db, fields, admin.record("channels.create", "channel")) : await updateChannel(db, id, fields, record);
  if (!result.ok) {
    if (result.notFound) throw data(null, { status: 404 });
    return invalidSubmission(submission, { fieldErrors: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v.map((m) => t(m))])), status: 422 });
  }
  return redirectWithToast(request, `/admin/channels/${result.id}`, { message: t("Channel saved"), type: "positive" });
}

export default function ChannelEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { channel, items, q, results, providers, onHomePage } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const itemError = actionData && "itemError" in actionData ? (actionData.itemError as string) : null;
  const rule = channel?.rule;
  const [form, fields] = useAppForm({
    schema: channelFormSchema,
    id: `channel-${channel?.updatedAt ?? "new"}`,
    lastResult: confirmation || itemError ? undefined : (actionData as never),
    defaultValue: channel
      ? {
          name: channel.name,
          slug: channel.slug,
          description: channel.description ?? "",
          seoTitle: channel.seoTitle ?? "",
          seoDescription: channel.seoDescription ?? "",
          layout: channel.layout,
          perPage: channel.perPage,
          public: channel.public,
          source: channel.source,
          ruleKind: rule?.kind ?? "popular",
          ruleType: rule?.type ?? "both",
          ruleGenres: rule?.genres.join(", ") ?? "",
          ruleKeywords: rule?.keywords.join(", ") ?? "",
          ruleYearFrom: rule?.yearFrom,
          ruleYearTo: rule?.yearTo,
          ruleCertification: rule?.certification ?? "",
          ruleLanguage: rule?.language ?? "",
          ruleCountry: rule?.country ?? "",
          ruleRatingSource: rule?.ratingSource ?? "site",
          ruleMinVotes: rule?.minVotes ?? 0,
          ruleDays: rule?.days,
          ruleGenreFromUrl: rule?.genreFromUrl ?? false,
          ruleProvider: rule?.provider,
          ruleRegion: rule?.region ?? "",
        }
      : ({ layout: "carousel", perPage: 20, public: true, source: "manual", ruleKind: "popular", ruleType: "both", ruleRatingSource: "site", ruleMinVotes: 0 } as never),
  });
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/channels", label: "Channels" }}
        title={channel ? channel.name : t("New channel")}
        actions={
          channel ? (
            <>
              {channel.public ? (
                <a href={`/channel/${channel.slug}`} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "outlined", color: "neutral" })} data-testid="channel-preview">
                  {t("Preview")}
                </a>
              ) : null}
              {channel.source === "automatic" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="refresh" />
                  <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
                    {t("Refresh now")}
                  </button>
                </Form>
              ) : null}
              {onHomePage ? null : (
                <ConfirmedActionButton
                  intent="delete"
                  label="Delete"
                  title="Delete this channel?"
                  message="It is removed from the channels that show it as a row; its page answers 404."
                  confirmLabel="Delete"
                />
              )}
            </>
          ) : null
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      {onHomePage ? (
        <p className="mb-4 text-sm text-muted" data-testid="channel-on-home-page">
          {t("The home page uses this channel, so it cannot be deleted.")}
        </p>
      ) : null}
      {channel && channel.source !== "automatic" ? (
        <AdminSection title={channel.source === "nested" ? t("Rows") : t("Items")} description={t("Move items with the arrows (or drag them); add them with the search below.")}>
          {itemError ? (
            <p role="alert" className="mb-3 text-sm text-danger" data-testid="item-error">
              {itemError}
            </p>
          ) : null}
          <ItemsEditor items={items} />
          <form method="get" className="mt-4 flex gap-2" role="search">
            <label htmlFor="picker-q" className="sr-only">
              {t("Search")}
            </label>
            <input
              id="picker-q"
              name="q"
              defaultValue={q}
              placeholder={channel.source === "nested" ? t("Search channels") : t("Search titles, people, episodes, videos and channels")}
              className="h-10 flex-1 rounded-theme border border-divider bg-background px-3 text-sm"
            />
            <button type="submit" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
              {t("Search")}
            </button>
          </form>
          {q ? (
            <ul className="mt-3 divide-y divide-divider" data-testid="picker-results">
              {results.length === 0 ? <li className="py-2 text-sm text-muted">{t("No matches.")}</li> : null}
              {results.map((r) => (
                <li key={`${r.kind}-${r.id}`} className="flex items-center justify-between gap-3 py-2">
                  <span className="text-sm">
                    {r.label} <span className="text-muted">· {r.detail}</span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="add" />
                    <input type="hidden" name="kind" value={r.kind} />
                    <input type="hidden" name="itemId" value={r.id} />
                    <button type="submit" className={buttonClasses({ size: "xs" })} aria-label={t("Add :name", { name: r.label })}>
                      {t("Add")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : null}
        </AdminSection>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <IntentField value="save" />
          <FormErrors form={form} />
          <AdminSection>
            <div className="flex flex-col gap-4">
              <TextField meta={fields.name} label={t("Name")} />
              <TextArea meta={fields.description} label={t("Description")} rows={2} />
              <SelectField
                meta={fields.source}
                label={t("Content")}
                options={[
                  { value: "manual", label: t("Manual: items picked by hand") },
                  { value: "automatic", label: t("Automatic: a rule over the catalogue") },
                  { value: "nested", label: t("Nested: a channel of channels") },
                ]}
              />
              <SelectField meta={fields.layout} label={t("Layout")} options={CHANNEL_LAYOUTS.map((l) => ({ value: l, label: t(LAYOUT_LABELS[l]) }))} />
              <TextField meta={fields.perPage} label={t("Items per row / page")} type="number" min={1} max={50} />
            </div>
          </AdminSection>
          {/* Shown only while "Automatic" is chosen: the app.css rule follows the select, with or without JavaScript (decision 043). */}
          <div data-channel-source-only="automatic">
            <AdminSection title={t("Rule")} description={t("Refreshed by the scheduled job, on save and with “Refresh now”.")}>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField meta={fields.ruleKind} label={t("List")} options={RULE_KINDS.map((k) => ({ value: k, label: t(RULE_KIND_LABELS[k]) }))} />
                <SelectField
                  meta={fields.ruleType}
                  label={t("Of")}
                  options={[
                    { value: "both", label: t("Movies and series") },
                    { value: "movie", label: t("Movies") },
                    { value: "series", label: t("Series") },
                  ]}
                />
                <TextField meta={fields.ruleGenres} label={t("Genres")} description={t("Genre slugs, comma-separated (any of them), e.g. drama, crime.")} />
                <TextField meta={fields.ruleKeywords} label={t("Keywords")} description={t("Keyword slugs, comma-separated.")} />
                <TextField meta={fields.ruleYearFrom} label={t("From year")} type="number" />
                <TextField meta={fields.ruleYearTo} label={t("To year")} type="number" />
                <TextField meta={fields.ruleCertification} label={t("Certification")} />
                <TextField meta={fields.ruleLanguage} label={t("Language")} description={t("Two letters, e.g. en.")} />
                <TextField meta={fields.ruleCountry} label={t("Country")} description={t("Two letters, e.g. US.")} />
                <SelectField meta={fields.ruleRatingSource} label={t("Top rated by")} options={RATING_SOURCES.map((s) => ({ value: s, label: t(RATING_SOURCE_LABELS[s]) }))} />
                <TextField meta={fields.ruleMinVotes} label={t("Minimum votes")} type="number" min={0} />
                <TextField meta={fields.ruleDays} label={t("New releases: last N days")} type="number" min={1} description={t("Empty: the newest, however old.")} />
                <SelectField
                  meta={fields.ruleProvider}
                  label={t("Where to watch: provider")}
                  options={[{ value: "", label: t("None") }, ...providers.map((p) => ({ value: String(p.id), label: p.name }))]}
                />
                <TextField meta={fields.ruleRegion} label={t("Where to watch: region")} description={t("Two letters, e.g. US.")} />
                <CheckboxField meta={fields.ruleGenreFromUrl} label={t("Genre from the address")} description={t("/channel/<slug>/<genre> shows that genre's list.")} className="sm:col-span-2" />
              </div>
            </AdminSection>
          </div>
          {channel?.source === "nested" ? null : (
            <div data-channel-source-only="nested">
              <AdminSection title={t("Rows")}>
                <p className="text-sm text-muted">{t("A nested channel is made of other channels: save it, then pick its rows here.")}</p>
              </AdminSection>
            </div>
          )}
        </div>
        <div className="flex flex-col gap-6">
          <AdminSection title={t("Address")}>
            <TextField meta={fields.slug} label={t("Slug")} description={t("The channel lives at /channel/<slug>. Empty: made from the name.")} />
            <CheckboxField meta={fields.public} label={t("Public page")} description={t("Otherwise it shows only as a row of another channel.")} className="mt-4" />
          </AdminSection>
          <AdminSection title={t("Search engines")}>
            <div className="flex flex-col gap-4">
              <TextField meta={fields.seoTitle} label={t("SEO title")} description={t("Empty: the name.")} />
              <TextArea meta={fields.seoDescription} label={t("SEO description")} rows={3} />
            </div>
          </AdminSection>
          <div className="flex justify-end">
            <SubmitButton>{t("Save channel")}</SubmitButton>
          </div>
        </div>
      </Form>
    </>
  );
}

/** The item list: up/down/remove buttons post without JavaScript; with it, items can also be dragged. */
function ItemsEditor({ items }: { items: { id: number; name: string; kind: string }[] }) {
  const t = useTrans();
  const submit = useSubmit();
  const [dragged, setDragged] = useState<number | null>(null);
  if (items.length === 0) return <p className="text-sm text-muted">{t("No items yet.")}</p>;
  const drop = (targetId: number) => {
    if (dragged === null || dragged === targetId) return;
    const order = items.map((i) => i.id).filter((id) => id !== dragged);
    order.splice(order.indexOf(targetId), 0, dragged);
    setDragged(null);
    void submit({ intent: "reorder", order: order.join(",") }, { method: "post" });
  };
  return (
    <ol className="divide-y divide-divider rounded-theme border border-divider" data-testid="channel-editor-items">
      {items.map((item, i) => (
        <li
          key={item.id}
          draggable
          onDragStart={() => setDragged(item.id)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={() => drop(item.id)}
          className="flex items-center justify-between gap-3 px-3 py-2"
          data-testid="channel-editor-item"
        >
          <span className="text-sm">
            <span className="mr-2 text-muted">{i + 1}.</span>
            {item.name} <span className="text-muted">· {t(item.kind)}</span>
          </span>
          <Form method="post" className="flex gap-1">
            <input type="hidden" name="itemId" value={item.id} />
            <button
              type="submit"
              name="intent"
              value="up"
              disabled={i === 0}
              className={buttonClasses({ variant: "outlined", color: "neutral", size: "xs" })}
              aria-label={t("Move :name up", { name: item.name })}
            >
              ↑
            </button>
            <button
              type="submit"
              name="intent"
              value="down"
              disabled={i === items.length - 1}
              className={buttonClasses({ variant: "outlined", color: "neutral", size: "xs" })}
              aria-label={t("Move :name down", { name: item.name })}
            >
              ↓
            </button>
            <button type="submit" name="intent" value="remove" className={buttonClasses({ variant: "text", color: "danger", size: "xs" })} aria-label={t("Remove :name", { name: item.name })}>
              {t("Remove")}
            </button>
          </Form>
        </li>
      ))}
    </ol>
  );
}
