import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { createTranslate } from "~/i18n/translate";
import { appContext, workerContext, type AppContext } from "~/request/context";
import { defaultSettings } from "~/settings/definitions";
import * as productsApi from "~/routes/api/v1/billing/products";
import * as stripeWebhook from "~/routes/api/v1/billing/stripe-webhook";
import * as billingPage from "~/routes/billing/billing";
import * as changePlan from "~/routes/billing/change-plan";
import * as checkout from "~/routes/billing/checkout";
import * as checkoutCancel from "~/routes/billing/checkout-cancel";
import * as checkoutSuccess from "~/routes/billing/checkout-success";
import * as localCheckout from "~/routes/billing/local-checkout";
import * as localInvoice from "~/routes/billing/local-invoice";
import * as localPortal from "~/routes/billing/local-portal";
import * as pricing from "~/routes/billing/pricing";

/**
 * Every billing route is a 404 while billing.enable is off,
 * whoever asks (a signed-in subscriber included) and even with Stripe
 * configured. The route modules are called as React Router calls them.
 */

function contextWith(billingEnabled: boolean, extraEnv: Record<string, string> = {}) {
  const settings = { ...defaultSettings(), "billing.enable": billingEnabled };
  const context = new RouterContextProvider();
  context.set(workerContext, {
    env: { ...env, APP_ENV: "local", ...extraEnv } as Env,
    ctx: createExecutionContext(),
    requestId: "test",
    nonce: "nonce",
    isLocal: true,
  });
  const viewer = { userId: 1, roleIds: [], permissions: new Map(), isSubscribed: true };
  context.set(appContext, {
    db: openD1(env.DB, null).db,
    settings,
    themes: [],
    activeTheme: null,
    localizations: [],
    language: "en",
    timeZone: "UTC",
    lines: {},
    t: createTranslate({}),
    viewer,
    guestViewer: viewer,
    user: { id: 1, email: "someone@example.com", displayName: "Someone", timezone: null } as AppContext["user"],
    session: { id: "s", remember: false, passwordConfirmedAt: null, lastActiveAt: new Date(), expiresAt: new Date(Date.now() + 3600_000) },
    flashToast: null,
    appearanceEditor: false,
  } as AppContext);
  return context;
}

type Handler = (args: never) => unknown;

async function statusOf(handler: Handler, path: string, params: Record<string, string>, context: RouterContextProvider, method = "GET") {
  const url = new URL(`http://localhost${path}`);
  const request = new Request(url, method === "GET" ? {} : { method, body: new URLSearchParams({ intent: "cancel" }) });
  try {
    const result = await handler({ request, context, params, url } as never);
    if (result instanceof Response) return result.status;
    const init = (result as { init?: { status?: number } } | null)?.init;
    return init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (isRouteErrorResponse(thrown)) return thrown.status;
    if (thrown && typeof thrown === "object" && "init" in thrown) return (thrown as { init?: { status?: number } }).init?.status ?? 500;
    throw thrown;
  }
}

const routes: [string, Handler, string, Record<string, string>, string?][] = [
  ["pricing", pricing.loader, "/pricing", {}],
  ["pricing (plan button)", pricing.action, "/pricing", {}, "POST"],
  ["checkout", checkout.loader, "/checkout/2/3", { productId: "2", priceId: "3" }],
  ["checkout success", checkoutSuccess.loader, "/checkout/2/3/success", { productId: "2", priceId: "3" }],
  ["checkout cancel", checkoutCancel.loader, "/checkout/2/3/cancel", { productId: "2", priceId: "3" }],
  ["change plan", changePlan.loader, "/change-plan/2/3/confirm", { productId: "2", priceId: "3" }],
  ["change plan (confirm)", changePlan.action, "/change-plan/2/3/confirm", { productId: "2", priceId: "3" }, "POST"],
  ["billing", billingPage.loader, "/billing", {}],
  ["billing (cancel)", billingPage.action, "/billing", {}, "POST"],
  ["local checkout", localCheckout.loader, "/billing/local/checkout/cs_local_x", { sessionId: "cs_local_x" }],
  ["local checkout (pay)", localCheckout.action, "/billing/local/checkout/cs_local_x", { sessionId: "cs_local_x" }, "POST"],
  ["local portal", localPortal.loader, "/billing/local/portal", {}],
  ["local invoice", localInvoice.loader, "/billing/local/invoices/in_local_x", { invoiceId: "in_local_x" }],
  ["products API", productsApi.loader, "/api/v1/billing/products", {}],
  ["Stripe webhook", stripeWebhook.action, "/api/v1/billing/stripe/webhook", {}, "POST"],
];

describe("billing routes while billing is off", () => {
  for (const [name, handler, path, params, method] of routes) {
    it(`${name} is a 404`, async () => {
      const context = contextWith(false, { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
      expect(await statusOf(handler, path, params, context, method)).toBe(404);
    });
  }
});

describe("billing routes while billing is on", () => {
  it("the pricing page and the products API answer", async () => {
    expect(await statusOf(pricing.loader as Handler, "/pricing", {}, contextWith(true))).toBe(200);
    expect(await statusOf(productsApi.loader as Handler, "/api/v1/billing/products", {}, contextWith(true))).toBe(200);
  });

  it("the local provider's pages do not exist when Stripe is configured", async () => {
    const context = contextWith(true, { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(await statusOf(localPortal.loader as Handler, "/billing/local/portal", {}, context)).toBe(404);
    expect(await statusOf(localCheckout.loader as Handler, "/billing/local/checkout/cs_x", { sessionId: "cs_x" }, context)).toBe(404);
  });

  it("a production deployment without Stripe takes no payments (503), never test cards", async () => {
    const context = contextWith(true, { APP_ENV: "production" });
    expect(await statusOf(checkout.loader as Handler, "/checkout/2/3", { productId: "2", priceId: "3" }, context)).toBe(503);
    expect(await statusOf(localPortal.loader as Handler, "/billing/local/portal", {}, context)).toBe(404);
  });

  it("the webhook refuses GET", async () => {
    const context = contextWith(true, { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(await statusOf(stripeWebhook.loader as Handler, "/api/v1/billing/stripe/webhook", {}, context)).toBe(405);
  });
});
