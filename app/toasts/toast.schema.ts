import { z } from "zod";
import { TOAST_MESSAGE_MAX_LENGTH, type Toast, type ToastInput } from "./toast";

/** What a flashed toast cookie may contain; anything else is dropped (server only). */
export const toastSchema = z.object({
  id: z.string().max(64).optional(),
  type: z.enum(["positive", "danger", "loading"]).default("positive"),
  message: z.string().min(1).max(TOAST_MESSAGE_MAX_LENGTH),
  action: z.object({ label: z.string().max(80), link: z.string().max(2000) }).optional(),
  position: z.enum(["bottom-center", "bottom-right"]).default("bottom-center"),
  duration: z.number().int().positive().nullable().optional(),
});

// The schema and the plain types must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const outputMatches: Same<z.output<typeof toastSchema>, Toast> = true;
const inputMatches: Same<z.input<typeof toastSchema>, ToastInput> = true;
void outputMatches;
void inputMatches;
