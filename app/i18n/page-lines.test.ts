import { describe, expect, it } from "vitest";
import { createLineRecorder, linesVersion } from "./page-lines";
import { pageLinesScript } from "./page-lines.server";

describe("createLineRecorder", () => {
  it("translates with the whole table and ships only the translated keys the render used", () => {
    const recorder = createLineRecorder({ Login: "Iniciar sesión", Register: "Registrarse", Drama: "Drama", ":count [one title|other titles]": ":count [one título|other títulos]" });
    expect(recorder.t("Login")).toBe("Iniciar sesión");
    expect(recorder.t(":count [one title|other titles]", { count: 2 })).toBe("2 títulos");
    // Untranslated keys render in English and are not shipped (the browser falls back the same way).
    expect(recorder.t("Not translated :name", { name: "x" })).toBe("Not translated x");
    expect(recorder.t("Login")).toBe("Iniciar sesión");
    // A line equal to its key is not shipped either: it renders the same without.
    expect(recorder.t("Drama")).toBe("Drama");
    expect([...recorder.used]).toEqual(["Login", ":count [one title|other titles]", "Not translated :name", "Drama"]);
    expect(recorder.usedLines()).toEqual({ Login: "Iniciar sesión", ":count [one title|other titles]": ":count [one título|other títulos]" });
  });

  it("does not take keys from the object's prototype", () => {
    const recorder = createLineRecorder({});
    expect(recorder.t("constructor")).toBe("constructor");
    expect(recorder.usedLines()).toEqual({});
  });
});

describe("linesVersion", () => {
  it("names a table by its content, whatever its key order, and is null for an empty table", () => {
    const a = linesVersion({ Login: "Iniciar sesión", Register: "Registrarse" });
    expect(a).toMatch(/^[a-z0-9]{1,16}$/);
    expect(linesVersion({ Register: "Registrarse", Login: "Iniciar sesión" })).toBe(a);
    expect(linesVersion({ Login: "Entrar", Register: "Registrarse" })).not.toBe(a);
    expect(linesVersion({})).toBeNull();
  });
});

describe("pageLinesScript", () => {
  it("is a classic script with the nonce whose lines cannot close the tag", () => {
    const script = pageLinesScript({ "</script><b>": "x\u2028y" }, "n0nce");
    expect(script.startsWith('<script nonce="n0nce">__beLines={')).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain("\u2028");
    const json = script.slice('<script nonce="n0nce">__beLines='.length, -"</script>".length);
    expect(JSON.parse(json)).toEqual({ "</script><b>": "x\u2028y" });
  });
});

describe("LinesFromTable", () => {
  it("renders translated without recording the lines of what it wraps", async () => {
    const { renderToString } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { LineRecorderContext, LinesFromTable } = await import("./page-lines");
    const { useTrans } = await import("~/i18n/translation-context");
    const recorder = createLineRecorder({ Login: "Iniciar sesión", OK: "Aceptar" });
    function Text({ text }: { text: string }) {
      return createElement("span", null, useTrans()(text));
    }
    const html = renderToString(
      createElement(LineRecorderContext.Provider, { value: recorder }, createElement(Text, { text: "Login" }), createElement(LinesFromTable, null, createElement(Text, { text: "OK" }))),
    );
    expect(html).toBe("<span>Iniciar sesión</span><span>Aceptar</span>");
    expect(recorder.usedLines()).toEqual({ Login: "Iniciar sesión" });
  });
});
