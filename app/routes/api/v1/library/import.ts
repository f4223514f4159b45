import type { Route } from "./+types/import";
import { apiAction, ApiError, on, writeOnlyLoader } from "~/json-api/handler.server";
import { importEndpoint } from "~/imports/api-contract";
import { importUploadNow } from "~/imports/upload.server";

/** POST api/v1/library/import (multipart `file`) → the import's report; a file we cannot read is a 422 and changes nothing. */
export const action = apiAction(
  on(importEndpoint, async ({ app, worker, request }) => {
    const form = await request.formData().catch(() => null);
    if (!form) throw new ApiError(400, app.t("The form data could not be read."));
    const outcome = await importUploadNow(app.db, worker.env.FILES, app.viewer, form.get("file"));
    if (!outcome.ok) throw new ApiError(outcome.status, outcome.message, { file: [outcome.message] });
    const { unmatchedCount, jobId, ...report } = outcome.report;
    return { ...report, import_id: jobId, unmatched_count: unmatchedCount };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST");
