import { useEffect, useRef } from "react";
import { useTrans } from "~/i18n/translation-context";
import { useHydrated } from "~/ui/use-hydrated";
import type { AdSlotProps } from "./ad-slot";

const SIZE_HINTS: Record<string, string> = {
  // General ads best at 150 px high or responsive; title and
  // person ads at 850 px wide; the watch ad as wide as possible.
  "ads.general_top": "max-w-7xl min-h-[90px]",
  "ads.general_bottom": "max-w-7xl min-h-[90px]",
  "ads.title_top": "max-w-[850px]",
  "ads.person_top": "max-w-[850px]",
  "ads.watch_top": "max-w-none",
};

/**
 * An advertising slot with its ad (see AdSlot, which loads this only when
 * there is one). The HTML is the administrator's, with the response's nonce
 * already on each script tag.
 *
 * Scripts in server-rendered HTML run as the browser parses the page. After
 * a client-side navigation React inserts the HTML with innerHTML, where
 * scripts never run, so they are re-created once here; our own (nonced)
 * bundle creates them, which 'strict-dynamic' allows.
 */
export default function AdSlotView({ slot, html, className = "" }: AdSlotProps) {
  const t = useTrans();
  const ref = useRef<HTMLDivElement>(null);
  // True when this slot first rendered after hydration, i.e. on a client-side navigation.
  const mountedOnClient = useRef(useHydrated());
  useEffect(() => {
    const node = ref.current;
    if (!node || !html || !mountedOnClient.current) return;
    for (const old of node.querySelectorAll("script")) {
      const script = document.createElement("script");
      for (const attr of old.attributes) if (attr.name !== "nonce") script.setAttribute(attr.name, attr.value);
      script.text = old.text;
      old.replaceWith(script);
    }
  }, [html]);
  if (!html) return null;
  return (
    <aside aria-label={t("Advertisement")} data-ad-slot={slot} className={`mx-auto my-6 w-full overflow-hidden ${SIZE_HINTS[slot] ?? ""} ${className}`}>
      <div ref={ref} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
    </aside>
  );
}
