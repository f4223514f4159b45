import { Form, Link, useLocation } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import type { ConfirmationRequest } from "../confirm";

/**
 * "Are you sure?" as a page section, for a destructive action posted
 * without JavaScript (app/admin/confirm.server.ts): its button posts the
 * same intent and ids again with confirmed=yes; Cancel reloads the page.
 */
export function ConfirmationPanel({ request, action }: { request: ConfirmationRequest; action?: string }) {
  const t = useTrans();
  const location = useLocation();
  return (
    <div role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-message" className="rounded-theme border border-danger/50 bg-danger/5 p-4" data-testid="confirmation-panel">
      <h2 id="confirm-title" className="font-semibold text-foreground">
        {t(request.title)}
      </h2>
      <p id="confirm-message" className="mt-1 text-sm text-muted">
        {t(request.message, { count: request.ids.length })}
      </p>
      <Form method="post" action={action ?? location.pathname + location.search} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={request.intent} />
        <input type="hidden" name="confirmed" value="yes" />
        {request.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        {Object.entries(request.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" autoFocus className={buttonClasses({ color: "danger", size: "sm" })}>
          {t(request.confirmLabel)}
        </button>
        <Link to={location.pathname + location.search} className={buttonClasses({ variant: "text", color: "neutral", size: "sm" })}>
          {t("Cancel")}
        </Link>
      </Form>
    </div>
  );
}
