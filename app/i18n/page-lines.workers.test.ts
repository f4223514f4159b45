import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { openD1 } from "~/db/client.server";
import { invalidateLocalizationsCache } from "~/i18n/i18n.server";
import { localizations } from "~/i18n/tables";
import { loader } from "~/routes/resources/i18n";
import { linesVersion } from "./page-lines";
import { spliceDocument } from "~/http/splice-document";
import { pageLinesScript } from "./page-lines.server";

/** GET /resources/i18n/:language (the whole table) and the document's inline lines, in workerd. */
const { db } = openD1(env.DB, null);
const LINES = { Login: "Connexion", Register: "Créer un compte", "</script>": "<b>x</b>" };

beforeAll(async () => {
  await db
    .insert(localizations)
    .values({ language: "fr", name: "Français", lines: LINES })
    .onConflictDoUpdate({ target: localizations.language, set: { lines: LINES } });
  invalidateLocalizationsCache();
});

async function table(path: string) {
  const request = new Request(`http://localhost:8787${path}`);
  const language = new URL(request.url).pathname.split("/").pop()!;
  const { value, thrown } = await runRoute(request, (args) => loader({ ...args, params: { language: decodeURIComponent(language) } } as never));
  expect(thrown).toBeUndefined();
  return value as Response;
}

describe("GET /resources/i18n/:language", () => {
  it("answers the whole table; by its current version, cacheable for a year", async () => {
    const version = linesVersion(LINES)!;
    const current = await table(`/resources/i18n/fr?v=${version}`);
    expect(current.status).toBe(200);
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await current.json()).toEqual({ language: "fr", version, lines: LINES });

    const stale = await table("/resources/i18n/fr?v=old1");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("Cache-Control")).toBe("no-cache");
    expect(((await stale.json()) as { version: string }).version).toBe(version);
  });

  it("refuses an unknown language (404) and a malformed version or language (400/404), never a 500", async () => {
    expect((await table("/resources/i18n/xx")).status).toBe(404);
    expect((await table("/resources/i18n/%3Cscript%3E")).status).toBe(404);
    const bad = await table("/resources/i18n/fr?v=NOT%20A%20VERSION");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { v: [expect.any(String)] } });
  });
});

describe("the page's lines in the HTML", () => {
  it("puts the lines the render recorded before </body>, read when the stream gets there", async () => {
    const recorded: Record<string, string> = {};
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("<!DOCTYPE html><html><head></head><body><p>Connexion</p>"));
        // A part that renders late records its lines before the end of the body arrives.
        recorded.Login = "Connexion";
        controller.enqueue(encoder.encode("<script type=\"module\">import('/a.js')</script></body></html>"));
        controller.close();
      },
    });
    const html = await new Response(spliceDocument(stream, { tail: () => pageLinesScript({ ...recorded }, "n0nce") })).text();
    expect(html).toBe(
      '<!DOCTYPE html><html><head></head><body><p>Connexion</p><script type="module">import(\'/a.js\')</script><script nonce="n0nce">__beLines={"Login":"Connexion"}</script></body></html>',
    );
  });
});
