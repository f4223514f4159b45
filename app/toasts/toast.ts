import { TOAST_DURATION_DANGER_MS, TOAST_DURATION_DEFAULT_MS } from "~/constants";

/**
 * A toast (spec sections 2, 4, 9). Plain types and rules only: this module
 * runs in the browser on every page, so it must stay tiny (no zod here; the
 * server validates flashed toasts with toast.schema.ts).
 */
export type ToastType = "positive" | "danger" | "loading";
export type ToastPosition = "bottom-center" | "bottom-right";

export interface ToastInput {
  id?: string;
  type?: ToastType;
  /** Already translated. */
  message: string;
  /** A link button, e.g. "View" after an upload; the label is already translated. */
  action?: { label: string; link: string };
  position?: ToastPosition;
  /** Milliseconds; null never closes by itself. */
  duration?: number | null;
}

export interface Toast extends ToastInput {
  type: ToastType;
  position: ToastPosition;
}

export const TOAST_MESSAGE_MAX_LENGTH = 500;

/** Fills in the defaults: a positive toast at the bottom centre. */
export function normaliseToast(input: ToastInput): Toast {
  return {
    ...input,
    message: String(input.message).slice(0, TOAST_MESSAGE_MAX_LENGTH),
    type: input.type ?? "positive",
    position: input.position ?? "bottom-center",
  };
}

/** How long a toast stays: loading never closes by itself. */
export function toastDuration(toast: Pick<Toast, "type" | "duration">): number | null {
  if (toast.duration !== undefined) return toast.duration;
  if (toast.type === "loading") return null;
  return toast.type === "danger" ? TOAST_DURATION_DANGER_MS : TOAST_DURATION_DEFAULT_MS;
}
