import type { Database } from "~/db/client.server";
import { LocalProvider } from "./local-provider.server";
import type { PaymentProvider } from "./provider";
import { StripeProvider } from "./stripe-provider.server";

/**
 * Billing's variables and secrets (all optional):
 * - STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: both set means payments go
 *   through Stripe;
 * - STRIPE_API_HOST / STRIPE_API_PORT / STRIPE_API_PROTOCOL: send Stripe API
 *   calls elsewhere (a local Stripe stand-in);
 * - BILLING_ALLOW_LOCAL_PROVIDER=true: allow the local test-mode provider
 *   outside local development (a public demo). Without it, a production
 *   deployment without Stripe takes no payments rather than accepting test cards.
 */
export interface BillingEnv {
  APP_ENV?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
  BILLING_ALLOW_LOCAL_PROVIDER?: string;
}

export function billingEnv(env: Env): BillingEnv {
  return env as unknown as BillingEnv;
}

export function stripeConfigFrom(env: BillingEnv) {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  const port = Number(env.STRIPE_API_PORT);
  return {
    secretKey,
    webhookSecret,
    host: env.STRIPE_API_HOST || undefined,
    port: Number.isInteger(port) && port > 0 ? port : undefined,
    protocol: env.STRIPE_API_PROTOCOL === "http" ? ("http" as const) : env.STRIPE_API_PROTOCOL === "https" ? ("https" as const) : undefined,
  };
}

/** Stripe when configured; else the local provider where it is allowed; else none (payments unavailable). */
export function paymentProviderFor(env: Env, db: Database, origin: string): PaymentProvider | null {
  const vars = billingEnv(env);
  const stripe = stripeConfigFrom(vars);
  if (stripe) return new StripeProvider(stripe);
  if (vars.APP_ENV === "local" || vars.BILLING_ALLOW_LOCAL_PROVIDER === "true") return new LocalProvider(db, origin);
  return null;
}

/** Whether this deployment uses the local test-mode provider (its pages exist only then). */
export function usesLocalProvider(env: Env) {
  const vars = billingEnv(env);
  return !stripeConfigFrom(vars) && (vars.APP_ENV === "local" || vars.BILLING_ALLOW_LOCAL_PROVIDER === "true");
}
