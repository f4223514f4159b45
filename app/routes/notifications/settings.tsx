import { useEffect, useState } from "react";
import { data, redirect, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings";
import { requirePermission, requireUser } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationChannels } from "~/notifications/notification-data";
import { NOTIFICATION_TYPES, type NotificationTypeId } from "~/notifications/notification-types";
import { saveSubscriptionSelections, subscriptionSettings } from "~/notifications/preferences.server";
import { useAnswerToast, type NotificationActionAnswer } from "~/notifications/ui/notification-item";
import { browserPermission } from "~/notifications/ui/notifications-live";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { Checkbox } from "~/ui/checkbox";
import { SubmitButton } from "~/ui/forms/fields";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useHydrated } from "~/ui/use-hydrated";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Notification settings") }];

/**
 * Login required; only while notifications and their
 * subscriptions are integrated, else (or with no types at all) back to /.
 */
function guard(args: Route.LoaderArgs | Route.ActionArgs) {
  const { user } = requireUser(args);
  const app = getApp(args.context);
  if (!app.settings["notif.integrated"] || !app.settings["notif.subs.integrated"] || !hasNotificationTypes()) throw redirect("/");
  requirePermission(args, "notifications.subscribe");
  return { user, app };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, app } = guard(args);
  return subscriptionSettings(app.db, user.id, app.t);
}

/** "No subscriptions": a build without any notification type. */
function hasNotificationTypes() {
  return (NOTIFICATION_TYPES as readonly unknown[]).length > 0;
}

const fieldName = (notifId: string, channel: NotificationChannel) => `selection:${notifId}:${channel}`;

/** The form names the types it shows: only those are saved, and for them an unticked box means "off". */
const SHOWN_FIELD = "shown";

/**
 * A ticked box sends "on"; anything else for a known box is a tampered form. Unknown names are ignored.
 * `shown` lists the types the form showed: a post without it (a bare POST) changes nothing (decision 021).
 */
const formSchema = z.object({
  ...Object.fromEntries(NOTIFICATION_TYPES.flatMap((type) => NOTIFICATION_CHANNELS.map((channel) => [fieldName(type.id, channel), z.literal("on").optional()]))),
  [SHOWN_FIELD]: z.array(z.enum(NOTIFICATION_TYPES.map((type) => type.id) as [NotificationTypeId, ...NotificationTypeId[]])).min(1),
});

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user, app } = guard(args);
  const formData = await request.formData().catch(() => new FormData());
  const noJs = typeof formData.get("redirectTo") === "string";
  const parsed = formSchema.safeParse({ ...Object.fromEntries(formData), [SHOWN_FIELD]: formData.getAll(SHOWN_FIELD) });
  if (!parsed.success) {
    const message = app.t("There was an issue. Please try again.");
    return noJs ? redirectWithToast(request, "/notifications/settings", { type: "danger", message }, { status: 303 }) : data({ ok: false, message }, { status: 422 });
  }
  const ticked = parsed.data as Record<string, unknown>;
  const shown = new Set<string>(parsed.data[SHOWN_FIELD]);
  const selections = NOTIFICATION_TYPES.filter((type) => shown.has(type.id)).map((type) => ({
    notif_id: type.id,
    channels: Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, ticked[fieldName(type.id, channel)] === "on"])) as NotificationChannels,
  }));
  await saveSubscriptionSelections(app.db, user.id, selections);
  const message = app.t("Updated preferences");
  if (noJs) return redirectWithToast(request, "/notifications/settings", { message }, { status: 303 });
  return data({ ok: true, message });
}

type Selections = Record<string, NotificationChannels>;

