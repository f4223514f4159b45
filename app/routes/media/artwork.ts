import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Route } from "./+types/artwork";
import { ARTWORK_KINDS, renderArtworkSvg, type ArtworkSubject } from "~/catalogue/artwork";
import { episodes, people, titles } from "~/catalogue/schema";
import type { Database } from "~/db/client.server";
import { getApp } from "~/request/context";

const paramsSchema = z.object({
  kind: z.enum(ARTWORK_KINDS),
  file: z.string().regex(/^[1-9]\d{0,15}\.svg$/).transform((f) => Number(f.slice(0, -4))).pipe(z.number().int().max(Number.MAX_SAFE_INTEGER)),
});

async function findSubject(db: Database, kind: (typeof ARTWORK_KINDS)[number], id: number): Promise<ArtworkSubject | null> {
  if (kind === "poster" || kind === "backdrop") {
    const [row] = await db.select({ id: titles.id, name: titles.name, year: titles.year }).from(titles).where(eq(titles.id, id)).limit(1);
    return row ? { id: row.id, name: row.name, caption: kind === "poster" && row.year ? String(row.year) : null } : null;
  }
  if (kind === "profile") {
    const [row] = await db.select({ id: people.id, name: people.name }).from(people).where(eq(people.id, id)).limit(1);
    return row ?? null;
  }
  const [row] = await db
    .select({ id: episodes.id, name: episodes.name, season: episodes.seasonNumber, episode: episodes.episodeNumber })
    .from(episodes)
    .where(eq(episodes.id, id))
    .limit(1);
  return row ? { id: row.id, name: row.name, caption: `S${row.season} · E${row.episode}` } : null;
}

/** A short, stable validator for the generated image. */
function etagOf(kind: string, subject: ArtworkSubject): string {
  let h = 2166136261;
  for (const c of `${kind}|${subject.id}|${subject.name}|${subject.caption ?? ""}`) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  return `W/"art-${h.toString(36)}"`;
}

/**
 * GET /artwork/{poster|backdrop|profile|still}/{id}.svg: generated demo
 * artwork (decision 005), deterministic from the id and name, cached a day.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  const subject = parsed.success ? await findSubject(getApp(context).db, parsed.data.kind, parsed.data.file) : null;
  if (!parsed.success || !subject) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const etag = etagOf(parsed.data.kind, subject);
  const headers = {
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    ETag: etag,
    // Opened on its own the SVG is a document: it may not run or load anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag.replace(/^W\//, "") || t.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(renderArtworkSvg(parsed.data.kind, subject), {
    headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" },
  });
}
