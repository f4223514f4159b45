import { isGenerated } from "~/catalogue/generated";
import { mediaUrl } from "~/catalogue/media";
import { personPath, titlePath } from "~/http/slug";
import type { TitlePage } from "~/catalogue/title-page.server";
import { isoDuration, isoSeconds } from "~/i18n/format";
import { absoluteUrl } from "./seo";

/**
 * schema.org JSON-LD for the catalogue pages. Generated demo content (plots,
 * biographies, invented people) is left out: structured data is read as fact
 * by search engines, and these fields are not facts.
 */

export function titleJsonLd(page: TitlePage, origin: string) {
  const { title } = page;
  const abs = (path: string | null | undefined) => (path ? absoluteUrl(origin, path) : undefined);
  const realPeople = (list: TitlePage["cast"]) =>
    list.filter((c) => !c.generated && !c.personGenerated.includes("name")).map((c) => ({ "@type": "Person", name: c.name, url: absoluteUrl(origin, personPath({ id: c.personId, slug: c.slug })) }));
  const directors = realPeople(page.keyCrew.filter((c) => c.job === "Director" || c.job === "Creator"));
  const trailer = page.videos.find((v) => v.category === "trailer") ?? page.videos[0];
  const data: Record<string, unknown> = {
    "@type": title.type === "series" ? "TVSeries" : "Movie",
    name: title.name,
    url: absoluteUrl(origin, titlePath(title)),
    image: abs(title.poster),
    genre: page.genres.map((g) => g.name),
    contentRating: title.certification && !isGenerated(title, "certification") ? title.certification : undefined,
    inLanguage: title.language && !isGenerated(title, "language") ? title.language : undefined,
    description: title.plot && !isGenerated(title, "plot") ? title.plot : undefined,
    alternateName: title.originalName && title.originalName !== title.name ? title.originalName : undefined,
    actor: realPeople(page.cast).slice(0, 10),
    director: directors.length ? directors : undefined,
    keywords: page.keywords.length && !isGenerated(title, "keywords") ? page.keywords.map((k) => k.name).join(", ") : undefined,
  };
  if (title.type === "series") {
    data.startDate = title.releaseDate ?? undefined;
    data.numberOfSeasons = title.seasonCount || undefined;
    data.numberOfEpisodes = title.episodeCount || undefined;
  } else {
    data.datePublished = title.releaseDate ?? undefined;
    data.duration = isoDuration(title.runtime);
  }
  // Only this site's own users' ratings: the IMDb rating (externalRating) is
  // another site's, and presenting it as ours would be an invented fact (decision 025).
  if (title.rating !== null && title.voteCount > 0) {
    data.aggregateRating = { "@type": "AggregateRating", ratingValue: title.rating, bestRating: 10, worstRating: 1, ratingCount: title.voteCount };
  }
  if (trailer) data.trailer = videoJsonLd(trailer, title, origin);
  return prune(data);
}

export interface VideoForJsonLd {
  id: number;
  name: string;
  source?: string;
  src?: string;
  thumbnail: string | null;
  duration: number | null;
  createdAt?: Date | null;
}

export function videoJsonLd(video: VideoForJsonLd, title: { name: string; plot?: string | null; generatedFields: readonly string[] }, origin: string) {
  let contentUrl: string | undefined;
  let embedUrl: string | undefined;
  if (video.source === "r2" && video.src) contentUrl = absoluteUrl(origin, mediaUrl(video.src));
  else if (video.source === "external") contentUrl = video.src;
  else if (video.source === "youtube") embedUrl = `https://www.youtube-nocookie.com/embed/${video.src}`;
  else if (video.source === "vimeo") embedUrl = `https://player.vimeo.com/video/${video.src}`;
  return prune({
    "@type": "VideoObject",
    name: video.name,
    description: title.plot && !isGenerated(title, "plot") ? title.plot : `${video.name} (${title.name})`,
    thumbnailUrl: video.thumbnail ? absoluteUrl(origin, video.thumbnail) : undefined,
    uploadDate: video.createdAt ? new Date(video.createdAt).toISOString() : undefined,
    duration: isoSeconds(video.duration),
    contentUrl,
    embedUrl,
    url: absoluteUrl(origin, `/watch/${video.id}`),
  });
}

export function personJsonLd(
  person: {
    id: number;
    name: string;
    slug: string;
    biography: string | null;
    birthDate: string | null;
    deathDate: string | null;
    birthPlace: string | null;
    gender: string;
    knownFor: string | null;
    profile: string | null;
    generatedFields: readonly string[];
  },
  origin: string,
) {
  // An invented person gets no structured data at all: there is no such person.
  if (isGenerated(person, "name")) return null;
  const real = (field: Parameters<typeof isGenerated>[1], value: string | null) => (value && !isGenerated(person, field) ? value : undefined);
  return prune({
    "@type": "Person",
    name: person.name,
    url: absoluteUrl(origin, personPath(person)),
    image: person.profile ? absoluteUrl(origin, person.profile) : undefined,
    description: real("biography", person.biography),
    birthDate: real("birth_date", person.birthDate),
    deathDate: real("death_date", person.deathDate),
    birthPlace: real("birth_place", person.birthPlace),
    jobTitle: person.knownFor ?? undefined,
  });
}

/** Drops undefined values and empty arrays so the JSON stays tidy. */
function prune<T extends Record<string, unknown>>(data: T): T {
  for (const key of Object.keys(data)) {
    const value = data[key];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) delete data[key];
  }
  return data;
}
