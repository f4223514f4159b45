import type { FieldMetadata } from "@conform-to/react";
import { useTrans } from "~/i18n/translation-context";
import { DEPARTMENTS } from "~/catalogue/browse-options";
import { SelectField, TextArea, TextField } from "~/ui/forms/fields";
import { AdminSection } from "./page";

type Fields = Record<"name" | "biography" | "birthDate" | "deathDate" | "birthPlace" | "gender" | "knownFor" | "popularity" | "profile", FieldMetadata<any, any, string[]>>;

/** The person form's fields (new and edit). */
export function PersonFields({ fields }: { fields: Fields }) {
  const t = useTrans();
  return (
    <AdminSection>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField meta={fields.name} label={t("Name")} className="md:col-span-2" />
        <SelectField meta={fields.knownFor} label={t("Known for")} placeholder={t("Not set")} options={DEPARTMENTS.map((d) => ({ value: d, label: t(d) }))} />
        <SelectField
          meta={fields.gender}
          label={t("Gender")}
          options={[
            { value: "unknown", label: t("Not set") },
            { value: "female", label: t("Female") },
            { value: "male", label: t("Male") },
            { value: "nonbinary", label: t("Non-binary") },
          ]}
        />
        <TextField meta={fields.birthDate} label={t("Born")} type="date" />
        <TextField meta={fields.deathDate} label={t("Died")} type="date" />
        <TextField meta={fields.birthPlace} label={t("Place of birth")} className="md:col-span-2" />
        <TextField meta={fields.popularity} label={t("Popularity")} type="number" step="any" min={0} />
        <TextField meta={fields.profile} label={t("Picture")} placeholder="/files/…" />
        <TextArea meta={fields.biography} label={t("Biography")} rows={8} className="md:col-span-2" />
      </div>
    </AdminSection>
  );
}
