import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";

export interface Cta {
  label: string;
  action: string;
  type: "link" | "route";
}

/** A call-to-action from settings: in-app navigation for routes, a plain link otherwise. */
export function CtaLink({ cta, className, testId }: { cta: Cta; className: string; testId?: string }) {
  const t = useTrans();
  if (!cta.label || !cta.action) return null;
  if (cta.type === "route") {
    return (
      <Link to={cta.action} className={className} data-testid={testId}>
        {t(cta.label)}
      </Link>
    );
  }
  return (
    <a href={cta.action} className={className} data-testid={testId} rel="noopener">
      {t(cta.label)}
    </a>
  );
}
