import { streamChunks } from "./byte-reader";

/**
 * R2 takes a stream only when its length is known. These helpers feed any
 * byte source through a FixedLengthStream of the exact length, so a part or
 * an object goes from the client to R2 without being collected in memory;
 * a source that is shorter or longer than announced fails the write.
 */
function exactLengthBody(length: number, source: AsyncIterable<Uint8Array>) {
  const { readable, writable } = new FixedLengthStream(length);
  const writer = writable.getWriter();
  const pumped = (async () => {
    try {
      for await (const chunk of source) await writer.write(chunk);
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => {});
      throw error;
    }
  })();
  return { body: readable, pumped };
}

/** Runs the R2 write and the pump together; the pump's error (the client's fault) wins. */
async function writeWith<T>(length: number, source: AsyncIterable<Uint8Array>, write: (body: ReadableStream) => Promise<T>) {
  const { body, pumped } = exactLengthBody(length, source);
  const written = write(body);
  // Both are awaited below; whichever fails first is reported, the other must not go unhandled.
  written.catch(() => {});
  pumped.catch(() => {});
  const [result] = await Promise.all([written, pumped]);
  return result;
}

export function uploadPartFrom(upload: R2MultipartUpload, partNumber: number, length: number, source: AsyncIterable<Uint8Array>): Promise<R2UploadedPart> {
  return writeWith(length, source, (body) => upload.uploadPart(partNumber, body));
}

/**
 * A request body of exactly `length` bytes into a part, piped natively
 * (stream to stream inside the runtime, no JavaScript per chunk): the fast
 * path for a PUT whose Content-Length was checked. A body that is shorter or
 * longer fails the write.
 */
export function uploadPartFromBody(upload: R2MultipartUpload, partNumber: number, length: number, body: ReadableStream<Uint8Array>): Promise<R2UploadedPart> {
  return pipeWith(length, body, (readable) => upload.uploadPart(partNumber, readable));
}

/** The same for a whole object. */
export function putObjectFromBody(bucket: R2Bucket, key: string, length: number, body: ReadableStream<Uint8Array>, options?: R2PutOptions): Promise<R2Object> {
  if (length === 0) return bucket.put(key, new Uint8Array(0), options);
  return pipeWith(length, body, (readable) => bucket.put(key, readable, options));
}

async function pipeWith<T>(length: number, body: ReadableStream<Uint8Array>, write: (readable: ReadableStream) => Promise<T>) {
  const { readable, writable } = new FixedLengthStream(length);
  const piped = body.pipeTo(writable);
  const written = write(readable);
  written.catch(() => {});
  piped.catch(() => {});
  const [result] = await Promise.all([written, piped]);
  return result;
}

export function putObjectFrom(bucket: R2Bucket, key: string, length: number, source: AsyncIterable<Uint8Array>, options?: R2PutOptions): Promise<R2Object> {
  if (length === 0) return bucket.put(key, new Uint8Array(0), options);
  return writeWith(length, source, (body) => bucket.put(key, body, options));
}

/** The first `length` bytes of an R2 object, streamed. */
export async function* objectPrefix(bucket: R2Bucket, key: string, length: number): AsyncGenerator<Uint8Array> {
  if (length <= 0) return;
  const object = await bucket.get(key, { range: { offset: 0, length } });
  if (!object) throw new Error(`R2 object ${key} is missing`);
  let seen = 0;
  for await (const chunk of streamChunks(object.body)) {
    seen += chunk.byteLength;
    yield chunk;
  }
  if (seen !== length) throw new Error(`R2 object ${key} is shorter than ${length} bytes`);
}

/** The first bytes of an object (for sniffing its type). */
export async function readObjectHead(bucket: R2Bucket, key: string, size: number, length = 1024): Promise<Uint8Array> {
  if (size <= 0) return new Uint8Array(0);
  const object = await bucket.get(key, { range: { offset: 0, length: Math.min(length, size) } });
  if (!object) return new Uint8Array(0);
  return new Uint8Array(await object.arrayBuffer());
}

/** Deletes every object under a prefix (a few hundred at most per call). */
export async function deletePrefix(bucket: R2Bucket, prefix: string) {
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix, cursor, limit: 500 });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
