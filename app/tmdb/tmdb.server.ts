import type { Settings } from "~/settings/definitions";
import { createTmdbClient, tmdbConfigFrom, tmdbImageBase, type TmdbClient } from "./client.server";
import type { ImportOptions } from "./import.server";

/**
 * The TMDB services of a request or a background job: a client when
 * TMDB_API_KEY is set (null otherwise: the screens then say how to set it),
 * and the import options from the site's settings.
 */
export function tmdbServices(env: Env, settings: Settings): { client: TmdbClient; options: ImportOptions } | null {
  const config = tmdbConfigFrom(env as unknown as Record<string, unknown>);
  if (!config) return null;
  const options = importOptionsFrom(config.imageUrl, settings);
  // The tmdb.copy_images option: imports re-host their images in the FILES bucket (decision 019).
  if (settings["tmdb.copy_images"] && env.FILES) options.imageCopy = { bucket: env.FILES, fetch: (input, init) => fetch(input, init) };
  return { client: createTmdbClient(config), options };
}

export function importOptionsFrom(imageBase: string, settings: Pick<Settings, "tmdb.region" | "tmdb.include_specials">): ImportOptions {
  return { imageBase, region: settings["tmdb.region"], includeSpecials: settings["tmdb.include_specials"] };
}

/** Where imported images are served from (pages build logo URLs from it). */
export function tmdbImageBaseOf(env: Env) {
  return tmdbImageBase(env as unknown as Record<string, unknown>);
}
