import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newRowId, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import { refreshChannel } from "./refresh.server";
import { channelRuleSchema, type ChannelRuleInput } from "./rules";
import { channelItems, channels, type ChannelLayout } from "./tables";

/**
 * Channel names are unique (decision 043), so no two presets share one.
 *
 * Ready-made sets of channels (decision 022): the seeded home page and the
 * admin area's "Film site" and "Series site" presets. Installing one
 * creates the channels whose slugs are free and leaves existing ones (an
 * admin's edits) alone; the nested channel gets its rows only when new.
 */
interface ChannelSpec {
  slug: string;
  name: string;
  layout: ChannelLayout;
  perPage: number;
  description?: string;
  rule?: ChannelRuleInput;
  /** Nested: the slugs of its rows, in order. */
  rows?: string[];
}

const CHANNELS: ChannelSpec[] = [
  { slug: "trending", name: "Trending", layout: "hero", perPage: 8, rule: { kind: "trending" }, description: "What visitors are looking at this week." },
  { slug: "trending-movies", name: "Trending movies", layout: "hero", perPage: 8, rule: { kind: "trending", type: "movie" } },
  { slug: "trending-series", name: "Trending series", layout: "hero", perPage: 8, rule: { kind: "trending", type: "series" } },
  { slug: "popular-movies", name: "Popular movies", layout: "carousel", perPage: 20, rule: { kind: "popular", type: "movie" } },
  { slug: "popular-series", name: "Popular series", layout: "carousel", perPage: 20, rule: { kind: "popular", type: "series" } },
  {
    slug: "top-rated",
    name: "Top rated",
    layout: "top-list",
    perPage: 10,
    rule: { kind: "top_rated", ratingSource: "imdb", minVotes: 1000 },
    description: "Highest IMDb ratings among titles with at least 1,000 votes.",
  },
  { slug: "top-rated-movies", name: "Top rated movies", layout: "top-list", perPage: 10, rule: { kind: "top_rated", type: "movie", ratingSource: "imdb", minVotes: 1000 } },
  { slug: "top-rated-series", name: "Top rated series", layout: "top-list", perPage: 10, rule: { kind: "top_rated", type: "series", ratingSource: "site", minVotes: 1 } },
  { slug: "new-releases", name: "New releases", layout: "carousel", perPage: 20, rule: { kind: "new_releases" }, description: "The most recently released titles." },
  { slug: "new-movies", name: "New movies", layout: "carousel", perPage: 20, rule: { kind: "new_releases", type: "movie" } },
  { slug: "new-series", name: "New series", layout: "carousel", perPage: 20, rule: { kind: "new_releases", type: "series" } },
  { slug: "coming-soon", name: "Coming soon", layout: "carousel", perPage: 20, rule: { kind: "coming_soon" } },
  { slug: "coming-soon-movies", name: "Movies coming soon", layout: "carousel", perPage: 20, rule: { kind: "coming_soon", type: "movie" } },
  { slug: "airing-this-week", name: "Airing this week", layout: "landscape", perPage: 20, rule: { kind: "airing_this_week", type: "series" } },
  { slug: "popular-in-genre", name: "Popular in this genre", layout: "carousel", perPage: 20, rule: { kind: "popular", genreFromUrl: true } },
  { slug: "top-rated-in-genre", name: "Top rated in this genre", layout: "top-list", perPage: 10, rule: { kind: "top_rated", ratingSource: "imdb", minVotes: 1000, genreFromUrl: true } },
  { slug: "new-in-genre", name: "New releases in this genre", layout: "carousel", perPage: 20, rule: { kind: "new_releases", genreFromUrl: true } },
  { slug: "genre", name: "Browse by genre", layout: "channels", perPage: 20, rows: ["popular-in-genre", "top-rated-in-genre", "new-in-genre"] },
  { slug: "home", name: "Home", layout: "channels", perPage: 20, rows: ["trending", "popular-movies", "popular-series", "top-rated", "new-releases", "coming-soon", "genre"] },
  { slug: "film-site", name: "Film site", layout: "channels", perPage: 20, rows: ["trending-movies", "popular-movies", "top-rated-movies", "new-movies", "coming-soon-movies", "genre"] },
  { slug: "series-site", name: "Series site", layout: "channels", perPage: 20, rows: ["trending-series", "popular-series", "top-rated-series", "airing-this-week", "new-series", "genre"] },
];

export const CHANNEL_PRESETS = { home: "home", film: "film-site", series: "series-site" } as const;
export type ChannelPreset = keyof typeof CHANNEL_PRESETS;

function specsOf(rootSlug: string): ChannelSpec[] {
  const bySlug = new Map(CHANNELS.map((c) => [c.slug, c]));
  const out: ChannelSpec[] = [];
  const visit = (slug: string) => {
    const spec = bySlug.get(slug)!;
    for (const row of spec.rows ?? []) visit(row);
    if (!out.includes(spec)) out.push(spec);
  };
  visit(rootSlug);
  return out;
}

/** Installs a preset; returns the root channel's id and how many channels were created. */
export async function installChannelPreset(db: Database, preset: ChannelPreset, record?: ChangeRecorder) {
  const specs = specsOf(CHANNEL_PRESETS[preset]);
  const existing = await db
    .select({ id: channels.id, slug: channels.slug })
    .from(channels)
    .where(
      inArray(
        channels.slug,
        specs.map((s) => s.slug),
      ),
    );
  const ids = new Map(existing.map((c) => [c.slug, c.id]));
  let created = 0;
  // Children come before their parents (specsOf), so a parent's rows can name their ids.
  for (const spec of specs) {
    if (ids.has(spec.slug)) continue;
    const rule = spec.rule ? channelRuleSchema.parse(spec.rule) : null;
    const values = {
      name: spec.name,
      slug: spec.slug,
      description: spec.description ?? null,
      layout: spec.layout,
      perPage: spec.perPage,
      public: true,
      source: rule ? ("automatic" as const) : ("nested" as const),
      rule,
    };
    const statements: Statement[] = [db.insert(channels).values(values).returning({ id: channels.id })];
    if (record) statements.push(record({ subjectId: newRowId, label: spec.name, before: null, after: { ...values, preset } }));
    const [inserted] = (await runBatch(db, statements)) as [{ id: number }[]];
    const id = inserted[0].id;
    ids.set(spec.slug, id);
    created++;
    if (rule) await refreshChannel(db, { id, source: "automatic", rule });
    else if (spec.rows?.length) {
      await db.insert(channelItems).values(spec.rows.map((row, position) => ({ channelId: id, variant: "", position, childChannelId: ids.get(row)! })));
    }
  }
  const rootId = ids.get(CHANNEL_PRESETS[preset])!;
  const [root] = await db.select({ slug: channels.slug }).from(channels).where(eq(channels.id, rootId));
  return { id: rootId, slug: root.slug, created };
}
