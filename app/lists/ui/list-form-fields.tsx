import type { FieldMetadata } from "@conform-to/react";
import { useTrans } from "~/i18n/translation-context";
import { CheckboxField, TextArea, TextField } from "~/ui/forms/fields";

/** Name, description and visibility: the fields of creating and of editing a list. */
export function ListFields({ fields }: { fields: { name: FieldMetadata<string>; description: FieldMetadata<string>; public: FieldMetadata<unknown> } }) {
  const t = useTrans();
  return (
    <>
      <TextField meta={fields.name} label={t("Name")} autoComplete="off" />
      <TextArea meta={fields.description} label={t("Description")} rows={3} />
      <CheckboxField meta={fields.public as FieldMetadata<string>} label={t("Public")} description={t("Anyone with the link can see a public list, and it appears on your profile.")} />
    </>
  );
}
