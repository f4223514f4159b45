/** The first place `needle` stands in `haystack` at or after `from`, or -1 (a byte-wise indexOf for streams of UTF-8). */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    if (startsAt(haystack, needle, i)) return i;
  }
  return -1;
}

/** The last place `needle` stands in `haystack`, or -1. */
export function lastIndexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0];
  for (let i = haystack.lastIndexOf(first, haystack.length - needle.length); i !== -1; i = i === 0 ? -1 : haystack.lastIndexOf(first, i - 1)) {
    if (startsAt(haystack, needle, i)) return i;
  }
  return -1;
}

function startsAt(haystack: Uint8Array, needle: Uint8Array, at: number): boolean {
  for (let j = 1; j < needle.length; j++) if (haystack[at + j] !== needle[j]) return false;
  return true;
}
