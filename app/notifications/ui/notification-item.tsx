import { useEffect, type FormEvent } from "react";
import { useFetcher, useNavigate, useRevalidator, useSubmit } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { toast } from "~/toasts/toast-store";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useHydrated } from "~/ui/use-hydrated";
import { isExternalAction, isSafeAction, WORKSPACE_DECLINE_ACTION, WORKSPACE_JOIN_ACTION, type NotificationButton, type NotificationJson } from "../notification-data";
import { isPresetImage, NotificationIcon } from "./notification-icons";
import { notificationStore } from "./notification-store";

/** Where every notification form posts: the /notifications route's action (intents). */
export const NOTIFICATIONS_ACTION = "/notifications";

/** What that action answers a fetcher. */
export interface NotificationActionAnswer {
  ok: boolean;
  message?: string;
  unreadCount?: number;
}

/**
 * Shows the answer of a notification action once, as a toast, and keeps the
 * badge in step. A refusal (e.g. "This invite is no longer valid", a 404)
 * also refreshes the page's data: React Router does not revalidate after an
 * error status by itself, and the spec wants fresh bootstrap data then.
 */
export function useAnswerToast(answer: NotificationActionAnswer | undefined) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!answer) return;
    if (!answer.ok) void revalidator.revalidate();
    if (typeof answer.unreadCount === "number") notificationStore.update({ unreadCount: answer.unreadCount }, { changed: true });
    if (answer.message) {
      if (answer.ok) toast(answer.message);
      else toast.danger(answer.message);
    }
    // The revalidator changes identity on every render; only a new answer matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}

/**
 * One notification: its image (or an unread dot when it has
 * none), its lines, when it came, and its buttons (the first filled, the
 * others outlined). Clicking it marks it read and opens its main action:
 * a site path in the app, an external link in a new tab.
 *
 * Every part is a real form or link, so it works without JavaScript (the
 * /notifications action marks it read and redirects); with JavaScript a
 * fetcher marks it read while the app navigates.
 */
export function NotificationItem({ notification, onNavigate }: { notification: NotificationJson; onNavigate?: () => void }) {
  const t = useTrans();
  const { relative, format } = useDates();
  const navigate = useNavigate();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const reader = useFetcher<NotificationActionAnswer>({ key: `notification-read-${notification.id}` });
  useAnswerToast(reader.data);
  const { data } = notification;
  const unread = !notification.read_at;
  const main = data.mainAction && isSafeAction(data.mainAction.action) ? data.mainAction : null;

  function follow(action: string | null, event: FormEvent | React.MouseEvent) {
    if (!hydrated) return;
    event.preventDefault();
    const external = action !== null && isExternalAction(action);
    if (unread && action && !external) {
      // Marked read first, then on to the action (the action answers with a
      // redirect): the next page's loaders, the navbar badge's among them,
      // run after the change, never beside it.
      onNavigate?.();
      void submit({ intent: "mark-read", id: String(notification.id), redirectTo: action }, { method: "post", action: NOTIFICATIONS_ACTION });
      return;
    }
    // Staying on this page: a fetcher marks it read and the page's data refreshes after it.
    if (unread) reader.submit({ intent: "mark-read", id: String(notification.id) }, { method: "post", action: NOTIFICATIONS_ACTION });
    if (!action) return;
    onNavigate?.();
    if (external) window.open(action, "_blank", "noopener,noreferrer");
    else navigate(action);
  }

  const image = data.image;
  return (
    <li className={`relative flex gap-3 px-4 py-3 ${unread ? "bg-primary/5" : ""}`} data-testid="notification" data-notification-id={notification.id} data-unread={unread ? "true" : "false"}>
      <div className="flex w-10 shrink-0 justify-center pt-0.5">
        {image && isPresetImage(image) ? (
          <span className="grid size-10 place-items-center rounded-full bg-primary/10 text-primary">
            <NotificationIcon name={image} className="size-5" />
          </span>
        ) : image && isSafeAction(image) ? (
          <img src={image} alt="" className="size-10 rounded-full object-cover" />
        ) : unread ? (
          <span className="mt-2 size-2.5 rounded-full bg-primary" data-testid="unread-dot" aria-hidden="true" />
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <reader.Form method="post" action={NOTIFICATIONS_ACTION} target={main && isExternalAction(main.action) ? "_blank" : undefined} onSubmit={(event) => follow(main?.action ?? null, event)}>
          <input type="hidden" name="intent" value="open" />
          <input type="hidden" name="id" value={notification.id} />
          <NoJsRedirect />
          <button type="submit" className="block w-full text-left outline-none focus-visible:ring-2 focus-visible:ring-focus" data-testid="notification-open">
            {unread ? <span className="sr-only">{t("Unread")}: </span> : null}
            {data.lines.map((line, index) => (
              <span key={index} className={`flex items-start gap-1.5 ${line.type === "primary" ? "text-sm text-foreground" : "mt-0.5 text-xs text-muted"}`}>
                {line.icon && line.type === "primary" ? <NotificationIcon name={line.icon} className="mt-0.5 size-4 shrink-0 text-muted" /> : null}
                <span className="min-w-0 [&_a]:text-primary [&_a]:underline" dangerouslySetInnerHTML={{ __html: line.content }} />
              </span>
            ))}
          </button>
        </reader.Form>
        <time dateTime={notification.created_at} title={format(notification.created_at)} className="mt-1 block text-xs text-muted">
          {relative(notification.created_at)}
        </time>
        {data.buttonActions && data.buttonActions.length > 0 ? (
          <div className="mt-2 flex flex-wrap gap-2">
            {data.buttonActions.map((button, index) => (
              <NotificationButtonControl key={`${button.action}-${index}`} button={button} filled={index === 0} notification={notification} onFollow={(action, event) => follow(action, event)} />
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function NotificationButtonControl({
  button,
  filled,
  notification,
  onFollow,
}: {
  button: NotificationButton;
  filled: boolean;
  notification: NotificationJson;
  onFollow: (action: string, event: React.MouseEvent) => void;
}) {
  const fetcher = useFetcher<NotificationActionAnswer>();
  useAnswerToast(fetcher.data);
  const className = buttonClasses({ variant: filled ? "filled" : "outlined", size: "xs" });
  const inviteId = notification.data.inviteId;
  if ((button.action === WORKSPACE_JOIN_ACTION || button.action === WORKSPACE_DECLINE_ACTION) && inviteId) {
    const intent = button.action === WORKSPACE_JOIN_ACTION ? "join" : "decline";
    return (
      <fetcher.Form method="post" action={NOTIFICATIONS_ACTION}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="inviteId" value={inviteId} />
        <input type="hidden" name="id" value={notification.id} />
        <NoJsRedirect />
        <button type="submit" className={className} disabled={fetcher.state !== "idle"} data-testid={`notification-${intent}`}>
          {button.label}
        </button>
      </fetcher.Form>
    );
  }
  if (!isSafeAction(button.action)) return null;
  const external = isExternalAction(button.action);
  return (
    <a href={button.action} className={className} target={external ? "_blank" : undefined} rel={external ? "noopener noreferrer" : undefined} onClick={(event) => onFollow(button.action, event)}>
      {button.label}
    </a>
  );
}
