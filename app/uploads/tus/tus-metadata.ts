/**
 * The tus Upload-Metadata header: comma-separated pairs of a key (ASCII,
 * no spaces or commas) and an optional base64 value. Returns null when the
 * header is malformed.
 */
export function parseUploadMetadata(header: string | null): Record<string, string> | null {
  const result: Record<string, string> = {};
  if (header === null || header.trim() === "") return result;
  if (header.length > 8192) return null;
  for (const pair of header.split(",")) {
    const [key, value, ...rest] = pair.trim().split(" ");
    if (rest.length > 0 || !key || !/^[\x21-\x2b\x2d-\x7e]+$/.test(key) || Object.hasOwn(result, key)) return null;
    if (value === undefined || value === "") {
      result[key] = "";
      continue;
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) return null;
    try {
      const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
      result[key] = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
  return result;
}

export function formatUploadMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => {
      const bytes = new TextEncoder().encode(value);
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return value === "" ? key : `${key} ${btoa(binary)}`;
    })
    .join(",");
}
