/**
 * Generated artwork for the demo catalogue: SVG posters, backdrops, profile
 * images and episode stills, a pure function of the row's id (palette,
 * motif, typography) and its name (initials, title). Served by
 * /artwork/{kind}/{id}.svg (decision 005), a few hundred bytes each.
 */

export const ARTWORK_KINDS = ["poster", "backdrop", "profile", "still"] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

/** Intrinsic sizes, so pages can reserve the space (`width`/`height` attributes). */
export const ARTWORK_SIZES: Record<ArtworkKind, { width: number; height: number }> = {
  poster: { width: 400, height: 600 }, // 2:3
  backdrop: { width: 1280, height: 720 }, // 16:9
  profile: { width: 300, height: 450 }, // 2:3
  still: { width: 640, height: 360 }, // 16:9
};

/** Site-relative URL of a generated image; `id` is a title (poster, backdrop), person (profile) or episode (still) id. */
export function artworkUrl(kind: ArtworkKind, id: number): string {
  return `/artwork/${kind}/${id}.svg`;
}

export interface ArtworkSubject {
  id: number;
  name: string;
  /** A second line: a year, "S1 · E4", a department. */
  caption?: string | null;
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

const FONTS = [
  "Georgia, 'Times New Roman', serif",
  "'Helvetica Neue', Arial, sans-serif",
  "'Courier New', monospace",
  "Impact, 'Arial Narrow', sans-serif",
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
    else if ((line + " " + word).length <= maxChars) line += " " + word;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = kept[maxLines - 1].slice(0, maxChars - 1) + "…";
    return kept;
  }
  return lines.map((l) => (l.length > maxChars ? l.slice(0, maxChars - 1) + "…" : l));
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

/** The SVG document for one image. */
export function renderArtworkSvg(kind: ArtworkKind, subject: ArtworkSubject): string {
  const { width: w, height: h } = ARTWORK_SIZES[kind];
  const [dark, mid, accent, ink] = PALETTES[hash(subject.id, 1) % PALETTES.length];
  const font = FONTS[hash(subject.id, 2) % FONTS.length];
  const name = subject.name.trim() || "Untitled";
  const caption = subject.caption ? escapeXml(subject.caption) : "";
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(name)}">`;
  const background = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;
  const demo = `<text x="${w - 10}" y="${h - 10}" text-anchor="end" font-family="Arial, sans-serif" font-size="${Math.round(Math.max(10, w / 45))}" fill="${ink}" opacity=".45">demo artwork</text>`;
  const text = (x: number, y: number, size: number, content: string, extra = "") =>
    `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" fill="${ink}"${extra}>${content}</text>`;

  if (kind === "profile") {
    const cx = w / 2;
    return (
      open +
      background +
      `<circle cx="${cx}" cy="${h * 0.36}" r="${w * 0.22}" fill="${accent}" opacity=".35"/>` +
      `<path d="M${w * 0.12} ${h}C${w * 0.12} ${h * 0.66} ${w * 0.88} ${h * 0.66} ${w * 0.88} ${h}Z" fill="${accent}" opacity=".25"/>` +
      text(cx, h * 0.36 + w * 0.08, Math.round(w * 0.2), escapeXml(initials(name)), ` text-anchor="middle" font-weight="700"`) +
      demo +
      "</svg>"
    );
  }

  const pattern = motif(hash(subject.id, 3), w, h, accent);
  if (kind === "poster") {
    const lines = wrap(name, 16, 3);
    const size = 38;
    const top = h * 0.7 - (lines.length - 1) * size * 1.15;
    return (
      open +
      background +
      pattern +
      text(w / 2, h * 0.42, 150, escapeXml(initials(name)), ` text-anchor="middle" font-weight="700" opacity=".9"`) +
      lines.map((l, i) => text(w / 2, top + i * size * 1.15, size, escapeXml(l), ` text-anchor="middle" font-weight="700"`)).join("") +
      (caption ? text(w / 2, h * 0.86, 22, caption, ` text-anchor="middle" letter-spacing="4" opacity=".8"`) : "") +
      demo +
      "</svg>"
    );
  }

  // Backdrops and stills: wide scenes with a quiet caption, meant to sit behind text.
  const lines = wrap(name, kind === "backdrop" ? 28 : 30, 2);
  const size = kind === "backdrop" ? 56 : 30;
  return (
    open +
    background +
    pattern +
    lines.map((l, i) => text(w * 0.06, h * 0.78 + i * size * 1.1 - (lines.length - 1) * size * 1.1, size, escapeXml(l), ` font-weight="700" opacity=".85"`)).join("") +
    (caption ? text(w * 0.06, h * 0.9, Math.round(size * 0.5), caption, ` opacity=".75"`) : "") +
    demo +
    "</svg>"
  );
}
