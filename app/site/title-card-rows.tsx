import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { sortRatingSource } from "~/catalogue/card-rating";
import { PersonCard, TitleCard } from "./cards";
import { GeneratedNote } from "./generated-note";

type CastCredit = { id: number; personId: number; name: string; slug: string; profile: string | null; character: string | null; generated: boolean };

/**
 * Card rows (a title page's top cast and more like this, /titles' results, a person's known-for,
 * search's results): a chunk of their own, so a guest's page, which keeps their server HTML
 * (`StaticIsland`, decision 045), loads no card code.
 */
export function TopCastSection({ cast, path }: { cast: CastCredit[]; path: string }) {
  const t = useTrans();
  return (
    <section aria-labelledby="cast-heading">
      <div className="flex items-end justify-between gap-4">
        <h2 id="cast-heading" className="text-xl font-semibold text-foreground">
          {t("Top cast")}
        </h2>
        <Link to={`${path}/credits`} className="text-sm font-medium text-primary hover:underline" data-testid="full-credits-link">
          {t("Full cast & crew")}
        </Link>
      </div>
      <GeneratedNote show={cast.some((c) => c.generated)} className="mt-2" />
      <ul className="mt-4 grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6" data-testid="title-cast">
        {cast.map((credit) => (
          <li key={credit.id}>
            <PersonCard person={{ ...credit, role: credit.character }} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RelatedTitlesSection({ related }: { related: React.ComponentProps<typeof TitleCard>["title"][] }) {
  const t = useTrans();
  return (
    <section aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-xl font-semibold text-foreground">
        {t("More like this")}
      </h2>
      {/* Phones: one swipeable row inside the page's padding; wider screens: full rows. */}
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-2 sm:grid sm:grid-cols-4 sm:overflow-visible sm:pb-0 lg:grid-cols-6" data-testid="related-titles">
        {related.map((title) => (
          <li key={title.id} className="w-[44%] shrink-0 snap-start sm:w-auto">
            <TitleCard title={title} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A grid of title cards (/titles' results, in the list's sort): the first row eager, the first poster fetched first. */
export function TitleCardGrid({ titles, sort, testId }: { titles: React.ComponentProps<typeof TitleCard>["title"][]; sort: string; testId: string }) {
  const ratingSource = sortRatingSource(sort);
  return (
    <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-6" data-testid={testId}>
      {titles.map((title, index) => (
        <li key={title.id}>
          <TitleCard title={title} eager={index < 6} priority={index === 0} ratingSource={ratingSource} />
        </li>
      ))}
    </ul>
  );
}

/** A person page's best-known titles (decision 029). */
export function KnownForCards({ titles }: { titles: React.ComponentProps<typeof TitleCard>["title"][] }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="known-for">
      {titles.map((title) => (
        <li key={title.id}>
          <TitleCard title={title} />
        </li>
      ))}
    </ul>
  );
}

type SearchTitle = Omit<React.ComponentProps<typeof TitleCard>["title"], "rating" | "externalRating"> & { alsoKnownAs: string | null };

/** Search's titles, the first row eager; a member's "+" knows what is on their watchlist. */
export function SearchTitleGrid({ titles, watchlisted }: { titles: SearchTitle[]; watchlisted: number[] | null }) {
  const t = useTrans();
  return (
    <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
      {titles.map((title, index) => (
        <li key={title.id}>
          <TitleCard title={{ ...title, rating: null, externalRating: null }} eager={index < 6} inWatchlist={watchlisted ? watchlisted.includes(title.id) : undefined} />
          {title.alsoKnownAs ? (
            <p className="mt-1 line-clamp-2 break-words text-xs text-muted" data-testid="search-also-known-as">
              {t("Also known as “:name”", { name: title.alsoKnownAs })}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Search's people, with what each is known for. */
export function SearchPeopleGrid({ people }: { people: { id: number; name: string; slug: string; profile: string | null; knownFor: string | null }[] }) {
  const t = useTrans();
  return (
    <ul className="mt-4 grid grid-cols-3 gap-4 sm:grid-cols-4 lg:grid-cols-8">
      {people.map((person) => (
        <li key={person.id}>
          <PersonCard person={{ personId: person.id, name: person.name, slug: person.slug, profile: person.profile, role: person.knownFor ? t(person.knownFor) : null }} />
        </li>
      ))}
    </ul>
  );
}
