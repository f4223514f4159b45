/**
 * Generated artwork for the demo catalogue: SVG posters, backdrops, profile
 * images and episode stills, a pure function of the row's id (palette,
 * motif, typography) and its name (initials, title). Served by
 * /artwork/{kind}/{id}.svg (decision 005), a few hundred bytes each.
 */

export const ARTWORK_KINDS = ["poster", "backdrop", "profile", "still", "season"] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

/** Intrinsic sizes, so pages can reserve the space (`width`/`height` attributes). */
export const ARTWORK_SIZES: Record<ArtworkKind, { width: number; height: number }> = {
  poster: { width: 400, height: 600 }, // 2:3
  backdrop: { width: 1280, height: 720 }, // 16:9
  profile: { width: 300, height: 450 }, // 2:3
  still: { width: 640, height: 360 }, // 16:9
  season: { width: 400, height: 600 }, // 2:3, a season's poster (id: the season's)
};

/**
 * Bumped whenever renderArtworkSvg draws differently: every generated URL
 * carries a hash of this and of the record's drawn fields, so the URLs can be
 * cached forever (decision 029).
 */
export const ARTWORK_VERSION = 2;

/** Site-relative URL of a generated image; `id` is a title (poster, backdrop), person (profile), episode (still) or season id. */
export function artworkUrl(kind: ArtworkKind, id: number): string {
  return `/artwork/${kind}/${id}.svg`;
}

/** True for a URL of this site's generated artwork (the invented series store those in their rows). */
export function isArtworkUrl(url: string | null | undefined): boolean {
  return !!url && url.startsWith("/artwork/");
}

/** The hash of what an image draws (FNV-1a, base 36): its immutable URL's version. */
export function artworkHash(kind: ArtworkKind, subject: ArtworkSubject): string {
  let h = 2166136261;
  for (const c of `${ARTWORK_VERSION}|${kind}|${subject.id}|${subject.name}|${subject.caption ?? ""}|${subject.label ?? ""}`) {
    h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  }
  return h.toString(36);
}

/** The immutable URL of one generated image: `/artwork/{kind}/{id}-{hash}.svg` (decision 029). */
export function generatedArtworkUrl(kind: ArtworkKind, subject: ArtworkSubject): string {
  return `/artwork/${kind}/${subject.id}-${artworkHash(kind, subject)}.svg`;
}

export interface ArtworkSubject {
  id: number;
  name: string;
  /** A second line: a year, "S1 · E4", a department. */
  caption?: string | null;
  /** A small upper-case kicker: "Film", "Series", "Season 2". */
  label?: string | null;
}

const PALETTES = [
  ["#0f172a", "#1e3a8a", "#f59e0b", "#f8fafc"],
  ["#3b0764", "#be185d", "#fde68a", "#fff7ed"],
  ["#052e16", "#15803d", "#bef264", "#f0fdf4"],
  ["#450a0a", "#b91c1c", "#fca5a5", "#fef2f2"],
  ["#172554", "#0891b2", "#a5f3fc", "#ecfeff"],
  ["#1c1917", "#57534e", "#fb923c", "#fafaf9"],
  ["#312e81", "#7c3aed", "#f0abfc", "#faf5ff"],
  ["#422006", "#a16207", "#fef08a", "#fefce8"],
  ["#083344", "#0f766e", "#fda4af", "#f0fdfa"],
  ["#18181b", "#3f3f46", "#38bdf8", "#f4f4f5"],
  ["#4a044e", "#c026d3", "#fcd34d", "#fdf4ff"],
  ["#0c0a09", "#9a3412", "#fdba74", "#fff7ed"],
] as const;

/** System font stacks only (an SVG shown by <img> may load nothing): each with the width of an average glyph, in em, to fit lines. */
const FONTS = [
  { family: "Georgia, 'Liberation Serif', 'DejaVu Serif', serif", em: 0.56, weight: 700 },
  { family: "'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif", em: 0.6, weight: 800 },
  { family: "'Arial Narrow', 'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif-condensed, sans-serif", em: 0.5, weight: 700 },
  { family: "'Palatino Linotype', Palatino, 'Liberation Serif', 'DejaVu Serif', serif", em: 0.56, weight: 400 },
] as const;

/** A small deterministic hash (mulberry32 step) of the id and a salt. */
function hash(id: number, salt: number): number {
  let t = (id * 2654435761 + salt * 40503) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** Up to two initials from the words of a name, ignoring leading articles. */
export function initials(name: string): string {
  const words = name
    .replace(/^(the|a|an|le|la|les|el|der|die|das)\s+/i, "")
    .split(/[\s\-:_/]+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w.replace(/^[^\p{L}\p{N}]+/u, "")][0] ?? "");
  return letters.join("").toUpperCase() || "?";
}

