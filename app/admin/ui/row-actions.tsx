import { Form, Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { ConfirmedActionButton } from "./confirmed-action";

/** The small text buttons of an admin list row (edit, move, remove). */
const ROW_BUTTON = buttonClasses({ variant: "text", color: "neutral", size: "xs" });

/** Moves a row of an ordered list one place up or down (a plain form: works without JavaScript). */
export function MoveRowButtons({ field, id, name }: { field: string; id: string | number; name: string }) {
  const t = useTrans();
  return (
    <Form method="post" className="flex">
      <input type="hidden" name={field} value={id} />
      <button type="submit" name="intent" value="move-up" aria-label={t("Move :name up", { name })} className={ROW_BUTTON}>
        ↑
      </button>
      <button type="submit" name="intent" value="move-down" aria-label={t("Move :name down", { name })} className={ROW_BUTTON}>
        ↓
      </button>
    </Form>
  );
}

/** Opens a row in the screen's edit form (`?edit=<id>#<form>`). */
export function EditRowLink({ id, form }: { id: string | number; form: string }) {
  const t = useTrans();
  return (
    <Link to={`?edit=${encodeURIComponent(id)}#${form}`} className={ROW_BUTTON}>
      {t("Edit")}
    </Link>
  );
}

/** Removes or deletes a row after the confirmation (`label` is also the confirming button's). */
export function RemoveRowButton({ intent, fields, label, title, message }: { intent: string; fields: Record<string, string>; label: string; title: string; message: string }) {
  return <ConfirmedActionButton intent={intent} fields={fields} label={label} title={title} message={message} confirmLabel={label} style={{ variant: "text", color: "danger", size: "xs" }} />;
}
