import { describe, expect, it } from "vitest";
import { allExtensionsOf, cleanFileName, cleanMime, extensionOf, sniffMime } from "./file-types";
import { expectedPartLength, multipartPartSize, partCount, tusPartSize } from "./part-size";
import { checkFile, effectiveMaxSize, formatBytes, isTypeAllowed, mimeMatches, type UploadRestrictions } from "./restrictions";
import { defaultSettings } from "~/settings/definitions";
import { createTranslate } from "~/i18n/translate";

const MiB = 1024 * 1024;
const open: UploadRestrictions = { maxSize: null, allowed: [], blocked: [] };
const defaults = defaultSettings();
const siteDefaults: UploadRestrictions = {
  maxSize: defaults["uploads.max_size"],
  allowed: defaults["uploads.allowed_extensions"],
  blocked: defaults["uploads.blocked_extensions"],
};

describe("size", () => {
  it("refuses a file over the maximum with the spec's message, the name and a readable size", () => {
    const violation = checkFile({ name: "movie.mp4", size: 2 * MiB + 1, mime: "video/mp4" }, { ...open, maxSize: 2 * MiB });
    expect(violation?.code).toBe("too_large");
    expect(createTranslate({})(violation!.message, violation!.values)).toBe("`movie.mp4` exceeds maximum allowed size of 2 MB");
  });

  it("accepts a file of exactly the maximum", () => {
    expect(checkFile({ name: "a.png", size: 2 * MiB, mime: "image/png" }, { ...open, maxSize: 2 * MiB })).toBeNull();
  });

  it("refuses empty files", () => {
    expect(checkFile({ name: "empty.txt", size: 0 }, open)?.code).toBe("empty");
    expect(checkFile({ name: "weird.txt", size: Number.NaN }, open)?.code).toBe("empty");
  });

  it("takes the stricter of the site maximum and a role quota in MB", () => {
    expect(effectiveMaxSize(100 * MiB, 5)).toBe(5 * MiB);
    expect(effectiveMaxSize(100 * MiB, null)).toBe(100 * MiB);
    expect(effectiveMaxSize(null, 0)).toBeNull();
    expect(effectiveMaxSize(null, 7)).toBe(7 * MiB);
  });

  it("formats sizes in binary units", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2 * 1024 ** 3)).toBe("2 GB");
    expect(formatBytes(5 * MiB + 100)).toBe("5 MB");
  });
});

describe("types", () => {
  it("blocks by extension, case-insensitively and with a leading dot in the rule", () => {
    const rules = { ...open, blocked: [".EXE"] };
    expect(checkFile({ name: "setup.exe", size: 10 }, rules)?.message).toBe("This file type is not allowed");
    expect(isTypeAllowed({ name: "SETUP.EXE", size: 10 }, rules)).toBe(false);
    expect(isTypeAllowed({ name: "notes.txt", size: 10 }, rules)).toBe(true);
  });

  it("blocks double extensions in either order", () => {
    expect(isTypeAllowed({ name: "x.jpg.html", size: 10, mime: "image/jpeg" }, siteDefaults)).toBe(false);
    expect(isTypeAllowed({ name: "x.php.jpg", size: 10, mime: "image/jpeg" }, siteDefaults)).toBe(false);
    expect(isTypeAllowed({ name: "holiday.2024.jpg", size: 10, mime: "image/jpeg" }, siteDefaults)).toBe(true);
    expect(isTypeAllowed({ name: "backup.tar.gz", size: 10 }, siteDefaults)).toBe(true);
  });

  it("blocks by mime pattern whether the type is declared, implied by the extension or sniffed", () => {
    const rules = { ...open, blocked: ["text/html"] };
    expect(isTypeAllowed({ name: "page", size: 10, mime: "text/html; charset=utf-8" }, rules)).toBe(false);
    expect(isTypeAllowed({ name: "page.htm", size: 10, mime: "application/octet-stream" }, rules)).toBe(false);
    expect(isTypeAllowed({ name: "photo.jpg", size: 10, mime: "image/jpeg", sniffedMime: "text/html" }, rules)).toBe(false);
    expect(isTypeAllowed({ name: "photo.jpg", size: 10, mime: "image/jpeg", sniffedMime: "image/jpeg" }, rules)).toBe(true);
  });

  it("allows only listed types when an allow-list exists", () => {
    const images = { ...open, allowed: ["image/*"] };
    expect(isTypeAllowed({ name: "a.png", size: 1, mime: "image/png" }, images)).toBe(true);
    expect(isTypeAllowed({ name: "a.pdf", size: 1, mime: "application/pdf" }, images)).toBe(false);
    // A declared image type does not smuggle in an HTML file name.
    expect(isTypeAllowed({ name: "a.html", size: 1, mime: "image/png" }, images)).toBe(false);
    // Nothing known about the type: not on the list.
    expect(isTypeAllowed({ name: "blob", size: 1, mime: "application/octet-stream" }, images)).toBe(false);
    const pdfs = { ...open, allowed: ["pdf"] };
    expect(isTypeAllowed({ name: "Report.PDF", size: 1 }, pdfs)).toBe(true);
    expect(isTypeAllowed({ name: "report.docx", size: 1 }, pdfs)).toBe(false);
  });

  it("lets blocked win over allowed", () => {
    expect(isTypeAllowed({ name: "x.svg", size: 1, mime: "image/svg+xml" }, { ...open, allowed: ["image/*"], blocked: ["svg"] })).toBe(false);
  });

  it("matches mime patterns", () => {
    expect(mimeMatches("image/*", "image/png")).toBe(true);
    expect(mimeMatches("image/*", "video/mp4")).toBe(false);
    expect(mimeMatches("*/*", "video/mp4")).toBe(true);
    expect(mimeMatches("application/pdf", "application/pdf")).toBe(true);
  });

  it("keeps ordinary media allowed by the default settings", () => {
    for (const [name, mime] of [
      ["a.mp4", "video/mp4"],
      ["b.jpg", "image/jpeg"],
      ["c.pdf", "application/pdf"],
      ["d.zip", "application/zip"],
    ]) {
      expect(checkFile({ name, size: 100, mime }, siteDefaults)).toBeNull();
    }
  });
});