/** Greedy word wrap by character count (good enough for display type). */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (`${line} ${word}`.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, maxChars - 1)}…`;
    return kept;
  }
  return lines.map((l) => (l.length > maxChars ? `${l.slice(0, maxChars - 1)}…` : l));
}

function motif(kind: number, w: number, h: number, accent: string): string {
  switch (kind % 4) {
    case 0:
      return `<circle cx="${w * 0.78}" cy="${h * 0.28}" r="${Math.min(w, h) * 0.32}" fill="${accent}" opacity=".22"/><circle cx="${w * 0.2}" cy="${h * 0.62}" r="${Math.min(w, h) * 0.18}" fill="${accent}" opacity=".12"/>`;
    case 1:
      return `<path d="M0 ${h * 0.7}L${w} ${h * 0.35}V${h * 0.5}L0 ${h * 0.85}Z" fill="${accent}" opacity=".2"/>`;
    case 2:
      return Array.from({ length: 6 }, (_, i) => `<rect x="0" y="${(h / 6) * i}" width="${w}" height="${h / 24}" fill="${accent}" opacity=".1"/>`).join("");
    default:
      return `<rect x="${w * 0.1}" y="${h * 0.08}" width="${w * 0.8}" height="${h * 0.55}" rx="${w * 0.04}" fill="none" stroke="${accent}" stroke-width="${Math.max(2, w / 100)}" opacity=".35"/>`;
  }
}

/** Coordinates with at most one decimal. */
function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Font size so that the longest line fills at most `room` pixels, between `min` and `max`. */
function fitSize(lines: string[], room: number, em: number, min: number, max: number): number {
  const longest = Math.max(1, ...lines.map((l) => [...l].length));
  return Math.round(Math.max(min, Math.min(max, room / (longest * em))));
}

/**
 * The SVG document for one image: a palette and motif chosen from the id, the
 * name set in a system font, and a corner mark saying it is generated
 * artwork, so it never passes for an official poster (decision 029).
 */
export function renderArtworkSvg(kind: ArtworkKind, subject: ArtworkSubject): string {
  const { width: w, height: h } = ARTWORK_SIZES[kind];
  const [dark, mid, accent, ink] = PALETTES[hash(subject.id, 1) % PALETTES.length];
  const font = FONTS[hash(subject.id, 2) % FONTS.length];
  const name = subject.name.trim() || "Untitled";
  const caption = subject.caption ? escapeXml(subject.caption) : "";
  const label = subject.label ? escapeXml(subject.label.toUpperCase()) : "";
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(`Generated artwork: ${name}`)}">`;
  const background = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="${dark}" stop-opacity="0"/><stop offset="1" stop-color="${dark}" stop-opacity=".85"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;
  const sans = "Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";
  // The corner mark: a small pill in the bottom-right corner (cards put their buttons top-right).
  const markSize = Math.round(Math.max(13, Math.min(w, h) / 24));
  const markText = "GENERATED ARTWORK";
  const markWidth = Math.round(markText.length * markSize * 0.72 + markSize * 1.2);
  // Wide images carry it top-right instead: pages lay their title over the bottom of a backdrop.
  const markTop = kind === "backdrop" || kind === "still" ? markSize * 0.7 : h - markSize * 2.4;
  const mark =
    `<rect x="${w - markWidth - markSize * 0.6}" y="${markTop}" width="${markWidth}" height="${Math.round(markSize * 1.7)}" rx="${Math.round(markSize * 0.85)}" fill="${dark}" opacity=".7"/>` +
    `<text x="${w - markSize * 0.6 - markWidth / 2}" y="${markTop + markSize * 1.25}" text-anchor="middle" font-family="${sans}" font-size="${markSize}" font-weight="700" letter-spacing="1" fill="${ink}" opacity=".9">${markText}</text>`;
  // Attributes by name, so a caller's value replaces the default (XML allows each attribute once).
  const text = (x: number, y: number, size: number, content: string, attributes: Record<string, string | number> = {}) => {
    const all: Record<string, string | number> = { x: round(x), y: round(y), "font-family": font.family, "font-size": size, fill: ink, ...attributes };
    return `<text ${Object.entries(all)
      .map(([k, v]) => `${k}="${v}"`)
      .join(" ")}>${content}</text>`;
  };
  const big = escapeXml(initials(name));

  if (kind === "profile") {
    const cx = w / 2;
    const r = w * 0.3;
    return (
      open +
      background +
      motif(hash(subject.id, 3), w, h, accent) +
      `<circle cx="${cx}" cy="${h * 0.4}" r="${r}" fill="${dark}" opacity=".55"/><circle cx="${cx}" cy="${h * 0.4}" r="${r}" fill="none" stroke="${accent}" stroke-width="4" opacity=".8"/>` +
      text(cx, h * 0.4 + r * 0.36, Math.round(r * 0.95), big, { "text-anchor": "middle", "font-weight": font.weight, fill: accent }) +
      mark +
      "</svg>"
    );
  }

  const pattern = motif(hash(subject.id, 3), w, h, accent);
  if (kind === "poster" || kind === "season") {
    const pad = w * 0.08;
    const lines = wrap(name, 14, 4);
    const size = fitSize(lines, w - pad * 2, font.em, 30, 66);
    const lineHeight = size * 1.08;
    const captionY = h - markSize * 3.6;
    const bottom = captionY - (caption ? 44 : 4);
    const top = bottom - (lines.length - 1) * lineHeight;
    return (
      open +
      background +
      pattern +
      text(w - pad * 0.5, h * 0.48, Math.round(w * 0.62), big, { "text-anchor": "end", "font-weight": font.weight, fill: accent, opacity: ".16" }) +
      `<rect width="${w}" height="${h}" fill="url(#s)"/>` +
      (label
        ? text(pad, pad + 18, 18, label, { "font-family": sans, "font-weight": "700", "letter-spacing": "4", fill: accent }) +
          `<rect x="${pad}" y="${pad + 30}" width="44" height="4" fill="${accent}"/>`
        : "") +
      lines.map((l, i) => text(pad, top + i * lineHeight, size, escapeXml(l), { "font-weight": font.weight })).join("") +
      (caption ? text(pad, captionY, 26, caption, { "font-family": sans, "letter-spacing": "3", fill: accent }) : "") +
      mark +
      "</svg>"
    );
  }

  // Backdrops and stills sit behind the page's own title text: no name, only the initials or the episode number, large and quiet.
  const motto = kind === "still" && caption ? caption : big;
  return (
    open +
    background +
    pattern +
    text(w * 0.94, h * 0.72, Math.round(h * (kind === "still" && caption ? 0.3 : 0.62)), motto, { "text-anchor": "end", "font-weight": font.weight, fill: accent, opacity: ".22" }) +
    (label ? text(w * 0.05, h * 0.12, Math.round(h / 24), label, { "font-family": sans, "font-weight": "700", "letter-spacing": "4", fill: accent, opacity: ".9" }) : "") +
    mark +
    "</svg>"
  );
}

