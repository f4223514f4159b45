import { describe, expect, it } from "vitest";
import { inspectImage, stripImageMetadata } from "./avatar-image";
import {
  contains,
  jpegWithMetadata,
  pngClaiming,
  pngWithMetadata,
  SAMPLE_GIF,
  SAMPLE_JPEG,
  SAMPLE_PNG,
  SAMPLE_WEBP,
  SECRET_TEXT,
  SVG_WITH_SCRIPT,
  webpWithMetadata,
} from "../../tests/support/test-images";

describe("inspectImage", () => {
  it("reads the real type and size of PNG, JPEG, GIF and WebP", () => {
    expect(inspectImage(SAMPLE_PNG)).toEqual({ ok: true, mime: "image/png", width: 24, height: 16 });
    expect(inspectImage(SAMPLE_JPEG)).toEqual({ ok: true, mime: "image/jpeg", width: 24, height: 16 });
    expect(inspectImage(SAMPLE_GIF)).toEqual({ ok: true, mime: "image/gif", width: 24, height: 16 });
    expect(inspectImage(SAMPLE_WEBP)).toEqual({ ok: true, mime: "image/webp", width: 24, height: 16 });
    expect(inspectImage(webpWithMetadata())).toEqual({ ok: true, mime: "image/webp", width: 24, height: 16 });
    expect(inspectImage(jpegWithMetadata())).toEqual({ ok: true, mime: "image/jpeg", width: 24, height: 16 });
    expect(inspectImage(pngClaiming(40000, 40000))).toMatchObject({ ok: true, width: 40000, height: 40000 });
  });

  it("refuses SVG, text renamed .png, HTML and cut files", () => {
    expect(inspectImage(SVG_WITH_SCRIPT)).toEqual({ ok: false, reason: "svg" });
    expect(inspectImage(new TextEncoder().encode("<svg onload=alert(1)>"))).toEqual({ ok: false, reason: "svg" });
    expect(inspectImage(new TextEncoder().encode("just some text, renamed to photo.png"))).toEqual({ ok: false, reason: "not-image" });
    expect(inspectImage(new TextEncoder().encode("<!doctype html><script>alert(1)</script>"))).toEqual({ ok: false, reason: "not-image" });
    expect(inspectImage(new Uint8Array(0))).toEqual({ ok: false, reason: "not-image" });
    expect(inspectImage(SAMPLE_JPEG.subarray(0, 20))).toEqual({ ok: false, reason: "unreadable" });
    expect(inspectImage(SAMPLE_PNG.subarray(0, 16))).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("stripImageMetadata", () => {
  it("removes EXIF, XMP and comments from a JPEG but keeps its orientation and pixels", () => {
    const source = jpegWithMetadata(6);
    expect(contains(source, SECRET_TEXT)).toBe(true);
    const clean = stripImageMetadata(source, "image/jpeg");
    expect(contains(clean, SECRET_TEXT)).toBe(false);
    expect(contains(clean, "xmpmeta")).toBe(false);
    expect(inspectImage(clean)).toEqual({ ok: true, mime: "image/jpeg", width: 24, height: 16 });
    // The image data (from the start of scan on) is untouched.
    const scan = (bytes: Uint8Array) => {
      for (let i = 2; i < bytes.length - 1; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xda) return bytes.subarray(i);
      return new Uint8Array();
    };
    expect(Buffer.from(scan(clean)).equals(Buffer.from(scan(SAMPLE_JPEG)))).toBe(true);
    // Orientation 6 survives as a minimal EXIF block.
    const text = new TextDecoder("latin1").decode(clean);
    expect(text).toContain("Exif\0\0MM");
    const exif = text.indexOf("Exif\0\0MM");
    // "Exif\0\0", TIFF header (8), entry count (2), tag, type and count (8), then the value (big-endian short).
    expect(clean[exif + 6 + 8 + 2 + 8 + 1]).toBe(6);
    // Upright photos need no EXIF at all; stripping twice changes nothing more.
    expect(contains(stripImageMetadata(jpegWithMetadata(1), "image/jpeg"), "Exif")).toBe(false);
    expect(Buffer.from(stripImageMetadata(clean, "image/jpeg")).equals(Buffer.from(clean))).toBe(true);
  });

  it("removes PNG text chunks and WebP EXIF chunks", () => {
    const png = stripImageMetadata(pngWithMetadata(), "image/png");
    expect(contains(png, SECRET_TEXT)).toBe(false);
    expect(Buffer.from(png).equals(Buffer.from(SAMPLE_PNG))).toBe(true);

    const webp = stripImageMetadata(webpWithMetadata(), "image/webp");
    expect(contains(webp, SECRET_TEXT)).toBe(false);
    expect(inspectImage(webp)).toEqual({ ok: true, mime: "image/webp", width: 24, height: 16 });
    expect(new DataView(webp.buffer, webp.byteOffset).getUint32(4, true)).toBe(webp.length - 8);
    expect(webp[20] & 0x08).toBe(0);
    expect(stripImageMetadata(SAMPLE_GIF, "image/gif")).toBe(SAMPLE_GIF);
  });
});
