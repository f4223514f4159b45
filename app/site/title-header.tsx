import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { titleArtworkSubject } from "~/catalogue/artwork";
import { isWhollyGenerated } from "~/catalogue/generated";
import { titlePath } from "~/http/slug";
import { ArtworkImage } from "./artwork-image";
import { GeneratedNote } from "./generated-note";

/**
 * The compact heading of a title's sub-pages (credits, seasons, episodes),
 * linking back to the title. An invented series says so here, once for the
 * page (the page wraps itself in GeneratedScope, decision 029).
 */
export function TitleSubpageHeader({
  title,
  heading,
  children,
}: {
  title: { id: number; slug: string; name: string; year: number | null; type: "movie" | "series"; poster: string | null; generatedFields?: readonly string[] | null };
  heading: string;
  children?: React.ReactNode;
}) {
  const t = useTrans();
  return (
    <header className="border-b border-divider bg-paper">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-6 sm:px-6">
        <ArtworkImage kind="poster" image={title.poster} subject={titleArtworkSubject(title)} eager className="h-24 w-16 shrink-0 rounded object-cover" />
        <div className="min-w-0">
          <Link to={titlePath(title)} className="text-sm font-medium text-primary hover:underline">
            ← {t("Back to :name", { name: title.name })}
          </Link>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{heading}</h1>
          {children}
          {isWhollyGenerated({ generatedFields: title.generatedFields }) ? (
            <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
              <GeneratedNote show page /> {title.type === "series" ? t("This series is invented for the demo catalogue.") : t("This title is invented for the demo catalogue.")}
            </p>
          ) : null}
        </div>
      </div>
    </header>
  );
}
