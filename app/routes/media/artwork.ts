import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Route } from "./+types/artwork";
import {
  ARTWORK_KINDS,
  artworkHash,
  episodeArtworkSubject,
  personArtworkSubject,
  renderArtworkSvg,
  seasonArtworkSubject,
  titleArtworkSubject,
  type ArtworkKind,
  type ArtworkSubject,
} from "~/catalogue/artwork";
import { episodes, people, seasons, titles } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";
import { getApp } from "~/request/context";

/** `12.svg` (the seed's stored addresses) or `12-{hash}.svg` (decision 029's immutable ones). */
const paramsSchema = z.object({
  kind: z.enum(ARTWORK_KINDS),
  file: z
    .string()
    .regex(/^[1-9]\d{0,15}(-[0-9a-z]{1,13})?\.svg$/)
    .transform((f) => {
      const [id, version] = f.slice(0, -4).split("-");
      return { id: Number(id), version: version === undefined ? null : version };
    })
    .refine((f) => Number.isSafeInteger(f.id)),
});

/** The record's drawn fields, by primary key (one row, one index seek). */
async function findSubject(db: Database, kind: ArtworkKind, id: number): Promise<ArtworkSubject | null> {
  if (kind === "poster" || kind === "backdrop") {
    const [row] = await db.select({ id: titles.id, name: titles.name, year: titles.year, type: titles.type }).from(titles).where(eq(titles.id, id)).limit(1);
    return row ? titleArtworkSubject(row) : null;
  }
  if (kind === "season") {
    const [row] = await db
      .select({ id: seasons.id, number: seasons.number, airDate: seasons.airDate, seriesName: titles.name, seriesYear: titles.year })
      .from(seasons)
      .innerJoin(titles, eq(titles.id, seasons.titleId))
      .where(eq(seasons.id, id))
      .limit(1);
    return row ? seasonArtworkSubject(row, { name: row.seriesName, year: row.seriesYear }) : null;
  }
  if (kind === "profile") {
    const [row] = await db.select({ id: people.id, name: people.name }).from(people).where(eq(people.id, id)).limit(1);
    return row ? personArtworkSubject(row) : null;
  }
  const [row] = await db
    .select({ id: episodes.id, name: episodes.name, seasonNumber: episodes.seasonNumber, episodeNumber: episodes.episodeNumber })
    .from(episodes)
    .where(eq(episodes.id, id))
    .limit(1);
  return row ? episodeArtworkSubject(row) : null;
}

/**
 * GET /artwork/{poster|backdrop|season|profile|still}/{id}-{hash}.svg: the
 * site's generated artwork (decision 029). When the hash is the record's
 * current one the response is immutable (the URL changes with the drawing);
 * an older hash or none (stored seed addresses) gets the current drawing,
 * revalidated by ETag after a day.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  const subject = parsed.success ? await findSubject(getApp(context).db, parsed.data.kind, parsed.data.file.id) : null;
  if (!parsed.success || !subject) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const hash = artworkHash(parsed.data.kind, subject);
  const etag = `"art-${hash}"`;
  const headers = {
    "Cache-Control": parsed.data.file.version === hash ? "public, max-age=31536000, immutable" : "public, max-age=86400, stale-while-revalidate=604800",
    ETag: etag,
    // Opened on its own the SVG is a document: it may not run or load anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
  };
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(renderArtworkSvg(parsed.data.kind, subject), {
    headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" },
  });
}