describe("file names and types", () => {
  it("reads extensions", () => {
    expect(extensionOf("Holiday Photo.JPG")).toBe("jpg");
    expect(extensionOf("archive.tar.gz")).toBe("gz");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("README")).toBe("");
    expect(extensionOf("dir/sub.d/file")).toBe("");
    expect(allExtensionsOf("x.jpg.html")).toEqual(["jpg", "html"]);
    expect(allExtensionsOf(".config.json")).toEqual(["json"]);
  });

  it("cleans file names", () => {
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\me\\a\u0000b.txt")).toBe("ab.txt");
    expect(cleanFileName("   ")).toBe("file");
    expect(cleanFileName("evil\u202egpj.exe")).toBe("evilgpj.exe");
    const long = cleanFileName(`${"a".repeat(400)}.mp4`);
    expect(long.length).toBe(255);
    expect(long.endsWith(".mp4")).toBe(true);
  });

  it("cleans mime types", () => {
    expect(cleanMime("Image/PNG; charset=binary")).toBe("image/png");
    expect(cleanMime("not a type")).toBe("application/octet-stream");
    expect(cleanMime(undefined)).toBe("application/octet-stream");
  });

  it("sniffs what the content is", () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    const text = (s: string) => new TextEncoder().encode(s);
    expect(sniffMime(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(sniffMime(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffMime(text("MZ\x90\x00"))).toBe("application/x-msdownload");
    expect(sniffMime(text("\ufeff  <!DOCTYPE html><html>"))).toBe("text/html");
    expect(sniffMime(text("<svg xmlns='http://www.w3.org/2000/svg'>"))).toBe("image/svg+xml");
    expect(sniffMime(text("just some notes"))).toBeNull();
  });
});

describe("part sizes", () => {
  it("uses 20 MB parts for ordinary multipart uploads and grows them for huge files", () => {
    expect(multipartPartSize(120 * MiB)).toBe(20 * MiB);
    expect(multipartPartSize(1024 * 1024 * MiB)).toBe(Math.ceil((1024 * 1024 * MiB) / 10_000));
    expect(partCount(1024 * 1024 * MiB, multipartPartSize(1024 * 1024 * MiB))).toBeLessThanOrEqual(10_000);
  });

  it("never goes below 5 MiB for tus and follows the configured chunk size", () => {
    expect(tusPartSize(50 * MiB, 1 * MiB)).toBe(5 * MiB);
    expect(tusPartSize(50 * MiB, 10 * MiB)).toBe(10 * MiB);
    expect(tusPartSize(200 * 1024 * MiB, 5 * MiB)).toBe(Math.ceil((200 * 1024 * MiB) / 10_000));
  });

  it("knows the exact length of every part", () => {
    const size = 45 * MiB + 3;
    expect(partCount(size, 20 * MiB)).toBe(3);
    expect(expectedPartLength(size, 20 * MiB, 1)).toBe(20 * MiB);
    expect(expectedPartLength(size, 20 * MiB, 3)).toBe(5 * MiB + 3);
    expect(expectedPartLength(size, 20 * MiB, 4)).toBeNull();
    expect(expectedPartLength(size, 20 * MiB, 0)).toBeNull();
    expect(expectedPartLength(size, 20 * MiB, 1.5)).toBeNull();
  });
});
