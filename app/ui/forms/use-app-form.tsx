/**
 * The form kit: conform + zod, one schema for the browser and the server.
 *
 * Route module:
 *
 *   const schema = z.object({ email: z.email(), password: z.string().min(1) });
 *
 *   export async function action({ request, context }: Route.ActionArgs) {
 *     const app = getApp(context);
 *     const submission = await parseFormSubmission(request, schema, app.t);
 *     if (submission.status !== "success") return invalidSubmission(submission);
 *     const result = await signIn(app.db, submission.value);
 *     if (!result.ok) return invalidSubmission(submission, { fieldErrors: { email: [app.t("These credentials are wrong.")] } });
 *     return redirectWithToast(request, "/", { message: app.t("Signed in") });
 *   }
 *
 *   export default function Login({ actionData }: Route.ComponentProps) {
 *     const t = useTrans();
 *     const [form, fields] = useAppForm({ schema, lastResult: actionData });
 *     return (
 *       <Form method="post" {...getFormProps(form)}>
 *         <FormErrors form={form} />
 *         <TextField meta={fields.email} label={t("Email")} type="email" autoComplete="email" />
 *         <PasswordField meta={fields.password} label={t("Password")} autoComplete="current-password" />
 *         <SubmitButton>{t("Continue")}</SubmitButton>
 *       </Form>
 *     );
 *   }
 *
 * What you get:
 * - without JavaScript: a plain POST; the server validates with the schema and
 *   re-renders the page with the messages on their fields and the values kept
 *   (passwords are never echoed back);
 * - with JavaScript: the same schema checks the fields on submit, then again
 *   on every input; nothing is posted while a field is wrong;
 * - focus goes to the first field in error (client and server errors);
 * - the server's field map lands on the fields; an answer without one shows
 *   the danger toast "There was an issue. Please try again." or the server's
 *   message (spec sections 5 and 8). `lastResult` may be a conform reply, an
 *   `{ errors: { field: message } }` map or `{ message }`, e.g. fetcher.data.
 * - several forms in one route: give each its own `id` and an `<IntentField>`.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import type { z } from "zod";
import { useTrans } from "~/i18n/translation-context";
import { showDebugTrace } from "~/log/debug-trace-store";
import { toast } from "~/toasts/toast-store";
import { formErrorMap } from "./error-map";
import { toastMessageFor, toSubmissionResult, type FormAnswer } from "./form-result";

export { getFormProps } from "@conform-to/react";

export interface UseAppFormOptions<Schema extends z.ZodObject> {
  schema: Schema;
  /** The action's answer: actionData or fetcher.data. */
  lastResult?: FormAnswer;
  /** Required when a page has more than one form. */
  id?: string;
  defaultValue?: Partial<z.input<Schema>>;
  /** Called once per successful answer (e.g. to close a dialog). */
  onSuccess?: (result: SubmissionResult<string[]>) => void;
}

export function useAppForm<Schema extends z.ZodObject>({ schema, lastResult, id, defaultValue, onSuccess }: UseAppFormOptions<Schema>) {
  const t = useTrans();
  const result = useMemo(() => toSubmissionResult(lastResult), [lastResult]);
  const errorMap = useMemo(() => formErrorMap(t), [t]);

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: result,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, error: errorMap }),
  });

  // Each answer is reported once: a toast when it has no field errors.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!result || reported.current === result) return;
    reported.current = result;
    if (result.status === "success") {
      onSuccess?.(result);
      return;
    }
    // An answer with a debug trace opens the error dialog instead of a toast.
    if (showDebugTrace(lastResult)) return;
    const message = toastMessageFor(result, t("There was an issue. Please try again."));
    if (message) toast.danger(t(message));
  }, [result, lastResult, t, onSuccess]);

  return [form, fields] as const;
}
