import { titlePath } from "~/http/slug";
import { absoluteUrl } from "~/seo/seo";
import type { ListDetails } from "./lists.server";

/**
 * schema.org ItemList for a public list page: the list's own name and
 * description (written by its author) and each title by its page's URL, in
 * the list's order. Title names are left to the title pages, whose JSON-LD
 * already leaves out generated demo content.
 */
export function listJsonLd(list: ListDetails, origin: string, path: string) {
  return {
    "@type": "ItemList",
    name: list.name,
    ...(list.description ? { description: list.description } : {}),
    url: absoluteUrl(origin, path),
    itemListOrder: "https://schema.org/ItemListOrderAscending",
    numberOfItems: list.items.length,
    itemListElement: list.items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: absoluteUrl(origin, titlePath(item.title)),
    })),
  };
}
