/** The round button in a title card's poster corner (the watchlist "+"), for guests' link and members' form alike. */
export const CARD_CORNER_BUTTON =
  "absolute top-1.5 right-1.5 flex size-8 items-center justify-center rounded-full bg-black/65 text-lg leading-none text-white shadow ring-1 ring-white/30 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2";
