import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { ARTWORK_SIZES } from "~/catalogue/artwork";
import { POSTER_PLACEHOLDER } from "./cards";
import { titlePath } from "~/catalogue/slug";

/** The compact heading of a title's sub-pages (credits, seasons, episodes), linking back to the title. */
export function TitleSubpageHeader({
  title,
  heading,
  children,
}: {
  title: { id: number; slug: string; name: string; year: number | null; poster: string | null };
  heading: string;
  children?: React.ReactNode;
}) {
  const t = useTrans();
  const size = ARTWORK_SIZES.poster;
  return (
    <header className="border-b border-divider bg-paper">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-6 sm:px-6">
        <img src={title.poster ?? POSTER_PLACEHOLDER} alt="" width={size.width} height={size.height} className="h-24 w-16 shrink-0 rounded bg-background object-cover" />
        <div className="min-w-0">
          <Link to={titlePath(title)} className="text-sm font-medium text-primary hover:underline">
            ← {t("Back to :name", { name: title.name })}
          </Link>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{heading}</h1>
          {children}
        </div>
      </div>
    </header>
  );
}
