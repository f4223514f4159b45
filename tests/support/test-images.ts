/**
 * Tiny real images (24 x 16, made with ffmpeg from its test pattern) and
 * helpers that add the metadata cameras write, for the avatar tests (unit,
 * workerd and end-to-end). Not used by the application.
 */
const decode = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

export const SAMPLE_JPEG = decode(
  "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xAByAAEAAwEAAAAAAAAAAAAAAAAFAQQDBwEBAQAAAAAAAAAAAAAAAAAABAYQAAEDAwQBAgcBAQAAAAAAAAMEAgEFERITABQGIRUHpFaUVSQX1CLVEQACAgICAwEBAQAAAAAAAAADAgEEBRESBhMhFDEHIv/AABEIABAAGAMBIgACEQADEQD/2gAMAwEAAhEDEQA/AOXGf2JbWlKKmTlARSoflxhiAEYWvKYx1GIxDbfy8pGtvMNveYja/uPV/cjui6lIqobnFSJVy4TsKWmTBSEYneVU5WFgUuhMDZGsQuEOjCJym29KGQJn9vp2jzVCj0NQKnw9wiLgoiayoQnt856N5hrLlmLyNrrbZq6hC7p09c4WrUSY1FvXtcjVJkYaqNaRI08Rlr8LzpR+Xj/qBTMbHm/6Ll8n3HGZRK7CLTs2PgZjsY2ODk6yfQcRpKBhgGNvGXhABuo5hzLHqKLMYIE38jSNcKVazWZ5baEIQdgiLUUcjKqldRo6xBCE00aDMamQkncPcDrBzAeu4zjiTHbMApqgRwva9wihMwJREHMTNnifLb3iZvG7H7W7994+Cp38m4qRoTJ+p08GlR1yRStVSlUF1IpLFy9p0UKika62AsXkaVuq1kXKyL22r6h3H536p9Sh/wCfto+zZW2NTmJPN5LEs9mwvkgRiCQq8EsRwKiKRNFeNN6Zo1MyPc+t4nK9oyNq9WS7YeavkOepWtmbVKvpSGslGVmHGh/6X1CxHr8j/9k=",
);
export const SAMPLE_PNG = decode(
  "iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAABAAAAAQBPJcTWAAAA70lEQVR4nGOoZ/iHFf39ywBHDAz/4Ogfw184Yvj/H4GobJAcgx0asrVlgCMGBjs4QhK2ZbCzQ6ARYpAJAy8QvWgwAKJnbeJAFGrGAERSDDxA9LjJBIje1ekBkT8DHxDhM2h3yxSgKYkMDG1qDECDtk5zgxi0umsu0JQgBoYCBgagQWdretANAkbuX5i7ITEP4UBcj5wikL0GUwkywkOTYfOUEFoa5KbKsGO6xbk+vTw9FINMGRiOtWfcrY2LR1iJ12tUM4hUr6mYCAMRdQzqn1+HYpCyIcPUxWG3u6UzJUmIfuwGARHQICAiPkFCvAYA8ONTutb65mYAAAAASUVORK5CYII=",
);
export const SAMPLE_WEBP = decode(
  "UklGRnoBAABXRUJQVlA4IG4BAACQCACdASoYABAAPpE6l0eloyIhMAgAsBIJbACdMoRwN6TTAP4B7AHoAeUL+s3wO/s7+wHtDPEBqs/9H5gPlX0JRmpn42uSmLq4GC2rrAD+9HbT6s2rgP1Y/2V2Df3n7LN4/Ot6gG7BxvGtLyBX5y3LLuDkNHsv/4EdOsNo5TJ1+4T+tzApQI3LPMk/V1nXn/3PLwMLkCnXMgsCm8+xfSzkz3ezrzuz360tz/8TEIbtfiOBCGL+rDvYTdJ/nQK1FySdhd/G77Xs/hxNAscf6cTyADI9UCWeYuXS9tnGVolkHVL9WwZiZR9/i8ZN+uB+wiaL95Aahf6n5xI9kWrfkmJHpwb8uZb/+JgXZpA3uVitbslypKTmfNf+cC+FYYrr37nexBVDzoL1lomi4gh98VNeFAZ0Cr6pdBta2C9Ok0SKfotVb+Z/Jfr///yamHLqeW30ir638/oov9h/04tH1Af5ypkAESgEGev/2OQmAAA=",
);
export const SAMPLE_GIF = decode(
  "R0lGODlhGAAQAPcfMQAAACQAAEgAAGwAAJAAALQAANgAAPwAAAAkACQkAEgkAGwkAJAkALQkANgkAPwkAABIACRIAEhIAGxIAJBIALRIANhIAPxIAABsACRsAEhsAGxsAJBsALRsANhsAPxsAACQACSQAEiQAGyQAJCQALSQANiQAPyQAAC0ACS0AEi0AGy0AJC0ALS0ANi0APy0AADYACTYAEjYAGzYAJDYALTYANjYAPzYAAD8ACT8AEj8AGz8AJD8ALT8ANj8APz8AAAAVSQAVUgAVWwAVZAAVbQAVdgAVfwAVQAkVSQkVUgkVWwkVZAkVbQkVdgkVfwkVQBIVSRIVUhIVWxIVZBIVbRIVdhIVfxIVQBsVSRsVUhsVWxsVZBsVbRsVdhsVfxsVQCQVSSQVUiQVWyQVZCQVbSQVdiQVfyQVQC0VSS0VUi0VWy0VZC0VbS0Vdi0Vfy0VQDYVSTYVUjYVWzYVZDYVbTYVdjYVfzYVQD8VST8VUj8VWz8VZD8VbT8Vdj8Vfz8VQAAqiQAqkgAqmwAqpAAqrQAqtgAqvwAqgAkqiQkqkgkqmwkqpAkqrQkqtgkqvwkqgBIqiRIqkhIqmxIqpBIqrRIqthIqvxIqgBsqiRsqkhsqmxsqpBsqrRsqthsqvxsqgCQqiSQqkiQqmyQqpCQqrSQqtiQqvyQqgC0qiS0qki0qmy0qpC0qrS0qti0qvy0qgDYqiTYqkjYqmzYqpDYqrTYqtjYqvzYqgD8qiT8qkj8qmz8qpD8qrT8qtj8qvz8qgAA/yQA/0gA/2wA/5AA/7QA/9gA//wA/wAk/yQk/0gk/2wk/5Ak/7Qk/9gk//wk/wBI/yRI/0hI/2xI/5BI/7RI/9hI//xI/wBs/yRs/0hs/2xs/5Bs/7Rs/9hs//xs/wCQ/ySQ/0iQ/2yQ/5CQ/7SQ/9iQ//yQ/wC0/yS0/0i0/2y0/5C0/7S0/9i0//y0/wDY/yTY/0jY/2zY/5DY/7TY/9jY//zY/wD8/yT8/0j8/2z8/5D8/7T8/9j8//z8/yH/C05FVFNDQVBFMi4wAwEAAAAh+QQEAAAfACwAAAAAGAAQAAAI/wAJDSM2sOCPgz+AKQR26JhDfBDxFSRIEWHChQ4fRiQYIEjHjhJCSgAAhKQAISchQFE5EEgQl0GCJJAwE4hNl0KCCEEChSdHj0BphiRpMkjKlVBavgzgcmZNki4F6EQCweewjlJPeDFhRoKCjia8aD3KkljMAKW8DFhwoswEAGkHDDjRaQBPngcOCBBw4gMECBIinBj8oejgqgrK5A0g4MMJBBBmOnZs06hjnonz7u2b2ATbyQJKmZnrF6mBA4wdK3DTZcLkEwHMqL3cE4pmvn4BJ+jb13DpCEkWN34cWcLrysOpJmBzOwIZzwzMlPhayoSAAV7MCFEZgZRwBBFMnA7wcELB2wBixV7nmSBCQAA7",
);

