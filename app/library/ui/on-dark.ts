/**
 * Title-page actions sit on the header band, which is dark in both themes:
 * their text is light whatever the theme (the theme's foreground colour is
 * dark in the light theme: unreadable there; decision 030).
 */
export const onDarkButton =
  "inline-flex h-9 select-none items-center justify-center gap-2 whitespace-nowrap rounded-theme border border-white/70 bg-slate-950/60 px-3 text-sm font-medium text-white transition-colors hover:bg-white/15 " +
  "outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950 disabled:cursor-not-allowed disabled:opacity-60";

/** The filled (chosen, or the main) action on the band: the theme's primary colour. */
export const onDarkPrimaryButton =
  "inline-flex h-9 select-none items-center justify-center gap-2 whitespace-nowrap rounded-theme bg-primary px-3 text-sm font-semibold text-on-primary shadow-sm transition-colors hover:opacity-90 " +
  "outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950 disabled:cursor-not-allowed disabled:opacity-60";
