import type { Route } from "./+types/stripe-webhook";
import { billingEnv, stripeConfigFrom } from "~/billing/payment-provider.server";
import { StripeProvider } from "~/billing/stripe-provider.server";
import { handleStripeWebhook } from "~/billing/webhook.server";
import { scheduleSubscriptionEventDelivery } from "~/notifications/subscription-events.server";
import { getApp, getWorker } from "~/request/context";

/**
 * POST /api/v1/billing/stripe/webhook: Stripe's events (see
 * app/billing/webhook.server.ts). Exists only with billing on and Stripe
 * configured; authenticated by the signature, not by a session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const worker = getWorker(context);
  const config = stripeConfigFrom(billingEnv(worker.env));
  if (!app.settings["billing.enable"] || !config) return Response.json({ message: app.t("Not found.") }, { status: 404 });
  if (request.method !== "POST") return Response.json({ message: app.t("Method not allowed.") }, { status: 405, headers: { Allow: "POST" } });
  const response = await handleStripeWebhook(app.db, new StripeProvider(config), request, worker.requestId);
  // The event may have recorded subscription events: the notifications queue delivers them.
  if (response.ok) scheduleSubscriptionEventDelivery(context, request);
  return response;
}

export function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  return Response.json({ message: app.t("Method not allowed.") }, { status: 405, headers: { Allow: "POST" } });
}
