import { describe, expect, it } from "vitest";
import { defaultSettings } from "~/settings/definitions";
import { adSlots, withScriptNonce } from "./ads.server";

describe("withScriptNonce", () => {
  it("adds the nonce to inline and external scripts", () => {
    const html = '<div id="ad"></div><script>window.adRan = 1</script><SCRIPT src="https://ads.example/a.js" async></SCRIPT>';
    expect(withScriptNonce(html, "abc")).toBe('<div id="ad"></div><script nonce="abc">window.adRan = 1</script><script src="https://ads.example/a.js" async nonce="abc"></SCRIPT>');
  });

  it("replaces a nonce already written into the HTML", () => {
    expect(withScriptNonce(`<script nonce="guess">x</script><script nonce='a' >y</script><script nonce=z>w</script>`, "n")).toBe(
      '<script nonce="n">x</script><script  nonce="n">y</script><script nonce="n">w</script>',
    );
  });

  it("leaves HTML without scripts alone", () => {
    expect(withScriptNonce('<a href="/x"><img src="/ad.png" alt="Ad"></a>', "n")).toBe('<a href="/x"><img src="/ad.png" alt="Ad"></a>');
  });
});

describe("adSlots", () => {
  it("returns only filled slots", () => {
    const settings = { ...defaultSettings(), "ads.title_top": "<p>Ad</p>", "ads.person_top": "   " };
    expect(adSlots(settings, "n", ["ads.title_top", "ads.person_top", "ads.general_top"])).toEqual({ "ads.title_top": "<p>Ad</p>" });
  });
});