export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const hydrated = useHydrated();
  const fetcher = useFetcher<NotificationActionAnswer>();
  useAnswerToast(fetcher.data);
  const initial = Object.fromEntries(loaderData.user_selections.map((s) => [s.notif_id, s.channels])) as Selections;
  const [selections, setSelections] = useState<Selections>(initial);
  const [browserState, setBrowserState] = useState<"ok" | "blocked" | "unsupported">("ok");

  const channelLabels: Record<NotificationChannel, string> = { database: t("In app"), mail: t("Email"), browser: t("Browser") };

  function switchOffBrowser(state: "blocked" | "unsupported") {
    setBrowserState(state);
    setSelections((current) => Object.fromEntries(Object.entries(current).map(([id, channels]) => [id, { ...channels, browser: false }])) as Selections);
  }

  // The browser channel needs the site's notification permission: denied switches it off.
  useEffect(() => {
    const permission = browserPermission();
    if (permission === "denied") switchOffBrowser("blocked");
    else if (permission === "unsupported") switchOffBrowser("unsupported");
  }, []);

  function set(ids: string[], channel: NotificationChannel, on: boolean) {
    setSelections((current) => {
      const next = { ...current };
      for (const id of ids) next[id] = { ...next[id], [channel]: on };
      return next;
    });
    if (channel === "browser" && on && browserPermission() === "default") {
      void window.Notification.requestPermission().then((result) => {
        if (result !== "granted") switchOffBrowser("blocked");
      });
    }
  }

  const browserDisabled = browserState !== "ok";
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold">{t("Notification settings")}</h1>
      <p className="mt-1 text-sm text-muted">{t("Choose how you want to hear about each kind of notification.")}</p>
      {browserState === "blocked" ? (
        <p role="alert" className="mt-4 rounded-theme border border-warning/40 bg-warning/10 px-3 py-2 text-sm" data-testid="browser-blocked">
          {t("Notifications blocked. Please enable them for this site from browser settings.")}
        </p>
      ) : browserState === "unsupported" ? (
        <p className="mt-4 rounded-theme border border-divider bg-paper px-3 py-2 text-sm text-muted">{t("This browser cannot show notifications.")}</p>
      ) : null}
      <fetcher.Form method="post" className="mt-6 flex flex-col gap-6" data-testid="notification-settings-form">
        <NoJsRedirect />
        {loaderData.subscriptions.map((group) => {
          const ids = group.subscriptions.map((s) => s.notif_id);
          return (
            <section key={group.group_name} className="overflow-hidden rounded-theme border border-divider bg-elevated">
              <table className="w-full text-sm">
                <thead className="bg-paper">
                  <tr>
                    <th scope="col" className="px-4 py-3 text-left font-semibold">
                      {group.group_name}
                    </th>
                    {loaderData.available_channels.map((channel) => {
                      const on = ids.filter((id) => selections[id]?.[channel]).length;
                      return (
                        <th key={channel} scope="col" className="w-24 px-2 py-3 text-center font-medium">
                          <span className="flex flex-col items-center gap-1.5">
                            <span>{channelLabels[channel]}</span>
                            {hydrated ? (
                              <Checkbox
                                aria-label={t(":group: all by :channel", { group: group.group_name, channel: channelLabels[channel] })}
                                isSelected={on === ids.length}
                                isIndeterminate={on > 0 && on < ids.length}
                                isDisabled={channel === "browser" && browserDisabled}
                                onChange={(checked) => set(ids, channel, checked)}
                                data-testid={`group-toggle-${channel}`}
                              />
                            ) : null}
                          </span>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody className="divide-y divide-divider">
                  {group.subscriptions.map((subscription) => (
                    <tr key={subscription.notif_id} data-testid={`notif-row-${subscription.notif_id}`}>
                      <th scope="row" className="px-4 py-3 text-left font-normal">
                        <input type="hidden" name={SHOWN_FIELD} value={subscription.notif_id} />
                        {subscription.name}
                      </th>
                      {loaderData.available_channels.map((channel) => (
                        <td key={channel} className="px-2 py-3 text-center">
                          <input
                            type="checkbox"
                            name={fieldName(subscription.notif_id, channel)}
                            aria-label={t(":name by :channel", { name: subscription.name, channel: channelLabels[channel] })}
                            checked={subscription.required_channels.includes(channel) || (selections[subscription.notif_id]?.[channel] ?? false)}
                            // Security notifications always reach the account: shown ticked, cannot be changed.
                            disabled={subscription.required_channels.includes(channel) || (channel === "browser" && browserDisabled)}
                            onChange={(event) => set([subscription.notif_id], channel, event.target.checked)}
                            className="size-4 rounded border-divider accent-(--be-primary)"
                            data-channel={channel}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          );
        })}
        <div>
          <SubmitButton isPending={fetcher.state !== "idle"}>{t("Update preferences")}</SubmitButton>
        </div>
      </fetcher.Form>
    </div>
  );
}
