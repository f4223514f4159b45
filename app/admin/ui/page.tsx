import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";

/** The heading block of an admin screen: title, optional description, breadcrumbs and actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** A link back to the list this screen belongs to. */
  back?: { to: string; label: string };
}) {
  const t = useTrans();
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {back ? (
          <Link to={back.to} className="mb-1 inline-block text-sm text-muted hover:text-foreground">
            ← {t(back.label)}
          </Link>
        ) : null}
        <h1 className="truncate text-2xl font-semibold text-foreground">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** A titled card grouping part of a form or page. */
export function AdminSection({
  title,
  description,
  children,
  actions,
  id,
  className = "",
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={title && id ? `${id}-title` : undefined} className={`rounded-theme border border-divider bg-elevated p-5 ${className}`}>
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            {title ? (
              <h2 id={id ? `${id}-title` : undefined} className="text-base font-semibold text-foreground">
                {title}
              </h2>
            ) : null}
            {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

const BADGE_TONES = {
  neutral: "bg-paper text-muted border-divider",
  positive: "bg-positive/10 text-positive border-positive/30",
  danger: "bg-danger/10 text-danger border-danger/30",
  warning: "bg-warning/10 text-warning border-warning/30",
  primary: "bg-primary-light text-primary border-primary/30",
} as const;

export function Badge({ tone = "neutral", children }: { tone?: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${BADGE_TONES[tone]}`}>{children}</span>;
}

/** Tabs that are links (each tab its own route), for editors split into screens. */
export function LinkTabs({ tabs, current }: { tabs: { to: string; label: string; id: string }[]; current: string }) {
  const t = useTrans();
  return (
    <nav aria-label={t("Sections")} className="mb-6 flex gap-1 overflow-x-auto border-b border-divider">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.to}
          aria-current={tab.id === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${
            tab.id === current ? "border-primary text-foreground" : "border-transparent text-muted hover:text-foreground"
          }`}
        >
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}

/** Label/value rows for read-only facts. */
export function FactList({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  const t = useTrans();
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-muted">{t(fact.label)}</dt>
          <dd className="min-w-0 text-foreground">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
