import { useState } from "react";
import { useTrans } from "~/i18n/translation-context";
import { ComboBox } from "~/ui/combobox";
import { FieldErrors } from "~/ui/forms/fields";
import { useClientQuery } from "~/ui/use-client-query";
import { useHydrated } from "~/ui/use-hydrated";

export interface PersonChoice {
  id: number;
  name: string;
  knownFor: string | null;
}

/**
 * Chooses the person of a credit. With JavaScript: a type-ahead over the
 * people search (/admin/people-search), the choice posted as personId.
 * Without: a name field and a Search button that reloads the page with the
 * matches (the loader's `matches`) as radio buttons.
 */
export function PersonPicker({ defaultPerson, matches, query, errors }: { defaultPerson: PersonChoice | null; matches: PersonChoice[]; query: string; errors?: string[] }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [input, setInput] = useState(defaultPerson?.name ?? "");
  const [chosen, setChosen] = useState<PersonChoice | null>(defaultPerson);
  const trimmed = input.trim();
  const { data, isLoading } = useClientQuery<{ people: PersonChoice[] }>(
    hydrated && trimmed && trimmed !== chosen?.name ? `admin-people:${trimmed}` : null,
    `/admin/people-search?q=${encodeURIComponent(trimmed)}`,
  );
  if (!hydrated) {
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-foreground">{t("Person")}</legend>
        {defaultPerson ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="radio" name="personId" value={defaultPerson.id} defaultChecked />
            {defaultPerson.name}
          </label>
        ) : null}
        <div className="flex items-end gap-2">
          <label className="flex flex-1 flex-col gap-1 text-sm">
            <span className="text-muted">{t("Find a person")}</span>
            <input name="personQuery" defaultValue={query} className="rounded-theme border border-divider bg-background px-3 py-2 text-sm" />
          </label>
          <button type="submit" formMethod="get" formNoValidate className="rounded-theme border border-divider px-3 py-2 text-sm">
            {t("Search")}
          </button>
        </div>
        {matches.length > 0 ? (
          <div className="flex flex-col gap-1" data-testid="person-matches">
            {matches.map((person) => (
              <label key={person.id} className="inline-flex items-center gap-2 text-sm">
                <input type="radio" name="personId" value={person.id} defaultChecked={matches.length === 1} />
                {person.name}
                {person.knownFor ? <span className="text-xs text-muted">{t(person.knownFor)}</span> : null}
              </label>
            ))}
          </div>
        ) : query ? (
          <p className="text-sm text-muted">{t("There are no items matching your query")}</p>
        ) : null}
        <FieldErrors id="personId-error" errors={errors} />
      </fieldset>
    );
  }
  const items = (data?.people ?? []).map((p) => ({ id: p.id, label: p.name, description: p.knownFor ?? undefined }));
  if (chosen && !items.some((i) => i.id === chosen.id)) items.unshift({ id: chosen.id, label: chosen.name, description: chosen.knownFor ?? undefined });
  return (
    <div className="flex flex-col gap-1">
      <input type="hidden" name="personId" value={chosen?.id ?? ""} />
      <ComboBox
        label={t("Person")}
        placeholder={t("Type a name")}
        items={items}
        inputValue={input}
        onInputChange={(value) => {
          setInput(value);
          if (chosen && value !== chosen.name) setChosen(null);
        }}
        selectedKey={chosen?.id ?? null}
        onSelectionChange={(key) => {
          const item = items.find((i) => i.id === key);
          if (item) {
            setChosen({ id: Number(item.id), name: item.label, knownFor: item.description ?? null });
            setInput(item.label);
          }
        }}
        isLoading={isLoading}
        menuTrigger="input"
        data-testid="person-combobox"
      />
      <FieldErrors id="personId-error" errors={errors} />
    </div>
  );
}
