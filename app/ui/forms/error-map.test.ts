import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTranslate } from "~/i18n/translate";
import { formErrorMap } from "./error-map";

const t = createTranslate({});

function errorsOf(schema: z.ZodObject, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema, error: formErrorMap(t) });
  return submission.status === "error" ? submission.error : null;
}

describe("formErrorMap", () => {
  const schema = z.object({
    email: z.email(),
    name: z.string().min(3).max(10),
    code: z.string().length(6),
    age: z.number().int().min(18),
    plan: z.enum(["monthly", "yearly"]),
    note: z.string().max(5, "Keep it short").optional(),
  });

  it("says a field left empty is required", () => {
    const error = errorsOf(schema, { email: "", name: "" });
    expect(error?.email).toEqual(["This field is required."]);
    expect(error?.name).toEqual(["This field is required."]);
  });

  it("gives friendly messages for the common rules", () => {
    const error = errorsOf(schema, { email: "nope", name: "ab", code: "123", age: "12", plan: "weekly", note: "too long" });
    expect(error?.email).toEqual(["Enter a valid email address."]);
    expect(error?.name).toEqual(["Must be at least 3 characters."]);
    expect(error?.code).toEqual(["Must be exactly 6 characters."]);
    expect(error?.age).toEqual(["Must be at least 18."]);
    expect(error?.plan).toEqual(["Choose one of the available options."]);
  });

  it("lets a schema's own message win", () => {
    expect(errorsOf(schema, { note: "too long" })?.note).toEqual(["Keep it short"]);
  });

  it("translates through the given function", () => {
    const es = createTranslate({ "This field is required.": "Este campo es obligatorio." });
    const formData = new FormData();
    const submission = parseWithZod(formData, { schema: z.object({ email: z.email() }), error: formErrorMap(es) });
    expect(submission.status === "error" && submission.error?.email).toEqual(["Este campo es obligatorio."]);
  });
});