// --- Which image a record shows (decision 029) ---------------------------------

/** The drawn fields of a title's poster or backdrop. */
export function titleArtworkSubject(title: { id: number; name: string; year: number | null; type: "movie" | "series" }): ArtworkSubject {
  return { id: title.id, name: title.name, caption: title.year ? String(title.year) : null, label: title.type === "series" ? "Series" : "Film" };
}

/** The drawn fields of a season's poster: the series' name, "Season N", its year. */
export function seasonArtworkSubject(season: { id: number; number: number; airDate: string | null }, series: { name: string; year: number | null }): ArtworkSubject {
  // The season's own year from its air date, else the series'.
  const aired = season.airDate ? Number(season.airDate.slice(0, 4)) : NaN;
  const year = Number.isInteger(aired) && aired > 0 ? aired : series.year;
  return { id: season.id, name: series.name, caption: year ? String(year) : null, label: season.number === 0 ? "Specials" : `Season ${season.number}` };
}

/** The drawn fields of an episode's still. */
export function episodeArtworkSubject(episode: { id: number; name: string; seasonNumber: number; episodeNumber: number }): ArtworkSubject {
  return { id: episode.id, name: episode.name, caption: `S${episode.seasonNumber} · E${episode.episodeNumber}` };
}

/** The drawn fields of a person's portrait. */
export function personArtworkSubject(person: { id: number; name: string }): ArtworkSubject {
  return { id: person.id, name: person.name };
}

export interface ResolvedImage {
  src: string;
  /** Other widths of the same image (TMDB's sizes), for `srcset`. */
  srcSet?: string;
  /** True when the site drew it: pages then say so in the alt text. */
  generated: boolean;
}

/** TMDB's widths per kind, smallest first (all exist on image.tmdb.org). */
const TMDB_WIDTHS: Record<ArtworkKind, number[]> = {
  poster: [185, 342, 500],
  season: [185, 342, 500],
  profile: [185],
  backdrop: [300, 780, 1280],
  still: [300],
};

/**
 * The image a record shows: a real one (imported from TMDB or uploaded) always
 * wins; without one (or with the seed's old generated address), the site's
 * generated artwork at its immutable URL.
 */
export function resolveImage(kind: ArtworkKind, image: string | null | undefined, subject: ArtworkSubject): ResolvedImage {
  if (image && !isArtworkUrl(image)) {
    const tmdb = /^(https:\/\/image\.tmdb\.org\/t\/p\/)w\d+(\/[^/?#]+)$/.exec(image);
    const widths = TMDB_WIDTHS[kind];
    return tmdb && widths.length > 1 ? { src: image, srcSet: widths.map((w) => `${tmdb[1]}w${w}${tmdb[2]} ${w}w`).join(", "), generated: false } : { src: image, generated: false };
  }
  return { src: generatedArtworkUrl(kind, subject), generated: true };
}
