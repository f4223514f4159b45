import type { Translate } from "~/i18n/translate";
import { countryName } from "~/i18n/format";
import type { ExternalLink, TitleTmdbExtras } from "./title-extras.server";

/**
 * The TMDB blocks of the title and person pages (where to watch, external
 * links, the admin's "Import from TMDB"), rendered to HTML on the server and
 * placed by the page with one element. Public pages ship at most 120 KB of
 * JavaScript and had no room left (decision 006): as HTML the blocks cost the
 * browser no component code, and nothing at all on a title without TMDB data.
 * Every value is escaped; URLs are http(s) only (checked when loaded).
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const safeUrl = (url: string | null | undefined) => (url && /^(https?:\/\/|\/)/.test(url) ? escapeHtml(url) : "#");

const KIND_LABELS: Record<string, string> = { flatrate: "Stream", free: "Free", ads: "Free with ads", rent: "Rent", buy: "Buy" };
const LINK_LABELS: Record<ExternalLink["kind"], string> = { imdb: "IMDb", tmdb: "TMDB", homepage: "Official site" };

function whereToWatchHtml(watch: TitleTmdbExtras["watch"], t: Translate, language: string) {
  if (watch.groups.length === 0) return "";
  const groups = watch.groups
    .map((group) => {
      const providers = group.providers
        .map((p) => {
          const name = escapeHtml(p.name);
          const inner = p.logo
            ? `<img src="${safeUrl(p.logo)}" alt="${name}" width="46" height="46" loading="lazy" class="size-11.5 rounded-theme bg-paper object-cover">`
            : `<span class="inline-block rounded-theme bg-paper px-2 py-1 text-xs">${name}</span>`;
          return `<li><a href="${safeUrl(watch.link)}" rel="noopener noreferrer nofollow" target="_blank" title="${name}" class="block">${inner}</a></li>`;
        })
        .join("");
      return `<div><h3 class="text-sm font-medium text-muted">${escapeHtml(t(KIND_LABELS[group.kind]))}</h3><ul class="mt-1 flex flex-wrap gap-2">${providers}</ul></div>`;
    })
    .join("");
  return (
    `<section aria-labelledby="watch-heading" data-testid="where-to-watch">` +
    `<h2 id="watch-heading" class="text-xl font-semibold text-foreground">${escapeHtml(t("Where to watch"))}</h2>` +
    `<p class="mt-1 text-xs text-muted">${escapeHtml(countryName(watch.region, language))}</p>` +
    `<div class="mt-3 space-y-3">${groups}</div>` +
    `<p class="mt-3 flex items-center gap-2 text-xs text-muted" data-testid="watch-attribution"><img src="/images/tmdb-logo.svg" alt="TMDB" width="95" height="12" class="h-3 w-auto">${escapeHtml(t("Where-to-watch data from JustWatch, via TMDB."))}</p>` +
    `</section>`
  );
}

export function externalLinksHtml(links: ExternalLink[], t: Translate) {
  if (links.length === 0) return "";
  const items = links
    .map(
      (link) =>
        `<li><a href="${safeUrl(link.url)}" rel="noopener noreferrer" target="_blank" class="rounded-full bg-paper px-2.5 py-0.5 text-primary hover:underline">${escapeHtml(t(LINK_LABELS[link.kind]))}</a></li>`,
    )
    .join("");
  return `<div data-testid="external-links"><h3 class="text-sm font-semibold text-foreground">${escapeHtml(t("Links"))}</h3><ul class="mt-2 flex flex-wrap gap-2 text-sm">${items}</ul></div>`;
}

/** The title page's TMDB blocks; null when there is nothing to show (no TMDB data, not an admin). */
export function titleTmdbHtml(extras: TitleTmdbExtras | null, options: { t: Translate; language: string; importForTitleId: number | null }) {
  const { t, language, importForTitleId } = options;
  const parts = [
    importForTitleId
      ? `<a href="/admin/tmdb?title=${importForTitleId}" class="inline-block rounded-theme border border-divider px-3 py-1.5 text-sm font-medium text-primary hover:bg-paper" data-testid="import-from-tmdb">${escapeHtml(t("Import from TMDB"))}</a>`
      : "",
    extras ? whereToWatchHtml(extras.watch, t, language) : "",
    extras ? externalLinksHtml(extras.links, t) : "",
  ].filter(Boolean);
  return parts.length ? `<div class="space-y-6">${parts.join("")}</div>` : null;
}
