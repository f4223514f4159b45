/**
 * Reads a request body in exact slices without ever holding more than one
 * network chunk (or, for `readUpTo`, one part) in memory. The upload code
 * uses it to cut an arbitrary stream into the equal-sized parts R2 wants.
 */
export class BodyEndedEarlyError extends Error {
  constructor() {
    super("The request body ended before the announced number of bytes arrived.");
  }
}

export class ByteReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #leftover: Uint8Array | null = null;
  #ended = false;
  /** Bytes handed out so far. */
  consumed = 0;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.getReader();
  }

  async #next(max: number): Promise<Uint8Array | null> {
    if (max <= 0) return null;
    let chunk = this.#leftover;
    this.#leftover = null;
    while (!chunk || chunk.byteLength === 0) {
      if (this.#ended) return null;
      const { done, value } = await this.#reader.read();
      if (done) {
        this.#ended = true;
        return null;
      }
      chunk = value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBufferLike);
    }
    if (chunk.byteLength > max) {
      this.#leftover = chunk.subarray(max);
      chunk = chunk.subarray(0, max);
    }
    this.consumed += chunk.byteLength;
    return chunk;
  }

  /** Chunks totalling exactly `length` bytes; throws BodyEndedEarlyError when the body is shorter. */
  async *take(length: number): AsyncGenerator<Uint8Array> {
    let left = length;
    while (left > 0) {
      const chunk = await this.#next(left);
      if (!chunk) throw new BodyEndedEarlyError();
      left -= chunk.byteLength;
      yield chunk;
    }
  }

  /** Up to `max` bytes in one buffer (fewer when the body ends first). */
  async readUpTo(max: number): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let total = 0;
    while (total < max) {
      const chunk = await this.#next(max - total);
      if (!chunk) break;
      chunks.push(chunk);
      total += chunk.byteLength;
    }
    return concatBytes(chunks, total);
  }

  /** True when no byte is left. */
  async atEnd(): Promise<boolean> {
    if (this.#leftover && this.#leftover.byteLength > 0) return false;
    const chunk = await this.#next(Number.MAX_SAFE_INTEGER);
    if (!chunk) return true;
    this.consumed -= chunk.byteLength;
    this.#leftover = chunk;
    return false;
  }

  /** Stops reading (the rest of the body is discarded). */
  async cancel(reason?: unknown) {
    this.#leftover = null;
    await this.#reader.cancel(reason).catch(() => {});
  }
}

export function concatBytes(chunks: Uint8Array[], total = chunks.reduce((n, c) => n + c.byteLength, 0)): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The chunks of a stream, as an async iterable (workerd and Node both). */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Several byte sources one after another. */
export async function* concatSources(...sources: AsyncIterable<Uint8Array>[]): AsyncGenerator<Uint8Array> {
  for (const source of sources) yield* source;
}

export async function* bytesSource(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  if (bytes.byteLength > 0) yield bytes;
}

/** Bodies of refused uploads are read up to this much, so the client hears the answer (see drainBody). */
const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * Reads and drops what is left of a request body before an early answer
 * (403 on a bad signature, 409, 423): over HTTP/1.1 a server that answers
 * and closes while the client is still sending makes most clients report a
 * broken connection instead of the status they should act on (re-sign,
 * retry). Bodies larger than the limit are cut off instead.
 */
export async function drainBody(request: Request, limit = DRAIN_LIMIT_BYTES) {
  // A body read partly (bodyUsed) still has the rest to drain, once its reader let go (not locked).
  if (!request.body || request.body.locked) return;
  const reader = request.body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to drain.
  } finally {
    reader.releaseLock();
  }
}
