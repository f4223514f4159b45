import { DomainError } from "~/http/domain-error";
import { UPLOAD_ERROR_CODE } from "./upload-error";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getApp } from "~/request/context";
import { preloadWorkspaces } from "~/workspaces/active-workspace.server";
import { errorFields, log } from "~/log/log.server";
import { drainBody } from "./byte-reader";

/**
 * JSON plumbing shared by the upload API routes: input parsed with zod into
 * a 422 with an errors map, domain refusals into their
 * status with a translated message, and nothing else leaks as a 500 page.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await request.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new DomainError(400, "The request body must be JSON.", { code: "invalid_json" });
  }
  return parseInput(raw, schema);
}

export function parseInput<S extends z.ZodType>(raw: unknown, schema: S): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.length > 0 ? issue.path.map(String).join(".") : null;
  throw new DomainError(422, issue.message, { code: "invalid_input", field });
}

export function uploadErrorResponse(error: DomainError, t: (key: string, values?: Record<string, string | number>) => string) {
  const message = t(error.messageKey, error.values);
  return Response.json(
    // The API's one error shape (app/api/contract.ts errorSchema): `errors` maps a field to its messages (decision 036).
    { message, code: error.code ?? UPLOAD_ERROR_CODE, ...(error.field ? { errors: { [error.field]: [message] } } : {}) },
    { status: error.status, headers: { "Cache-Control": "no-store" } },
  );
}

/** Runs an API handler, answering UploadErrors as JSON (after letting the client finish sending). */
export async function handleUploadApi(context: Readonly<RouterContextProvider>, request: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    // The uploader's workspaces, for the synchronous membership check in resolveUploadActor.
    await preloadWorkspaces(context);
    return await run();
  } catch (error) {
    if (error instanceof DomainError) {
      await drainBody(request);
      return uploadErrorResponse(error, getApp(context).t);
    }
    if (error instanceof Response) throw error;
    // A write that lost a race on a unique column: the client's retry meets the row the winner made.
    if (/UNIQUE constraint failed/.test(String((error as { message?: unknown })?.message ?? "") + String((error as { cause?: unknown })?.cause ?? ""))) {
      await drainBody(request);
      return uploadErrorResponse(new DomainError(409, "This upload changed at the same time. Please try again.", { code: "upload_conflict" }), getApp(context).t);
    }
    log("error", "upload API failed", { path: new URL(request.url).pathname, ...errorFields(error), cause: String((error as { cause?: unknown })?.cause ?? "") });
    throw error;
  }
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(data, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
