import { describe, expect, it } from "vitest";
import { cleanJson, cleanText, isNameLikeKey, withCleanText, withoutBidiOverrides } from "./text-hygiene";

/** Decision 021: NUL, controls, RTL overrides and lone surrogates in names. */
describe("text hygiene", () => {
  it("knows name-like fields", () => {
    for (const key of ["name", "first_name", "last_name", "token_name", "tokenName", "display_name", "title", "label", "branding.site_name", "items[0][label]"]) {
      expect(isNameLikeKey(key), key).toBe(true);
    }
    for (const key of ["description", "email", "bio", "password", "body", "intent"]) expect(isNameLikeKey(key), key).toBe(false);
  });

  it("cleans names: NUL, controls, bidi overrides, lone surrogates; NFC", () => {
    expect(cleanText("Ada\u0000 Lovelace", "name")).toBe("Ada Lovelace");
    expect(cleanText("invoice\u202Egpj.exe", "name")).toBe("invoicegpj.exe");
    expect(cleanText("tab\there\nnewline", "workspace_name")).toBe("tabherenewline");
    expect(cleanText("bad\uD800name", "name")).toBe("bad\uFFFDname");
    expect(cleanText("\uDC00x", "token_name")).toBe("\uFFFDx");
    expect(cleanText("Cafe\u0301", "name")).toBe("Café");
    expect(cleanText("Café", "name")).toBe("Café");
    expect(cleanText("😀 emoji stays", "name")).toBe("😀 emoji stays");
  });

  it("neutralises bidi overrides in free text too: review headlines and bodies, comments, list names and notes, display names, report notes", () => {
    for (const key of ["headline", "body", "note", "notes", "description", "display_name", "name", "reason", "bio"]) {
      expect(cleanText("fine\u202Etxt.exe \u202A\u202B\u202C\u202D \u2066\u2067\u2068\u2069end", key), key).toBe("finetxt.exe  end");
    }
    // Plain direction marks stay in free text (right-to-left writing needs them).
    expect(cleanText("\u05E9\u05DC\u05D5\u05DD\u200F!", "body")).toBe("\u05E9\u05DC\u05D5\u05DD\u200F!");
    expect(withoutBidiOverrides("a\u202Eb\u2067c")).toBe("abc");
  });

  it("keeps line breaks in free text, never NUL; leaves passwords alone", () => {
    expect(cleanText("line one\r\nline two\ttab\u0000", "description")).toBe("line one\r\nline two\ttab");
    expect(cleanText("p\u0000ss\u202Eword", "password")).toBe("p\u0000ss\u202Eword");
  });

  it("cleans JSON bodies deeply", () => {
    expect(cleanJson({ name: "a\u0000b", nested: { title: "x\u202Ey" }, list: ["q\uD800"] })).toEqual({ name: "ab", nested: { title: "xy" }, list: ["q\uFFFD"] });
  });

  it("rewrites a form or JSON request only when something changed", async () => {
    const form = new Request("https://x.example/workspaces", {
      method: "POST",
      body: new URLSearchParams({ name: "Team\u0000\u202E", intent: "create" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const cleaned = await withCleanText(form, "/workspaces");
    expect(Object.fromEntries(await cleaned.formData())).toEqual({ name: "Team", intent: "create" });

    const json = new Request("https://x.example/api/v1/workspaces", { method: "POST", body: '{"name":"W\\ud800"}', headers: { "Content-Type": "application/json" } });
    expect(await (await withCleanText(json, "/api/v1/workspaces")).json()).toEqual({ name: "W\uFFFD" });

    const clean = new Request("https://x.example/x", { method: "POST", body: "name=ok", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await withCleanText(clean, "/x")).toBe(clean);

    const webhook = new Request("https://x.example/api/v1/billing/stripe/webhook", { method: "POST", body: '{"name":"a\\u0000"}', headers: { "Content-Type": "application/json" } });
    expect(await withCleanText(webhook, "/api/v1/billing/stripe/webhook")).toBe(webhook);
  });

  it("keeps the files of a multipart form", async () => {
    const body = new FormData();
    body.append("name", "Poster\u0000");
    body.append("file", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
    const request = new Request("https://x.example/admin/upload", { method: "POST", body });
    const cleaned = await (await withCleanText(request, "/admin/upload")).formData();
    expect(cleaned.get("name")).toBe("Poster");
    const file = cleaned.get("file") as File;
    expect(file.name).toBe("a.png");
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3]);
  });
});
