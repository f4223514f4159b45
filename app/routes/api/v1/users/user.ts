import type { Route } from "./+types/user";
import { deleteAccount } from "~/account/account-deletion.server";
import { deleteUser } from "~/account/api-contract";
import { ownUserId } from "~/account/api.server";
import { apiAction, ApiError, json, on, writeOnlyLoader } from "~/json-api/handler.server";
import { adminLockoutProblem } from "~/auth/admin-lockout.server";
import { ensurePasswordConfirmed } from "~/auth/account-security.server";
import { authServices } from "~/auth/services.server";
import { clearSessionCookie } from "~/auth/sessions.server";
import { paymentProviderFor } from "~/billing/payment-provider.server";
import { SubscriptionCancelError } from "~/billing/user-data.server";
import { log } from "~/log/log.server";

/**
 * DELETE /api/v1/users/{id}?deleteCurrentUser=1: deletes your own account,
 * after password confirmation; subscriptions are
 * cancelled first. The same steps as the page's danger zone.
 */
export const action = apiAction(
  on(deleteUser, async ({ app, worker, params, body, request, context }) => {
    const userId = ownUserId(app, params.id);
    const user = app.user!;
    const s = await authServices(context, request);
    const guard = await ensurePasswordConfirmed(s, user, app.session!, body.password || null);
    if (guard.status === "rate-limited") {
      throw new ApiError(429, app.t("Too many attempts. Please try again in :seconds seconds.", { seconds: guard.retryAfter }), undefined, {
        "Retry-After": String(guard.retryAfter),
      });
    }
    if (guard.status !== "ok") {
      const message = guard.status === "wrong-password" ? app.t("The password is incorrect.") : app.t("Please confirm your password first.");
      throw new ApiError(423, message, { password: [message] });
    }
    // The site's last full administrator cannot leave it without one.
    const lockout = await adminLockoutProblem(app.db, { kind: "remove-users", userIds: [userId] }, null);
    if (lockout) throw new ApiError(409, app.t(lockout));
    try {
      await deleteAccount({ db: app.db, bucket: worker.env.FILES, payments: paymentProviderFor(worker.env, app.db, new URL(request.url).origin) }, { id: userId, email: user.email });
    } catch (error) {
      if (!(error instanceof SubscriptionCancelError)) throw error;
      log("error", "account deletion stopped: a subscription could not be cancelled", { userId, error: error.message });
      return json({ message: app.t("Your subscription could not be cancelled, so your account was not deleted. Please try again later or contact us.") }, 502);
    }
    log("info", "account deleted", { userId, via: "api" });
    return json({ message: app.t("Account deleted") }, 200, { "Set-Cookie": clearSessionCookie(request) });
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("DELETE");
