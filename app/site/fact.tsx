import { GeneratedNote } from "./generated-note";

/** One line of a detail page's facts list (title, person): nothing when there is no value; labelled when generated. */
export function Fact({ label, value, generated = false }: { label: string; value: string | null | undefined; generated?: boolean }) {
  if (!value) return null;
  return (
    <div>
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 text-foreground">
        {value} <GeneratedNote show={generated} />
      </dd>
    </div>
  );
}
