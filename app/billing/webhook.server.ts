import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/log/log.server";
import { applyBillingEvent } from "./apply-event.server";
import { StripePayloadError } from "./stripe-events";
import { WebhookSignatureError, type StripeProvider } from "./stripe-provider.server";

/**
 * POST /api/v1/billing/stripe/webhook. Answers Stripe with JSON:
 * - 400 for a missing, wrong or too old signature, or a payload without the
 *   fields billing needs (nothing is applied);
 * - 200 once the event is applied, was applied before (duplicate), or is of
 *   a type billing ignores;
 * - 409 while the same event is being applied by another delivery, and 500
 *   when applying failed: Stripe then retries later.
 */
export async function handleStripeWebhook(db: Database, stripe: StripeProvider, request: Request, requestId?: string): Promise<Response> {
  const payload = await request.text();
  let event;
  try {
    event = await stripe.parseWebhook(payload, request.headers.get("Stripe-Signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      log("warn", "stripe webhook signature refused", { requestId, reason: error.message });
      return Response.json({ message: "Invalid webhook signature." }, { status: 400 });
    }
    if (error instanceof StripePayloadError) {
      log("warn", "stripe webhook payload refused", { requestId, reason: error.message });
      return Response.json({ message: error.message }, { status: 400 });
    }
    throw error;
  }
  try {
    const result = await applyBillingEvent(db, event);
    if (result.outcome === "in_progress") {
      return Response.json({ message: "This event is being processed." }, { status: 409 });
    }
    log("info", "stripe webhook", { requestId, eventId: event.id, type: event.type, outcome: result.outcome });
    return Response.json({ received: true, outcome: result.outcome });
  } catch (error) {
    log("error", "stripe webhook failed", { requestId, eventId: event.id, type: event.type, ...errorFields(error) });
    return Response.json({ message: "The event could not be processed." }, { status: 500 });
  }
}
