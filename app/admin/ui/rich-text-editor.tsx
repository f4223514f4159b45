import { useEffect, useRef, useState } from "react";
import { useTrans } from "~/i18n/translation-context";
import { inputClasses, labelClasses } from "~/ui/field-styles";
import { FieldErrors } from "~/ui/forms/fields";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * A page body editor: a formatting toolbar over an editable area, or the
 * HTML source, switchable. The value is posted as `name` from a textarea,
 * which is also all there is without JavaScript (HTML source). The server
 * sanitises whatever arrives (app/pages/sanitize-html.server.ts), so the
 * editor never has to be trusted.
 */
const COMMANDS: { command: string; value?: string; label: string; text: string }[] = [
  { command: "bold", label: "Bold", text: "B" },
  { command: "italic", label: "Italic", text: "I" },
  { command: "formatBlock", value: "h2", label: "Heading", text: "H2" },
  { command: "formatBlock", value: "h3", label: "Subheading", text: "H3" },
  { command: "formatBlock", value: "p", label: "Paragraph", text: "¶" },
  { command: "insertUnorderedList", label: "Bulleted list", text: "•" },
  { command: "insertOrderedList", label: "Numbered list", text: "1." },
  { command: "formatBlock", value: "blockquote", label: "Quote", text: "❝" },
  { command: "removeFormat", label: "Clear formatting", text: "⌫" },
];

export function RichTextEditor({ name, label, defaultValue, errors, errorId }: { name: string; label: string; defaultValue: string; errors?: string[]; errorId: string }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [mode, setMode] = useState<"visual" | "html">("visual");
  const [html, setHtml] = useState(defaultValue);
  const area = useRef<HTMLDivElement>(null);

  // The editable area is filled from state when it appears (not on every keystroke: that would move the caret).
  useEffect(() => {
    if (mode === "visual" && area.current && area.current.innerHTML !== html) area.current.innerHTML = html;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, hydrated]);

  if (!hydrated) {
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${name}-source`} className={labelClasses}>
          {label} <span className="text-xs font-normal text-muted">({t("HTML")})</span>
        </label>
        <textarea id={`${name}-source`} name={name} defaultValue={defaultValue} rows={16} className={`${inputClasses} font-mono text-xs`} aria-describedby={errors?.length ? errorId : undefined} />
        <FieldErrors id={errorId} errors={errors} />
      </div>
    );
  }

  const run = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    setHtml(area.current?.innerHTML ?? "");
  };
  const addLink = () => {
    const url = window.prompt(t("Link address (https://… or /path)"));
    if (url) run("createLink", url);
  };

  return (
    <div className="flex flex-col gap-1.5" data-testid="rich-text-editor">
      <div className="flex items-center justify-between gap-2">
        <span className={labelClasses} id={`${name}-label`}>
          {label}
        </span>
        <div role="tablist" aria-label={t("Editor mode")} className="flex gap-1 text-xs">
          {(["visual", "html"] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              onClick={() => {
                if (mode === "visual" && area.current) setHtml(area.current.innerHTML);
                setMode(m);
              }}
              className={`rounded px-2 py-1 ${mode === m ? "bg-primary-light font-medium text-primary" : "text-muted hover:text-foreground"}`}
            >
              {m === "visual" ? t("Visual") : t("HTML")}
            </button>
          ))}
        </div>
      </div>
      <textarea
        name={name}
        value={html}
        readOnly={mode === "visual"}
        hidden={mode === "visual"}
        onChange={(e) => setHtml(e.currentTarget.value)}
        rows={16}
        aria-labelledby={`${name}-label`}
        className={`${inputClasses} font-mono text-xs`}
      />
      {mode === "visual" ? (
        <div className="rounded-theme border border-divider">
          <div role="toolbar" aria-label={t("Formatting")} className="flex flex-wrap gap-1 border-b border-divider p-1">
            {COMMANDS.map((c) => (
              <button
                key={c.label}
                type="button"
                title={t(c.label)}
                aria-label={t(c.label)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run(c.command, c.value)}
                className="min-w-8 rounded px-2 py-1 text-sm hover:bg-paper"
              >
                {c.text}
              </button>
            ))}
            <button type="button" title={t("Link")} aria-label={t("Link")} onMouseDown={(e) => e.preventDefault()} onClick={addLink} className="rounded px-2 py-1 text-sm hover:bg-paper">
              🔗
            </button>
          </div>
          <div
            ref={area}
            contentEditable
            suppressContentEditableWarning
            role="textbox"
            aria-multiline="true"
            aria-labelledby={`${name}-label`}
            onInput={(e) => setHtml(e.currentTarget.innerHTML)}
            className="prose min-h-64 max-w-none px-4 py-3 text-sm outline-none [&_blockquote]:border-l-4 [&_blockquote]:border-divider [&_blockquote]:pl-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6"
          />
        </div>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
