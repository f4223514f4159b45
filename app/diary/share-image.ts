/**
 * The year in review's share image (og:image, decision 034): a 1200x630 PNG
 * drawn in the Worker without a rasteriser. Social networks (Facebook, X,
 * LinkedIn, Slack, Discord) do not show SVG previews, so the image is PNG;
 * a full SVG renderer (resvg-wasm) would cost about 1.5 MB of Worker, so the
 * picture holds only what rectangles can draw: the month-by-month bars and
 * the year and totals in a blocky digit font. The words are in the page's
 * og:title and og:description beside it.
 */

const WIDTH = 1200;
const HEIGHT = 630;

type Rgb = [number, number, number];
const BACKGROUND: Rgb = [24, 16, 48];
const BAR: Rgb = [167, 139, 250];
const TEXT: Rgb = [255, 255, 255];
const MUTED: Rgb = [120, 110, 160];

/** 3x5 digits (rows top to bottom, 3 bits each), and "h" for hours. */
const GLYPHS: Record<string, number[]> = {
  "0": [7, 5, 5, 5, 7],
  "1": [2, 6, 2, 2, 7],
  "2": [7, 1, 7, 4, 7],
  "3": [7, 1, 7, 1, 7],
  "4": [5, 5, 7, 1, 1],
  "5": [7, 4, 7, 1, 7],
  "6": [7, 4, 7, 5, 7],
  "7": [7, 1, 1, 1, 1],
  "8": [7, 5, 7, 5, 7],
  "9": [7, 5, 7, 1, 7],
  h: [4, 4, 7, 5, 5],
  ".": [0, 0, 0, 0, 2],
  " ": [0, 0, 0, 0, 0],
};

class Canvas {
  readonly pixels = new Uint8Array(WIDTH * HEIGHT * 3);
  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb) {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(WIDTH, Math.round(x + w));
    const y1 = Math.min(HEIGHT, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) {
      for (let xx = x0; xx < x1; xx++) {
        const i = (yy * WIDTH + xx) * 3;
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
      }
    }
  }
  text(value: string, x: number, y: number, scale: number, colour: Rgb) {
    let cx = x;
    for (const char of value) {
      const glyph = GLYPHS[char] ?? GLYPHS[" "];
      glyph.forEach((row, ry) => {
        for (let bit = 0; bit < 3; bit++) if (row & (4 >> bit)) this.rect(cx + bit * scale, y + ry * scale, scale, scale, colour);
      });
      cx += 4 * scale;
    }
    return cx;
  }
}

export interface ShareFigures {
  year: number;
  films: number;
  episodes: number;
  hours: number;
  months: number[];
}

/** The picture's pixels (RGB), for tests and for encoding. */
export function drawShareImage(figures: ShareFigures) {
  const canvas = new Canvas();
  canvas.rect(0, 0, WIDTH, HEIGHT, BACKGROUND);
  canvas.text(String(figures.year), 60, 50, 16, TEXT);
  canvas.text(String(figures.films), 60, 160, 10, BAR);
  canvas.text(String(figures.episodes), 420, 160, 10, BAR);
  canvas.text(`${figures.hours}h`, 780, 160, 10, BAR);
  const max = Math.max(1, ...figures.months);
  const slot = (WIDTH - 120) / 12;
  const base = HEIGHT - 50;
  const tallest = 280;
  figures.months.forEach((value, i) => {
    const h = (tallest * value) / max;
    canvas.rect(60 + i * slot + slot * 0.15, base - h, slot * 0.7, h, BAR);
  });
  canvas.rect(60, base, WIDTH - 120, 3, MUTED);
  return canvas.pixels;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array) {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

/** zlib (RFC 1950) through the runtime's CompressionStream ("deflate" is the zlib format PNG wants). */
async function zlib(bytes: Uint8Array) {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An 8-bit RGB PNG of the picture. */
export async function encodeSharePng(figures: ShareFigures): Promise<Uint8Array> {
  const pixels = drawShareImage(figures);
  // Each scanline starts with filter type 0 (none).
  const raw = new Uint8Array(HEIGHT * (WIDTH * 3 + 1));
  for (let y = 0; y < HEIGHT; y++) raw.set(pixels.subarray(y * WIDTH * 3, (y + 1) * WIDTH * 3), y * (WIDTH * 3 + 1) + 1);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, WIDTH);
  view.setUint32(4, HEIGHT);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", await zlib(raw)), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
