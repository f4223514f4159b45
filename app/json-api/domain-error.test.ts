import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "~/http/domain-error";
import type { Translate } from "~/i18n/translate";
import { refusedAnswer, refusedSubmission } from "~/ui/forms/submission.server";
import { ApiError } from "./handler.server";
import { apiErrorOf, asApi, snakeCase } from "./domain-error.server";

// A translator that shows it was used: "[es] " before the key with its placeholders filled in.
const t: Translate = (key, values = {}) => `[es] ${key.replace(/:(\w+)/g, (_, name: string) => String(values[name] ?? `:${name}`))}`;

const full = new DomainError(422, "A list holds at most :count titles.", { values: { count: 3 }, field: "titleId" });
const formWide = new DomainError(403, "You cannot edit this list.");

function submission() {
  const formData = new FormData();
  formData.set("name", "Evening films");
  formData.set("password", "not sent back");
  return parseWithZod(formData, { schema: z.object({ name: z.string(), password: z.string() }) });
}

/** The conform reply a refusedSubmission answer carries, with its status. */
async function reply(answer: ReturnType<typeof refusedSubmission>) {
  return { httpStatus: answer.init?.status, ...(answer.data as { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }) };
}

describe("the page-form mapper (refusedSubmission)", () => {
  it("puts the translated message on the refusal's own field, with its status", async () => {
    const answer = await reply(refusedSubmission(submission(), full, t));
    expect(answer.httpStatus).toBe(422);
    expect(answer.error).toEqual({ titleId: ["[es] A list holds at most 3 titles."] });
  });

  it("answers a refusal without a field on the whole form", async () => {
    const answer = await reply(refusedSubmission(submission(), formWide, t));
    expect(answer.httpStatus).toBe(403);
    expect(answer.error).toEqual({ "": ["[es] You cannot edit this list."] });
  });

  it("uses the field the route names, and keeps a shown field over the fallback", async () => {
    expect((await reply(refusedSubmission(submission(), formWide, t, { as: "name" }))).error).toEqual({ name: ["[es] You cannot edit this list."] });
    const workspace = new DomainError(403, "Not yours.", { field: "workspaceId" });
    expect((await reply(refusedSubmission(submission(), workspace, t, { fields: ["workspaceId"], as: "name" }))).error).toEqual({ workspaceId: ["[es] Not yours."] });
    expect((await reply(refusedSubmission(submission(), full, t, { fields: ["emails"] }))).error).toEqual({ "": ["[es] A list holds at most 3 titles."] });
  });

  it("never sends a password back, and throws anything that is not a refusal on", async () => {
    const answer = await reply(refusedSubmission(submission(), formWide, t));
    expect(answer.initialValue).toEqual({ name: "Evening films" });
    const crash = new TypeError("db down");
    expect(() => refusedSubmission(submission(), crash, t)).toThrow(crash);
  });

  it("gives a fetcher form the same refusal as {ok, message, errors}", () => {
    expect(refusedAnswer(full, t)).toEqual({ status: 422, body: { ok: false, message: "[es] A list holds at most 3 titles.", errors: { titleId: ["[es] A list holds at most 3 titles."] } } });
    expect(refusedAnswer(formWide, t).body.errors).toEqual({ form: ["[es] You cannot edit this list."] });
  });
});

describe("the JSON API mapper (asApi)", () => {
  it("turns a refusal into the API error: status, translated message, field under its wire name", async () => {
    const error = await asApi(t, () => Promise.reject(full), snakeCase).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: "[es] A list holds at most 3 titles.", errors: { title_id: ["[es] A list holds at most 3 titles."] } });
    expect(apiErrorOf(t, full).errors).toEqual({ titleId: ["[es] A list holds at most 3 titles."] });
    expect(apiErrorOf(t, formWide).errors).toBeUndefined();
  });

  it("tells a rate-limited client when to come back", () => {
    const limited = new DomainError(429, "Too many attempts. Please try again in :seconds seconds.", { values: { seconds: 40 } });
    expect(apiErrorOf(t, limited).headers).toEqual({ "Retry-After": "40" });
    const own = new DomainError(429, "Slow down.", { headers: { "Retry-After": "7" } });
    expect(apiErrorOf(t, own).headers).toEqual({ "Retry-After": "7" });
  });

  it("passes a result through and throws anything that is not a refusal on", async () => {
    await expect(asApi(t, async () => 5)).resolves.toBe(5);
    const crash = new TypeError("db down");
    await expect(asApi(t, () => Promise.reject(crash))).rejects.toBe(crash);
  });
});
