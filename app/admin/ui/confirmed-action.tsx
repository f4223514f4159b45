import { useRef, useState } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses, type ButtonStyle } from "~/ui/button-styles";
import { ConfirmDialog } from "~/ui/dialog";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * A button for one destructive action (delete this title, ban this user).
 * With JavaScript it asks in a dialog and posts with confirmed=yes; without,
 * it posts at once and the action answers with a confirmation panel
 * (app/admin/confirm.server.ts), so the question is always asked.
 */
export function ConfirmedActionButton({
  intent,
  label,
  title,
  message,
  confirmLabel,
  fields = {},
  action,
  style = { variant: "outlined", color: "danger" },
  children,
}: {
  intent: string;
  label: string;
  title: string;
  message: string;
  confirmLabel: string;
  fields?: Record<string, string>;
  action?: string;
  style?: ButtonStyle;
  /** Extra fields inside the form (e.g. a ban reason). */
  children?: React.ReactNode;
}) {
  const t = useTrans();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const target = action ?? location.pathname + location.search;
  return (
    <>
      <Form method="post" action={target} ref={form} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <button
          type="submit"
          className={buttonClasses(style)}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            if (form.current && !form.current.reportValidity()) return;
            setOpen(true);
          }}
        >
          {t(label)}
        </button>
      </Form>
      {open ? (
        <ConfirmDialog
          isOpen
          onOpenChange={setOpen}
          title={t(title)}
          body={t(message)}
          confirmLabel={t(confirmLabel)}
          isDanger
          onConfirm={() => {
            const formData = new FormData(form.current ?? undefined);
            formData.set("confirmed", "yes");
            submit(formData, { method: "post", action: target });
          }}
        />
      ) : null}
    </>
  );
}
