import type { MetaDescriptor } from "react-router";

/**
 * What a public page says about itself to search engines and link previews.
 * Loaders build it (they know the origin and the record), route `meta`
 * functions turn it into tags with `seoTags`, and the page renders its
 * JSON-LD with `<JsonLd>` so the script carries this response's CSP nonce.
 */
export interface Seo {
  /** Full document title, site name included. */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  siteName: string;
  /** Absolute image URL for previews. */
  image?: string | null;
  /** Open Graph type: website, video.movie, video.tv_show, video.episode, profile, video.other. */
  type?: string;
  /** Keep the page out of search results (search results, filtered lists past page 1). */
  noindex?: boolean;
}

/** Descriptions are cut to what search engines show, at a word boundary. */
export function truncateDescription(text: string | null | undefined, max = 160): string {
  const clean = (text ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,.;:\s]+$/, "")}…`;
}

export function pageTitle(page: string | null | undefined, siteName: string) {
  return page ? `${page} - ${siteName}` : siteName;
}

/** An absolute URL for a path on this site (images may already be absolute). */
export function absoluteUrl(origin: string, path: string) {
  try {
    return new URL(path, origin).toString();
  } catch {
    return origin;
  }
}

export function seoTags(seo: Seo | undefined | null): MetaDescriptor[] {
  if (!seo) return [];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:type", content: seo.type ?? "website" },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
  ];
  if (seo.image) {
    tags.push({ property: "og:image", content: seo.image }, { name: "twitter:image", content: seo.image });
  }
  if (seo.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

/** The site's name from the root route's data, as a meta function's `matches` carry it. */
export function siteNameOf(matches: readonly unknown[]): string {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === "root") as { loaderData?: unknown; data?: unknown } | undefined;
  const data = (root?.loaderData ?? root?.data) as { bootstrap?: { settings?: { branding?: { site_name?: string } } } } | undefined;
  return data?.bootstrap?.settings?.branding?.site_name ?? "";
}

/** Every page's <title>: "<page> - <site name>" (decision 031), from a meta function's `matches`. */
export function siteTitle(matches: readonly unknown[], page: string | null | undefined) {
  const siteName = siteNameOf(matches);
  return siteName ? pageTitle(page, siteName) : (page ?? "");
}
