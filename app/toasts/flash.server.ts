import { redirect } from "react-router";
import { FLASH_TOAST_COOKIE } from "~/constants";
import { readCookie, serializeCookie } from "~/http/cookies";
import type { Toast, ToastInput } from "./toast";
import { toastSchema } from "./toast.schema";

/**
 * A toast carried across a redirect in a short-lived cookie: an action sets
 * it, the next page load shows it once. The value is validated when read, so
 * a tampered cookie shows nothing rather than failing.
 */
export function flashToastCookie(request: Request, toast: ToastInput) {
  const value = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(toast))));
  return serializeCookie(request, FLASH_TOAST_COOKIE, value, { maxAge: 60 });
}

export function readFlashToast(request: Request): Toast | null {
  const raw = readCookie(request, FLASH_TOAST_COOKIE);
  if (!raw || raw.length > 4096) return null;
  try {
    const json = new TextDecoder().decode(Uint8Array.from(atob(raw), (c) => c.charCodeAt(0)));
    const parsed = toastSchema.safeParse(JSON.parse(json));
    return parsed.success ? { ...parsed.data, id: parsed.data.id ?? crypto.randomUUID() } : null;
  } catch {
    return null;
  }
}

/** Redirect after a successful form post, with a toast for the next page. */
export function redirectWithToast(request: Request, to: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", flashToastCookie(request, toast));
  return redirect(to, { ...init, headers });
}
