import type { Route } from "./+types/contact-page";
import { apiAction, ApiError, on, writeOnlyLoader } from "~/json-api/handler.server";
import { authServices } from "~/auth/services.server";
import { submitContact } from "~/contact/api-contract";
import { submitContactMessage } from "~/contact/contact.server";

/** POST api/v1/contact-page {name, email, message, token?} → {message}. */
export const action = apiAction(
  on(submitContact, async ({ app, body, context, request }) => {
    const { token, ...input } = body;
    const outcome = await submitContactMessage(await authServices(context, request), input, token);
    if (outcome.status === "rate-limited") {
      throw new ApiError(429, app.t("Too many attempts. Please try again in :seconds seconds.", { seconds: outcome.retryAfter }), undefined, {
        "Retry-After": String(outcome.retryAfter),
      });
    }
    if (outcome.status === "human-check-failed") {
      throw new ApiError(422, app.t("Could not verify you are human."), { token: [app.t("Could not verify you are human.")] });
    }
    return { message: app.t("Your message has been submitted.") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST");
