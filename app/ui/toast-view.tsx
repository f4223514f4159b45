import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { TOAST_MAX_WIDTH_PX, TOAST_MIN_WIDTH_PX } from "~/constants";
import { useTrans } from "~/i18n/translation-context";
import { toastDuration, type Toast } from "~/toasts/toast";
import { toastStore } from "~/toasts/toast-store";

/** One toast (see Toaster in ./toaster.tsx): its timer pauses while the pointer or focus is on it. */
export function ToastView({ toast, cssTimer }: { toast: Toast; cssTimer: boolean }) {
  const t = useTrans();
  const duration = toastDuration(toast);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remaining = useRef(duration ?? 0);
  const startedAt = useRef(0);

  useEffect(() => {
    if (duration === null || paused) return;
    startedAt.current = Date.now();
    const timer = setTimeout(() => toastStore.dismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [duration, paused, toast.id]);

  const position = toast.position === "bottom-right" ? "right-4 sm:right-6" : "left-1/2 -translate-x-1/2";
  const tone = toast.type === "danger" ? "border-danger/40" : toast.type === "positive" ? "border-positive/40" : "border-divider";
  return (
    <div
      role={toast.type === "danger" ? "alert" : "status"}
      aria-live={toast.type === "danger" ? "assertive" : "polite"}
      data-testid="toast"
      data-type={toast.type}
      data-paused={paused || undefined}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        // Moving between the action and the close button keeps it paused.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      style={{
        minWidth: `min(${TOAST_MIN_WIDTH_PX}px, calc(100vw - 2rem))`,
        maxWidth: `min(${TOAST_MAX_WIDTH_PX}px, calc(100vw - 2rem))`,
        // Without JavaScript: disappear after the duration, paused while hovered or focused.
        ...(cssTimer && duration !== null ? { animation: `toast-expire 1ms linear ${duration}ms forwards` } : {}),
      }}
      className={`fixed bottom-4 z-50 flex items-center gap-3 rounded-theme border bg-elevated px-4 py-3 text-sm text-foreground shadow-lg hover:[animation-play-state:paused] focus-within:[animation-play-state:paused] sm:bottom-6 ${position} ${tone}`}
    >
      <ToastIcon type={toast.type} />
      <p className="flex-auto">{toast.message}</p>
      {toast.action ? (
        <Link to={toast.action.link} className="shrink-0 rounded px-2 py-1 font-semibold text-primary hover:bg-primary-light">
          {toast.action.label}
        </Link>
      ) : null}
      {toast.type !== "loading" && !cssTimer ? (
        <button type="button" onClick={() => toastStore.dismiss(toast.id)} className="shrink-0 rounded p-1 text-muted hover:bg-paper hover:text-foreground" aria-label={t("Close")}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

function ToastIcon({ type }: { type: Toast["type"] }) {
  if (type === "loading") {
    return <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-primary border-t-transparent" />;
  }
  const color = type === "danger" ? "text-danger" : "text-positive";
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`size-5 shrink-0 ${color}`}>
      {type === "danger" ? (
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      ) : (
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
          clipRule="evenodd"
        />
      )}
    </svg>
  );
}
