/** Shared looks of labels, inputs, help and error text (RAC fields and the form kit). */
export const labelClasses = "block text-sm font-medium text-foreground";
export const descriptionClasses = "text-xs text-muted";
export const errorClasses = "text-xs font-medium text-danger";
export const inputClasses =
  "block w-full rounded-theme border border-divider bg-background px-3 py-2 text-sm text-foreground shadow-xs " +
  "placeholder:text-muted outline-none transition-colors focus:border-primary focus:ring-2 focus:ring-primary/30 " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/30 " +
  "data-[invalid]:border-danger";
export const listBoxItemClasses =
  "flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm text-foreground outline-none " + "data-[focused]:bg-paper data-[selected]:font-semibold data-[disabled]:opacity-50";