export const SECRET_TEXT = "GPS 38.7223N 9.1393W camera-serial-0042";
const text = new TextEncoder();

function concat(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * A JPEG with an EXIF block (orientation and an ImageDescription holding
 * SECRET_TEXT, as a GPS position or a serial number would be), an XMP block
 * and a comment, all right after the start-of-image marker.
 */
export function jpegWithMetadata(orientation = 6): Uint8Array {
  const description = text.encode(`${SECRET_TEXT}\0`);
  // Little-endian TIFF: header, IFD0 with Orientation and ImageDescription, then the string.
  const ifdOffset = 8;
  const entries = 2;
  const stringOffset = ifdOffset + 2 + entries * 12 + 4;
  const tiff = new Uint8Array(stringOffset + description.length);
  const view = new DataView(tiff.buffer);
  tiff.set(text.encode("II"), 0);
  view.setUint16(2, 42, true);
  view.setUint32(4, ifdOffset, true);
  view.setUint16(ifdOffset, entries, true);
  // ImageDescription (0x010E), ASCII, count, offset
  view.setUint16(ifdOffset + 2, 0x010e, true);
  view.setUint16(ifdOffset + 4, 2, true);
  view.setUint32(ifdOffset + 6, description.length, true);
  view.setUint32(ifdOffset + 10, stringOffset, true);
  // Orientation (0x0112), SHORT, 1, value
  view.setUint16(ifdOffset + 14, 0x0112, true);
  view.setUint16(ifdOffset + 16, 3, true);
  view.setUint32(ifdOffset + 18, 1, true);
  view.setUint16(ifdOffset + 22, orientation, true);
  tiff.set(description, stringOffset);
  const exif = concat(text.encode("Exif\0\0"), tiff);
  const segment = (marker: number, data: Uint8Array) => concat(Uint8Array.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data);
  const xmp = text.encode(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:Description exif:GPSLatitude="${SECRET_TEXT}"/></x:xmpmeta>`);
  const comment = text.encode(SECRET_TEXT);
  return concat(SAMPLE_JPEG.subarray(0, 2), segment(0xe1, exif), segment(0xe1, xmp), segment(0xfe, comment), SAMPLE_JPEG.subarray(2));
}

function crc32(bytes: Uint8Array) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A PNG with a tEXt chunk holding SECRET_TEXT, right after IHDR. */
export function pngWithMetadata(): Uint8Array {
  const data = text.encode(`Comment\0${SECRET_TEXT}`);
  const typeAndData = concat(text.encode("tEXt"), data);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(typeAndData, 4);
  view.setUint32(8 + data.length, crc32(typeAndData));
  const ihdrEnd = 8 + 12 + 13;
  return concat(SAMPLE_PNG.subarray(0, ihdrEnd), chunk, SAMPLE_PNG.subarray(ihdrEnd));
}

/** The sample WebP in an extended (VP8X) container with an EXIF chunk holding SECRET_TEXT. */
export function webpWithMetadata(): Uint8Array {
  const riffChunk = (fourcc: string, data: Uint8Array) => {
    const header = new Uint8Array(8);
    header.set(text.encode(fourcc));
    new DataView(header.buffer).setUint32(4, data.length, true);
    return concat(header, data, data.length % 2 ? new Uint8Array(1) : new Uint8Array(0));
  };
  const vp8 = SAMPLE_WEBP.subarray(12); // the original "VP8 " chunk
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x08; // EXIF present
  const w = 24 - 1;
  const h = 16 - 1;
  vp8x.set([w & 0xff, (w >> 8) & 0xff, w >> 16, h & 0xff, (h >> 8) & 0xff, h >> 16], 4);
  const body = concat(text.encode("WEBP"), riffChunk("VP8X", vp8x), vp8, riffChunk("EXIF", text.encode(SECRET_TEXT)));
  const header = new Uint8Array(8);
  header.set(text.encode("RIFF"));
  new DataView(header.buffer).setUint32(4, body.length, true);
  return concat(header, body);
}

/** An SVG that would run script if a browser rendered it as a document. */
export const SVG_WITH_SCRIPT = text.encode(
  `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16"><script>alert(document.cookie)</script><rect width="24" height="16" fill="red"/></svg>`,
);

/** A PNG's signature and header with a width and height of `size` pixels, and nothing else (a decompression bomb's announcement). */
export function pngClaiming(width: number, height: number): Uint8Array {
  const copy = SAMPLE_PNG.slice();
  const view = new DataView(copy.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return copy;
}

export function contains(haystack: Uint8Array, needle: string) {
  return new TextDecoder("latin1").decode(haystack).includes(needle);
}
