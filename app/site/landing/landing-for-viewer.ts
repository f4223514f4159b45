import type { LandingContent } from "~/settings/definitions";

/** Calls to action only guests can use: signing up or in. */
const ACCOUNT_ACTIONS = /^\/(register|login)(?:[?#/]|$)/;

/**
 * The landing page as a signed-in visitor sees it: no "Create a free
 * account" (or sign-in) buttons — they have an account already (decision 023).
 * Guests get the content unchanged.
 */
export function landingForViewer(content: LandingContent, signedIn: boolean): LandingContent {
  if (!signedIn) return content;
  const hide = (cta: LandingContent["actions"]["cta1"]) => (ACCOUNT_ACTIONS.test(cta.action) ? { ...cta, label: "", action: "" } : cta);
  return { ...content, actions: { ...content.actions, cta1: hide(content.actions.cta1), cta2: hide(content.actions.cta2), cta3: hide(content.actions.cta3) } };
}

/** The pricing section is for people choosing a plan: not for subscribers, who change plans from /billing. */
export function showsPricing(settings: { homepagePricing: boolean; billingEnabled: boolean }, isSubscribed: boolean) {
  return settings.homepagePricing && settings.billingEnabled && !isSubscribed;
}
