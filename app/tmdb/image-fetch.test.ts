import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchImage, isPrivateHost } from "./image-fetch";

/**
 * The TMDB image copy's fetch against real local HTTP servers (decision 021,
 * SSRF by redirect): "the image host" redirects on itself, to a second
 * server (another host: 127.0.0.1 vs localhost), to the cloud metadata
 * address, in a loop; answers HTML; and streams a body past the cap with no
 * Content-Length. The second server records every request it gets.
 */

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
let image: Server;
let other: Server;
let imageBase = "";
let otherBase = "";
const otherHits: string[] = [];
let streamed = 0;

function listen(server: Server) {
  return new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  other = createServer((req, res) => {
    otherHits.push(req.url ?? "");
    res.writeHead(200, { "Content-Type": "image/png" }).end(PNG);
  });
  const otherPort = await listen(other);
  otherBase = `http://localhost:${otherPort}`;
  image = createServer((req, res) => {
    const url = req.url ?? "";
    if (url === "/t/p/w500/ok.png") return void res.writeHead(200, { "Content-Type": "image/png" }).end(PNG);
    if (url === "/t/p/w500/hop.png") return void res.writeHead(302, { Location: "/t/p/w500/ok.png" }).end();
    if (url === "/t/p/w500/away.png") return void res.writeHead(302, { Location: `${otherBase}/secret.png` }).end();
    if (url === "/t/p/w500/metadata.png") return void res.writeHead(301, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (url.startsWith("/t/p/w500/loop")) return void res.writeHead(302, { Location: `/t/p/w500/loop${Number(url.slice(15, -4) || 0) + 1}.png` }).end();
    if (url === "/t/p/w500/page.png") return void res.writeHead(200, { "Content-Type": "text/html" }).end("<html></html>");
    if (url === "/t/p/w500/huge.png") {
      res.writeHead(200, { "Content-Type": "image/png" });
      const chunk = Buffer.alloc(64 * 1024);
      let closed = false;
      res.on("close", () => (closed = true));
      const pump = () => {
        while (!closed && streamed < 50 * 1024 * 1024) {
          streamed += chunk.byteLength;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
      return;
    }
    res.writeHead(404).end();
  });
  imageBase = `http://127.0.0.1:${await listen(image)}/t/p`;
});

afterAll(() => {
  image.close();
  other.close();
});

const limits = () => ({ allowedBase: imageBase, maxBytes: 256 * 1024, maxRedirects: 3, types: new Set(["image/png", "image/jpeg"]) });

describe("TMDB image copy fetch", () => {
  it("fetches an image on the configured host, following a redirect that stays on it", async () => {
    expect(await fetchImage(fetch, `${imageBase}/w500/ok.png`, limits())).toMatchObject({ ok: true, type: "image/png" });
    expect(await fetchImage(fetch, `${imageBase}/w500/hop.png`, limits())).toMatchObject({ ok: true, type: "image/png" });
  });

  it("never follows a redirect off the configured image host: the other server is never asked", async () => {
    otherHits.length = 0;
    expect(await fetchImage(fetch, `${imageBase}/w500/away.png`, limits())).toMatchObject({ ok: false, reason: "private address" });
    expect(await fetchImage(fetch, `${imageBase}/w500/metadata.png`, limits())).toMatchObject({ ok: false, reason: "private address" });
    expect(await fetchImage(fetch, `${otherBase}/secret.png`, limits())).toMatchObject({ ok: false });
    expect(otherHits).toEqual([]);
  });

  it("stops after a bounded number of same-host redirects", async () => {
    expect(await fetchImage(fetch, `${imageBase}/w500/loop0.png`, limits())).toMatchObject({ ok: false, reason: "too many redirects" });
  });

  it("refuses a non-image content type and a body past the cap, without reading it all", async () => {
    expect(await fetchImage(fetch, `${imageBase}/w500/page.png`, limits())).toMatchObject({ ok: false, reason: "not an image" });
    streamed = 0;
    expect(await fetchImage(fetch, `${imageBase}/w500/huge.png`, limits())).toMatchObject({ ok: false, reason: "too large" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streamed).toBeLessThan(8 * 1024 * 1024);
  });

  it("knows private, loopback and link-local addresses in every spelling", () => {
    for (const host of [
      "127.0.0.1",
      "localhost",
      "a.localhost",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "[::1]",
      "[fe80::1]",
      "[fd00::1]",
      "[::ffff:7f00:1]",
      "2130706433",
      "0x7f000001",
    ]) {
      expect(isPrivateHost(host), host).toBe(true);
    }
    for (const host of ["image.tmdb.org", "8.8.8.8", "[2606:4700::1]", "172.32.0.1"]) expect(isPrivateHost(host), host).toBe(false);
  });
});
