import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useNavigation } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { Button, type ButtonProps } from "~/ui/button";
import { descriptionClasses, errorClasses, inputClasses, labelClasses } from "~/ui/field-styles";
import { ChevronDownIcon, EyeIcon } from "~/ui/control-icons";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * Field components for the form kit (see use-app-form.tsx). Each takes the
 * conform `meta` of its field and renders a native control, so every form
 * works without JavaScript; messages are translated here.
 */

type Meta = FieldMetadata<any, any, string[]>;

/**
 * Without JavaScript nothing can move focus, so the server marks every field
 * in error with `autofocus`; browsers focus the first such element in the
 * document, i.e. the first field in error. With JavaScript conform does it.
 */
function useAutoFocusOnError(meta: Meta) {
  const hydrated = useHydrated();
  return !hydrated && !!meta.errors?.length;
}

export function FieldShell({ meta, label, description, children, className = "" }: { meta: Meta; label?: ReactNode; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      {label ? (
        <label htmlFor={meta.id} className={labelClasses}>
          {label}
        </label>
      ) : null}
      {children}
      {description ? (
        <p id={meta.descriptionId} className={descriptionClasses}>
          {description}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const t = useTrans();
  if (!errors?.length) return null;
  return (
    <ul id={id} className={errorClasses} data-testid="field-error">
      {errors.map((message) => (
        <li key={message}>{t(message)}</li>
      ))}
    </ul>
  );
}

type TextInputType = "text" | "email" | "password" | "url" | "tel" | "search" | "number" | "date" | "datetime-local" | "time";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "defaultValue" | "form"> {
  meta: Meta;
  label?: ReactNode;
  description?: ReactNode;
  type?: TextInputType;
  /** Content shown inside the field at the end (e.g. a button). */
  endAdornment?: ReactNode;
}

export function TextField({ meta, label, description, type = "text", className = "", endAdornment, autoFocus: wantsFocus, ...rest }: TextFieldProps) {
  const autoFocus = useAutoFocusOnError(meta);
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: description ? meta.descriptionId : undefined });
  return (
    <FieldShell meta={meta} label={label} description={description} className={className}>
      <div className="relative">
        <input key={key} {...props} autoFocus={autoFocus || wantsFocus} {...rest} className={`${inputClasses} ${endAdornment ? "pr-11" : ""}`} />
        {endAdornment ? <div className="absolute inset-y-0 right-1 flex items-center">{endAdornment}</div> : null}
      </div>
    </FieldShell>
  );
}

/** A password input; with JavaScript, a button shows or hides what was typed. */
export function PasswordField(props: Omit<TextFieldProps, "type" | "endAdornment">) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const toggle = hydrated ? (
    <button
      type="button"
      onClick={() => setVisible((v) => !v)}
      aria-label={visible ? t("Hide password") : t("Show password")}
      aria-pressed={visible}
      className="rounded-md p-2 text-muted outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-focus"
    >
      <EyeIcon className="size-5" off={visible} />
    </button>
  ) : null;
  return <TextField {...props} type={visible ? "text" : "password"} endAdornment={toggle} />;
}

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "defaultValue" | "form"> {
  meta: Meta;
  label?: ReactNode;
  description?: ReactNode;
}

export function TextArea({ meta, label, description, className = "", rows = 4, autoFocus: wantsFocus, ...rest }: TextAreaProps) {
  const autoFocus = useAutoFocusOnError(meta);
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: description ? meta.descriptionId : undefined });
  return (
    <FieldShell meta={meta} label={label} description={description} className={className}>
      <textarea key={key} {...props} rows={rows} autoFocus={autoFocus || wantsFocus} {...rest} className={`${inputClasses} resize-y`} />
    </FieldShell>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "defaultValue" | "defaultChecked" | "form"> {
  meta: Meta;
  label: ReactNode;
  description?: ReactNode;
}

/** A native checkbox: submits "on" when ticked, nothing otherwise (use z.boolean() / z.literal("on")). */
export function CheckboxField({ meta, label, description, className = "", autoFocus: wantsFocus, ...rest }: CheckboxFieldProps) {
  const autoFocus = useAutoFocusOnError(meta);
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: description ? meta.descriptionId : undefined });
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label className="inline-flex items-start gap-2 text-sm text-foreground">
        <input
          key={key}
          {...props}
          autoFocus={autoFocus || wantsFocus}
          {...rest}
          className="mt-0.5 size-4 shrink-0 rounded border-divider accent-(--be-primary) aria-[invalid=true]:outline aria-[invalid=true]:outline-danger"
        />
        <span>{label}</span>
      </label>
      {description ? (
        <p id={meta.descriptionId} className={`${descriptionClasses} pl-6`}>
          {description}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "defaultValue" | "form"> {
  meta: Meta;
  label?: ReactNode;
  description?: ReactNode;
  options: { value: string; label: string; disabled?: boolean }[];
  /** A first, empty choice such as "Choose one". */
  placeholder?: string;
}

/** A native select, styled; works without JavaScript and on every phone. */
export function SelectField({ meta, label, description, options, placeholder, className = "", autoFocus: wantsFocus, ...rest }: SelectFieldProps) {
  const autoFocus = useAutoFocusOnError(meta);
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: description ? meta.descriptionId : undefined });
  return (
    <FieldShell meta={meta} label={label} description={description} className={className}>
      <div className="relative">
        {/* "required" needs an empty first choice to mean anything (HTML: a required select has a placeholder option); without one a value is always chosen and the server checks it. */}
        <select
          key={key}
          {...props}
          autoFocus={autoFocus || wantsFocus}
          {...rest}
          required={placeholder !== undefined ? (rest.required ?? props.required) : false}
          className={`${inputClasses} appearance-none pr-9`}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" />
      </div>
    </FieldShell>
  );
}

/** Which of a route's forms (or buttons) was submitted; the action switches on `intent`. */
export function IntentField({ value, name = "intent" }: { value: string; name?: string }) {
  return <input type="hidden" name={name} value={value} />;
}

/**
 * Form-level messages (an answer without a field map). With JavaScript they
 * arrive as a danger toast, so this shows them only when JavaScript is off,
 * unless `inline` asks for them always.
 */
export function FormErrors({ form, inline = false }: { form: FormMetadata<any, string[]>; inline?: boolean }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const messages = form.errors ?? [];
  if (!messages.length || (hydrated && !inline)) return null;
  return (
    <div id={form.errorId} role="alert" className="rounded-theme border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="form-errors">
      {messages.map((message) => (
        <p key={message}>{t(message)}</p>
      ))}
    </div>
  );
}

/**
 * The submit button. Shows progress while this page's navigation submits,
 * or while `isPending` (e.g. `fetcher.state !== "idle"`).
 */
export function SubmitButton({ isPending, children, ...props }: Omit<ButtonProps, "type"> & { isPending?: boolean }) {
  const navigation = useNavigation();
  const pending = isPending ?? navigation.state === "submitting";
  return (
    <Button type="submit" isPending={pending} {...props}>
      {children}
    </Button>
  );
}
