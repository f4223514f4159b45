import { describe, expect, it } from "vitest";
import { normaliseToast, toastDuration } from "./toast";
import { toastSchema } from "./toast.schema";

describe("toasts", () => {
  it("default to a positive toast at the bottom centre", () => {
    expect(normaliseToast({ message: "Saved" })).toEqual({ message: "Saved", type: "positive", position: "bottom-center" });
  });

  it("last 3 s, danger 8 s, loading until closed, unless a duration is given", () => {
    expect(toastDuration({ type: "positive" })).toBe(3000);
    expect(toastDuration({ type: "danger" })).toBe(8000);
    expect(toastDuration({ type: "loading" })).toBeNull();
    expect(toastDuration({ type: "positive", duration: null })).toBeNull();
    expect(toastDuration({ type: "danger", duration: 1000 })).toBe(1000);
  });

  it("the server schema gives the same defaults and refuses junk", () => {
    expect(toastSchema.parse({ message: "Saved" })).toEqual(normaliseToast({ message: "Saved" }));
    expect(toastSchema.safeParse({ message: "" }).success).toBe(false);
    expect(toastSchema.safeParse({ message: "x", type: "explode" }).success).toBe(false);
  });
});
