import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";

/**
 * The head of the diary and of the year in review (decision 034): the
 * owner's name back to their profile, the page's heading, a GET form that
 * picks the year (`yearField`, a select or a number; works without
 * JavaScript) and a link to the other page of the pair.
 */
export function DiaryPageHeader({
  owner,
  heading,
  formTestId,
  yearField,
  link,
}: {
  owner: { name: string; profilePath: string };
  heading: string;
  formTestId: string;
  yearField: ReactNode;
  link: ReactNode;
}) {
  const t = useTrans();
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="text-sm text-muted">
          <Link to={owner.profilePath} className="hover:text-primary">
            {owner.name}
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{heading}</h1>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" className="flex items-end gap-2" data-testid={formTestId}>
          <label className="flex flex-col text-sm text-muted">
            {t("Year")}
            {yearField}
          </label>
          <button type="submit" className={buttonClasses({ variant: "outlined" })}>
            {t("Show")}
          </button>
        </Form>
        {link}
      </div>
    </header>
  );
}

/** What a private profile's diary and year in review show to everyone but their owner. */
export function PrivateDiaryPage() {
  const t = useTrans();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6" data-testid="profile-private">
      <h1 className="text-2xl font-bold text-foreground">{t("This profile is private")}</h1>
      <p className="mt-2 text-muted">{t("Its owner chose not to share it.")}</p>
    </section>
  );
}
