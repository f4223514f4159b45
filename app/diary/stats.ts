/** Hours for display, one decimal ("12.5"). */
export function hoursOf(minutes: number) {
  return Math.round(minutes / 6) / 10;
}
