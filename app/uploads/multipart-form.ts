import { indexOfBytes } from "~/http/bytes";

/**
 * A streaming multipart/form-data reader (RFC 7578). Unlike
 * `request.formData()`, which collects the whole body in memory, it hands
 * out each part's content as it arrives, holding at most one network chunk
 * plus the boundary. Each part's `body` must be read (or `skip`ped) before
 * the next part is requested.
 */
export class MalformedFormError extends Error {}

export interface FormPart {
  name: string;
  /** Present for file fields. */
  filename: string | null;
  contentType: string | null;
  body: AsyncGenerator<Uint8Array>;
}

export interface FormLimits {
  /** Largest header block of one part. */
  maxHeaderBytes?: number;
  /** Most parts in one form. */
  maxParts?: number;
}

const encoder = new TextEncoder();
const CRLF = encoder.encode("\r\n");
const HEADER_END = encoder.encode("\r\n\r\n");

/** The boundary of a multipart/form-data Content-Type, or null. */
export function formBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function parseHeaders(block: string) {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MalformedFormError("A part header is malformed.");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function dispositionParam(disposition: string, name: string): string | null {
  // filename*=UTF-8''... wins over filename="..." (RFC 6266).
  const extended = new RegExp(`;\\s*${name}\\*\\s*=\\s*UTF-8''([^;]+)`, "i").exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const quoted = new RegExp(`;\\s*${name}\\s*=\\s*"((?:[^"\\\\]|\\\\.)*)"`, "i").exec(disposition);
  if (quoted) return quoted[1].replace(/\\(.)/g, "$1");
  const bare = new RegExp(`;\\s*${name}\\s*=\\s*([^;\\s]+)`, "i").exec(disposition);
  return bare ? bare[1] : null;
}

export async function* readMultipartForm(stream: ReadableStream<Uint8Array>, boundary: string, { maxHeaderBytes = 16 * 1024, maxParts = 50 }: FormLimits = {}): AsyncGenerator<FormPart> {
  const reader = stream.getReader();
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  let buffer: Uint8Array = new Uint8Array(0);
  let done = false;

  const fill = async (): Promise<boolean> => {
    if (done) return false;
    const { done: finished, value } = await reader.read();
    if (finished) {
      done = true;
      return false;
    }
    buffer = concat(buffer, value);
    return true;
  };

  try {
    // The body starts with the first boundary (a preamble before it is ignored).
    buffer = concat(CRLF, buffer);
    for (;;) {
      const at = indexOfBytes(buffer, delimiter);
      if (at !== -1) {
        buffer = buffer.subarray(at + delimiter.length);
        break;
      }
      if (buffer.length > maxHeaderBytes) throw new MalformedFormError("The form does not start with its boundary.");
      if (!(await fill())) throw new MalformedFormError("The form is empty or has no boundary.");
    }

    for (let parts = 0; ; parts++) {
      // After a boundary: "--" ends the form, CRLF starts a part.
      while (buffer.length < 2) if (!(await fill())) throw new MalformedFormError("The form ended unexpectedly.");
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) return;
      // Tolerate transport padding (spaces, tabs) before the CRLF.
      let headerStart = indexOfBytes(buffer, CRLF);
      while (headerStart === -1) {
        if (buffer.length > 256 || !(await fill())) throw new MalformedFormError("A boundary line is malformed.");
        headerStart = indexOfBytes(buffer, CRLF);
      }
      buffer = buffer.subarray(headerStart + 2);
      if (parts >= maxParts) throw new MalformedFormError("The form has too many parts.");

      let headerEnd = indexOfBytes(buffer, HEADER_END);
      while (headerEnd === -1) {
        if (buffer.length > maxHeaderBytes) throw new MalformedFormError("A part's headers are too large.");
        if (!(await fill())) throw new MalformedFormError("The form ended inside a part's headers.");
        headerEnd = indexOfBytes(buffer, HEADER_END);
      }
      const headers = parseHeaders(new TextDecoder().decode(buffer.subarray(0, headerEnd)));
      buffer = buffer.subarray(headerEnd + HEADER_END.length);
      const disposition = headers.get("content-disposition") ?? "";
      if (!/^form-data\b/i.test(disposition)) throw new MalformedFormError("A part is not form data.");
      const name = dispositionParam(disposition, "name");
      if (name === null) throw new MalformedFormError("A part has no field name.");

      let finished = false;
      async function* body(): AsyncGenerator<Uint8Array> {
        for (;;) {
          const at = indexOfBytes(buffer, delimiter);
          if (at !== -1) {
            if (at > 0) yield buffer.slice(0, at);
            buffer = buffer.subarray(at + delimiter.length);
            finished = true;
            return;
          }
          // Everything but a possible partial delimiter at the end can go.
          const safe = buffer.length - (delimiter.length - 1);
          if (safe > 0) {
            const chunk = buffer.slice(0, safe);
            buffer = buffer.subarray(safe);
            yield chunk;
          }
          if (!(await fill())) throw new MalformedFormError("The form ended inside a part.");
        }
      }
      const part: FormPart = {
        name,
        filename: dispositionParam(disposition, "filename"),
        contentType: headers.get("content-type") ?? null,
        body: body(),
      };
      yield part;
      if (!finished) {
        // The consumer did not read the whole part: skip the rest.
        for await (const _ of part.body) {
          // discard
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** Reads a small text field (at most `max` bytes). */
export async function readTextField(part: FormPart, max = 8192): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of part.body) {
    total += chunk.byteLength;
    if (total > max) throw new MalformedFormError(`The field ${part.name} is too long.`);
    chunks.push(chunk);
  }
  let joined: Uint8Array = new Uint8Array(0);
  for (const chunk of chunks) joined = concat(joined, chunk);
  return new TextDecoder().decode(joined);
}
