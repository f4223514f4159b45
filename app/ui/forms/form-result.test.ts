import { describe, expect, it } from "vitest";
import { fieldErrorsOf, firstErrorField, toastMessageFor, toSubmissionResult } from "./form-result";

const GENERIC = "There was an issue. Please try again.";

describe("toSubmissionResult", () => {
  it("passes conform replies through unchanged", () => {
    const reply = { status: "error" as const, initialValue: { email: "x" }, error: { email: ["Enter a valid email address."] } };
    expect(toSubmissionResult(reply)).toBe(reply);
  });

  it("turns an errors map (message or list) into field errors", () => {
    const result = toSubmissionResult({ errors: { email: "Taken", password: ["Too short", "Too common"], empty: [] } });
    expect(result).toEqual({ status: "error", error: { email: ["Taken"], password: ["Too short", "Too common"] } });
  });

  it("turns a plain message into a form error", () => {
    expect(toSubmissionResult({ message: "The server is busy." })).toEqual({ status: "error", error: { "": ["The server is busy."] } });
  });

  it("ignores success data", () => {
    expect(toSubmissionResult({ ok: true, message: "Saved" })).toBeUndefined();
    expect(toSubmissionResult({ ok: true, language: "fr" })).toBeUndefined();
    expect(toSubmissionResult(undefined)).toBeUndefined();
    expect(toSubmissionResult(null)).toBeUndefined();
  });
});

describe("toastMessageFor", () => {
  it("shows nothing when errors landed on fields", () => {
    expect(toastMessageFor({ status: "error", error: { email: ["Taken"], "": ["Also this"] } }, GENERIC)).toBeNull();
  });

  it("shows the server's message when there is no field map", () => {
    expect(toastMessageFor({ status: "error", error: { "": ["Too many attempts."] } }, GENERIC)).toBe("Too many attempts.");
  });

  it("falls back to the generic message", () => {
    expect(toastMessageFor({ status: "error", error: {} }, GENERIC)).toBe(GENERIC);
    expect(toastMessageFor({ status: "error" }, GENERIC)).toBe(GENERIC);
  });

  it("shows nothing on success", () => {
    expect(toastMessageFor({ status: "success" }, GENERIC)).toBeNull();
    expect(toastMessageFor(undefined, GENERIC)).toBeNull();
  });
});

describe("field errors", () => {
  it("skip the form-level key and empty entries, in reported order", () => {
    const result = { status: "error" as const, error: { "": ["form"], password: null, email: ["bad"], name: ["missing"] } };
    expect(fieldErrorsOf(result)).toEqual({ email: ["bad"], name: ["missing"] });
    expect(firstErrorField(result)).toBe("email");
  });
});
