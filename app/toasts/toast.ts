import { z } from "zod";
import { TOAST_DURATION_DANGER_MS, TOAST_DURATION_DEFAULT_MS } from "~/constants";

export const toastSchema = z.object({
  id: z.string().max(64).optional(),
  type: z.enum(["positive", "danger", "loading"]).default("positive"),
  message: z.string().min(1).max(500),
  /** Already translated on the server when it comes from there. */
  action: z.object({ label: z.string().max(80), link: z.string().max(2000) }).optional(),
  position: z.enum(["bottom-center", "bottom-right"]).default("bottom-center"),
  /** Milliseconds; null never closes by itself. */
  duration: z.number().int().positive().nullable().optional(),
});
export type ToastInput = z.input<typeof toastSchema>;
export type Toast = z.output<typeof toastSchema>;

/** How long a toast stays (spec section 9): loading never closes by itself. */
export function toastDuration(toast: Pick<Toast, "type" | "duration">): number | null {
  if (toast.duration !== undefined) return toast.duration;
  if (toast.type === "loading") return null;
  return toast.type === "danger" ? TOAST_DURATION_DANGER_MS : TOAST_DURATION_DEFAULT_MS;
}
