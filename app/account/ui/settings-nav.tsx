import { useEffect, useState } from "react";
import { useTrans } from "~/i18n/translation-context";
import type { SettingsSectionId } from "../../ui/settings-section";

/**
 * The side list of /account-settings: a link to each section (plain anchors,
 * so it works without JavaScript). With JavaScript the section in view is
 * highlighted as the page scrolls.
 */
export function SettingsNav({ sections }: { sections: { id: SettingsSectionId; label: string }[] }) {
  const t = useTrans();
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting ? entry.boundingClientRect.top : Number.POSITIVE_INFINITY);
        const first = [...visible.entries()].filter(([, top]) => Number.isFinite(top)).sort((a, b) => a[1] - b[1])[0];
        if (first) setActive(first[0]);
      },
      { rootMargin: "-80px 0px -55% 0px" },
    );
    for (const { id } of sections) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [sections]);
  return (
    <nav aria-label={t("Account settings")} className="md:sticky md:top-24" data-testid="settings-nav">
      <ul className="flex gap-1 overflow-x-auto pb-2 md:flex-col md:overflow-visible md:pb-0">
        {sections.map(({ id, label }) => (
          <li key={id} className="shrink-0">
            <a
              href={`#${id}`}
              aria-current={active === id ? "location" : undefined}
              className="block rounded-theme px-3 py-2 text-sm text-muted hover:bg-paper hover:text-foreground aria-[current=location]:bg-primary-light aria-[current=location]:font-medium aria-[current=location]:text-primary"
              onClick={(event) => {
                const target = document.getElementById(id);
                if (!target) return;
                event.preventDefault();
                target.scrollIntoView({ behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth", block: "start" });
                history.replaceState(history.state, "", `#${id}`);
                setActive(id);
              }}
            >
              {t(label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
