import { describe, expect, it } from "vitest";
import { ByteReader } from "./byte-reader";
import { formBoundary, MalformedFormError, readMultipartForm, readTextField } from "./multipart-form";

/** A real multipart body, as a browser would send it, re-chunked into pieces of `chunkSize` bytes. */
async function encodeForm(form: FormData, chunkSize: number) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const bytes = new Uint8Array(await request.arrayBuffer());
  const boundary = formBoundary(request.headers.get("Content-Type"))!;
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  return { stream, boundary };
}

async function collect(form: FormData, chunkSize: number) {
  const { stream, boundary } = await encodeForm(form, chunkSize);
  const out: { name: string; filename: string | null; contentType: string | null; bytes: Uint8Array }[] = [];
  for await (const part of readMultipartForm(stream, boundary)) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of part.body) chunks.push(chunk);
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    out.push({ name: part.name, filename: part.filename, contentType: part.contentType, bytes });
  }
  return out;
}

function randomBytes(length: number) {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 7919 + (i >> 3)) & 0xff;
  // Sprinkle CR LF and dashes so near-boundaries appear in the content.
  for (let i = 0; i < length; i += 997) bytes.set([0x0d, 0x0a, 0x2d, 0x2d], Math.min(i, length - 4));
  return bytes;
}

describe("streaming multipart/form-data", () => {
  it("reads the boundary from the content type", () => {
    expect(formBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(formBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(formBoundary("application/json")).toBeNull();
    expect(formBoundary(null)).toBeNull();
  });

  for (const chunkSize of [1, 7, 64, 65_536]) {
    it(`splits fields and a binary file exactly with ${chunkSize}-byte chunks`, async () => {
      const content = randomBytes(50_000);
      const form = new FormData();
      form.append("workspaceId", "0");
      form.append("metadata", JSON.stringify({ a: "é" }));
      form.append("file", new File([content], "clip 1.mp4", { type: "video/mp4" }));
      const parts = await collect(form, chunkSize);
      expect(parts.map((p) => p.name)).toEqual(["workspaceId", "metadata", "file"]);
      expect(new TextDecoder().decode(parts[1].bytes)).toBe('{"a":"é"}');
      expect(parts[2].filename).toBe("clip 1.mp4");
      expect(parts[2].contentType).toBe("video/mp4");
      expect(parts[2].bytes).toEqual(content);
    });
  }

  it("skips a part the reader did not consume", async () => {
    const form = new FormData();
    form.append("skipped", new File([randomBytes(10_000)], "a.bin"));
    form.append("after", "value");
    const { stream, boundary } = await encodeForm(form, 100);
    const names: string[] = [];
    for await (const part of readMultipartForm(stream, boundary)) {
      names.push(part.name);
      if (part.name === "after") expect(await readTextField(part)).toBe("value");
    }
    expect(names).toEqual(["skipped", "after"]);
  });

  it("refuses a truncated form and an over-long text field", async () => {
    const form = new FormData();
    form.append("file", new File([randomBytes(5000)], "a.bin"));
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const bytes = new Uint8Array(await request.arrayBuffer()).slice(0, 3000);
    const boundary = formBoundary(request.headers.get("Content-Type"))!;
    const truncated = new ReadableStream<Uint8Array>({
      start: (c) => {
        c.enqueue(bytes);
        c.close();
      },
    });
    await expect(async () => {
      for await (const part of readMultipartForm(truncated, boundary)) for await (const _ of part.body);
    }).rejects.toThrow(MalformedFormError);

    const long = new FormData();
    long.append("metadata", "x".repeat(10_000));
    const { stream, boundary: b2 } = await encodeForm(long, 512);
    await expect(async () => {
      for await (const part of readMultipartForm(stream, b2)) await readTextField(part, 8192);
    }).rejects.toThrow(MalformedFormError);
  });
});

describe("ByteReader", () => {
  const source = (sizes: number[]) => {
    let n = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sizes.length === 0) return controller.close();
        const size = sizes.shift()!;
        controller.enqueue(Uint8Array.from({ length: size }, () => n++ & 0xff));
      },
    });
  };

  it("hands out exact slices across chunk edges", async () => {
    const reader = new ByteReader(source([3, 10, 1, 6]));
    const first: number[] = [];
    for await (const chunk of reader.take(5)) first.push(...chunk);
    expect(first).toEqual([0, 1, 2, 3, 4]);
    expect([...(await reader.readUpTo(100))]).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(await reader.atEnd()).toBe(true);
    expect(reader.consumed).toBe(20);
  });

  it("fails a take that the body cannot fill", async () => {
    const reader = new ByteReader(source([4]));
    await expect(async () => {
      for await (const _ of reader.take(5));
    }).rejects.toThrow(/ended before/);
  });

  it("peeks without consuming", async () => {
    const reader = new ByteReader(source([2, 2]));
    expect(await reader.atEnd()).toBe(false);
    expect((await reader.readUpTo(10)).length).toBe(4);
  });
});
