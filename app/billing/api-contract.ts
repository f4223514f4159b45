import { z } from "zod";
import { defineEndpoint, errorResponses, paginationSchema } from "~/api/contract";
import { BILLING_INTERVALS } from "./tables";

/** The billing calls under api/v1 (routes in app/routes/api/v1/billing). */

const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  hidden: z.boolean(),
  recommended: z.boolean(),
  free: z.boolean(),
  feature_list: z.array(z.string()),
  prices: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number().describe("In the currency's minor unit."),
      currency: z.string(),
      interval: z.enum(BILLING_INTERVALS),
      interval_count: z.number().int(),
    }),
  ),
});

export const listProducts = defineEndpoint({
  method: "get",
  path: "/billing/products",
  operationId: "listProducts",
  summary: "Plans and prices",
  description: "404 while billing is off.",
  tag: "Billing",
  access: "public",
  responses: { 200: { description: "Every plan.", schema: paginationSchema(productSchema) }, ...errorResponses(401, 404, 429) },
});

export const stripeWebhook = defineEndpoint({
  method: "post",
  path: "/billing/stripe/webhook",
  operationId: "stripeWebhook",
  summary: "Stripe webhook",
  description: "Stripe's events, authenticated by the `Stripe-Signature` header. 404 unless billing is on and Stripe is configured.",
  tag: "Billing",
  access: "webhook",
  bodyKind: "binary",
  responses: { 200: { description: "Received.", schema: z.object({ received: z.boolean() }).loose() }, ...errorResponses(400, 403, 404, 409) },
});

export const billingEndpoints = [listProducts, stripeWebhook];
