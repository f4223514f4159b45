import { describe, expect, it } from "vitest";
import { defaultSettings } from "~/settings/definitions";
import { landingForViewer, showsPricing } from "./landing-for-viewer";

describe("the landing page for a signed-in visitor", () => {
  const content = defaultSettings()["homepage.appearance"];

  it("drops the sign-up and sign-in buttons, keeps the others, and leaves guests' page alone", () => {
    expect(content.actions.cta2).toMatchObject({ label: "Create a free account", action: "/register" });
    const signedIn = landingForViewer(content, true);
    expect(signedIn.actions.cta2).toMatchObject({ label: "", action: "" });
    for (const key of ["cta1", "cta3"] as const) {
      if (!/^\/(register|login)/.test(content.actions[key].action)) expect(signedIn.actions[key]).toEqual(content.actions[key]);
    }
    expect(landingForViewer(content, false)).toBe(content);
  });

  it("shows pricing only to people without a subscription", () => {
    expect(showsPricing({ homepagePricing: true, billingEnabled: true }, false)).toBe(true);
    expect(showsPricing({ homepagePricing: true, billingEnabled: true }, true)).toBe(false);
    expect(showsPricing({ homepagePricing: true, billingEnabled: false }, false)).toBe(false);
  });
});
