import type { Route } from "./+types/import";
import { apiAction, ApiError, on, writeOnlyLoader } from "~/api/handler.server";
import { importEndpoint } from "~/imports/api-contract";
import { importUpload } from "~/imports/upload.server";

/** POST api/v1/library/import (multipart `file`) → the import's report; a file we cannot read is a 422 and changes nothing. */
export const action = apiAction(
  on(importEndpoint, async ({ app, request }) => {
    const form = await request.formData().catch(() => null);
    if (!form) throw new ApiError(400, app.t("The form data could not be read."));
    const outcome = await importUpload(app.db, app.viewer, form.get("file"));
    if (!outcome.ok) throw new ApiError(outcome.status, outcome.message, { file: [outcome.message] });
    const { unmatchedCount, ...report } = outcome.report;
    return { ...report, unmatched_count: unmatchedCount };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST");
