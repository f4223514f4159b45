import { BILLING_ONBOARDING_MAX_AGE_S, ONBOARDING_SELECTION_COOKIE } from "~/constants";
import { deleteCookie, readCookie, serializeCookie } from "~/http/cookies";

/**
 * The onboarding selection: the plan and price a visitor
 * picked on the pricing page before they had an account. It lives in the
 * ONBOARDING_SELECTION_COOKIE ("<productId>:<priceId>"); after registration
 * or sign-in the visitor is sent to /checkout/{productId}/{priceId} (spec
 * section 2): sign-in's postLoginRedirect (app/auth/sign-in.server.ts) reads
 * the cookie, and so does the e-mail verification step after registering
 * (through onboardingCheckoutPath). The checkout page clears it.
 */
export interface OnboardingSelection {
  productId: number;
  priceId: number;
}

const VALUE = /^(\d{1,12}):(\d{1,12})$/;

export function readOnboardingSelection(request: Request): OnboardingSelection | null {
  const match = VALUE.exec(readCookie(request, ONBOARDING_SELECTION_COOKIE) ?? "");
  if (!match) return null;
  const productId = Number(match[1]);
  const priceId = Number(match[2]);
  if (productId < 1 || priceId < 1) return null;
  return { productId, priceId };
}

/** Set-Cookie value remembering the selection. */
export function onboardingSelectionCookie(request: Request, selection: OnboardingSelection) {
  return serializeCookie(request, ONBOARDING_SELECTION_COOKIE, `${selection.productId}:${selection.priceId}`, {
    maxAge: BILLING_ONBOARDING_MAX_AGE_S,
  });
}

export function clearOnboardingSelectionCookie(request: Request) {
  return deleteCookie(request, ONBOARDING_SELECTION_COOKIE);
}

export function checkoutPath(selection: OnboardingSelection) {
  return `/checkout/${selection.productId}/${selection.priceId}`;
}

/** /checkout/{productId}/{priceId} when a plan was chosen before signing in, else null. */
export function onboardingCheckoutPath(request: Request): string | null {
  const selection = readOnboardingSelection(request);
  return selection ? checkoutPath(selection) : null;
}
