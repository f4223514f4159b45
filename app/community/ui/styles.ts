/** Class names the community forms share (plain HTML forms: no form library on public pages). */
export const primaryButton = "rounded-theme bg-primary px-3 py-1.5 text-sm font-medium text-on-primary hover:opacity-90";
export const quietButton = "rounded-theme border border-divider px-2.5 py-1 text-sm text-foreground hover:bg-paper";
export const fieldClass = "mt-1 block w-full rounded-theme border border-divider bg-background px-3 py-2 text-sm text-foreground";
export const labelClass = "block text-sm font-medium text-foreground";
export const errorClass = "mt-1 text-sm text-danger";
/** A comment's Reply / Edit / Report: a small button that opens its form (a <summary>: works without JavaScript), no disclosure triangle. */
export const actionSummary =
  "inline-flex cursor-pointer list-none items-center rounded-theme border border-divider px-2.5 py-1 text-sm text-foreground hover:bg-paper [&::-webkit-details-marker]:hidden focus-visible:outline focus-visible:outline-2 focus-visible:outline-focus";
