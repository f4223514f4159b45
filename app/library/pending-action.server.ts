import { z } from "zod";
import { appKeys, base64url, fromBase64url, signValue, unsignValue } from "~/auth/crypto.server";
import { PENDING_ACTION_COOKIE, PENDING_ACTION_MAX_AGE_S } from "~/constants";
import { deleteCookie, readCookie, serializeCookie } from "~/http/cookies";
import { idSchema, ratingValueSchema } from "./rules";

/**
 * A guest pressed Rate or Watchlist on a title page (decision 030): what
 * they asked for waits in a signed, short-lived, HttpOnly cookie while they
 * sign in or register, and is done when they come back to
 * /titles/{id}/{slug}/act. Only this site can write the cookie, so a link
 * alone can never make a member rate or watchlist anything.
 */
export const pendingActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("watchlist"), titleId: idSchema }),
  z.object({ intent: z.literal("rate"), titleId: idSchema, rating: ratingValueSchema }),
]);
export type PendingAction = z.output<typeof pendingActionSchema>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function pendingActionCookie(request: Request, appKey: string | undefined, action: PendingAction, now = Date.now()) {
  const payload = base64url(encoder.encode(JSON.stringify({ ...action, expires: now + PENDING_ACTION_MAX_AGE_S * 1000 })));
  return serializeCookie(request, PENDING_ACTION_COOKIE, await signValue(await appKeys(appKey), payload), { maxAge: PENDING_ACTION_MAX_AGE_S });
}

/** The pending action when the cookie is ours and not expired, else null. */
export async function readPendingAction(request: Request, appKey: string | undefined, now = Date.now()): Promise<PendingAction | null> {
  const value = await unsignValue(await appKeys(appKey), readCookie(request, PENDING_ACTION_COOKIE));
  const bytes = value ? fromBase64url(value) : null;
  if (!bytes) return null;
  try {
    const raw = JSON.parse(decoder.decode(bytes)) as { expires?: unknown };
    if (typeof raw.expires !== "number" || raw.expires < now) return null;
    const parsed = pendingActionSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearPendingAction(request: Request) {
  return deleteCookie(request, PENDING_ACTION_COOKIE);
}
