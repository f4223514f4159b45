/**
 * Class names for everything that looks like a button: RAC buttons, router
 * links and plain submit buttons in forms that must work without JavaScript.
 */
export type ButtonVariant = "filled" | "outlined" | "text" | "link";
export type ButtonColor = "primary" | "neutral" | "danger";
export type ButtonSize = "xs" | "sm" | "md" | "lg" | "icon";

export interface ButtonStyle {
  variant?: ButtonVariant;
  color?: ButtonColor;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  fullWidth?: boolean;
}

const base =
  "inline-flex select-none items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors " +
  "outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:ring-offset-background " +
  "disabled:cursor-not-allowed disabled:opacity-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

const sizes: Record<ButtonSize, string> = {
  xs: "h-7 rounded-theme px-2 text-xs",
  sm: "h-8 rounded-theme px-3 text-sm",
  md: "h-10 rounded-theme px-4 text-sm",
  lg: "h-12 rounded-theme px-6 text-base",
  icon: "size-10 rounded-full p-0",
};

const variants: Record<ButtonVariant, Record<ButtonColor, string>> = {
  filled: {
    primary: "bg-primary text-on-primary shadow-sm hover:opacity-90 data-[pressed]:opacity-80",
    neutral: "bg-foreground text-background shadow-sm hover:opacity-90 data-[pressed]:opacity-80",
    danger: "bg-danger text-on-danger shadow-sm hover:opacity-90 data-[pressed]:opacity-80",
  },
  outlined: {
    primary: "border border-primary text-primary hover:bg-primary-light",
    neutral: "border border-divider text-foreground hover:bg-paper",
    danger: "border border-danger text-danger hover:bg-danger/10",
  },
  text: {
    primary: "text-primary hover:bg-primary-light",
    neutral: "text-foreground hover:bg-paper",
    danger: "text-danger hover:bg-danger/10",
  },
  link: {
    primary: "text-primary underline-offset-4 hover:underline",
    neutral: "text-foreground underline-offset-4 hover:underline",
    danger: "text-danger underline-offset-4 hover:underline",
  },
};

export function buttonClasses({ variant = "filled", color = "primary", size = "md", fullWidth = false }: ButtonStyle = {}) {
  // Link-style buttons read as inline text: no box, no fixed height.
  const sizing = variant === "link" ? "rounded-sm text-sm" : sizes[size];
  return [base, sizing, variants[variant][color], fullWidth ? "w-full" : ""].filter(Boolean).join(" ");
}
