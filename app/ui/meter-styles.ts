/**
 * A native <progress> in the theme's colours (Chromium's default is green on
 * grey, Firefox's blue): the track is the paper colour, the filled part the
 * primary colour, in both themes (decision 030).
 */
export const progressClasses =
  "block w-full appearance-none overflow-hidden rounded-full border-0 bg-paper " +
  "[&::-webkit-progress-bar]:rounded-full [&::-webkit-progress-bar]:bg-paper " +
  "[&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-primary";
