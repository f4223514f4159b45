import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { createChannel, deleteChannels, homePageChannelIds, updateChannel } from "./channel-admin.server";
import { channelFormSchema } from "./schema";
import { installChannelPreset } from "./presets";
import { channels } from "./tables";

/**
 * The channel admin's rules (decision 043) against real D1: unique names
 * (ignoring case, with a field message, also under a racing insert), and
 * the channels the home page uses cannot be deleted. Fixtures are fictional.
 */
const { db } = openD1(env.DB, null);
const form = (input: Record<string, unknown>) => channelFormSchema.parse({ source: "manual", ...input });

beforeEach(async () => {
  await db.delete(channels);
});

describe("channel names", () => {
  it("refuses a second channel with the same name, ignoring case, with a field message and nothing stored", async () => {
    const first = await createChannel(db, { ...form({ name: "Quayside Picks" }), slug: "quayside-picks" });
    expect(first.ok).toBe(true);
    const second = await createChannel(db, { ...form({ name: "quayside picks" }), slug: "other-picks" });
    expect(second).toEqual({ ok: false, errors: { name: ["Another channel already has this name."] } });
    expect(await db.$count(channels)).toBe(1);
  });

  it("refuses renaming a channel to another's name, but lets a channel keep (or re-case) its own", async () => {
    const a = await createChannel(db, { ...form({ name: "Harbour Nights" }), slug: "harbour-nights" });
    const b = await createChannel(db, { ...form({ name: "Lantern Row" }), slug: "lantern-row" });
    if (!a.ok || !b.ok) throw new Error("setup");
    const clash = await updateChannel(db, b.id, { ...form({ name: "HARBOUR NIGHTS" }), slug: "lantern-row" });
    expect(clash).toEqual({ ok: false, errors: { name: ["Another channel already has this name."] } });
    expect((await updateChannel(db, a.id, { ...form({ name: "Harbour nights" }), slug: "harbour-nights" })).ok).toBe(true);
  });

  it("the unique index holds even when the check is raced (two inserts at once)", async () => {
    const results = await Promise.all([createChannel(db, { ...form({ name: "Twin Row" }), slug: "twin-row-a" }), createChannel(db, { ...form({ name: "Twin Row" }), slug: "twin-row-b" })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await db.$count(channels)).toBe(1);
    await expect(db.insert(channels).values({ name: "twin ROW", slug: "twin-row-c", layout: "carousel", perPage: 20, public: true, source: "manual" })).rejects.toThrow();
  });

  it("the presets install with no two channels named alike", async () => {
    await installChannelPreset(db, "home");
    await installChannelPreset(db, "film");
    await installChannelPreset(db, "series");
    const names = (await db.select({ name: channels.name }).from(channels)).map((r) => r.name.toLowerCase());
    expect(names.length).toBeGreaterThan(15);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("the home page's channels", () => {
  it("are the homepage channel and every channel below it; none of them can be deleted, and a mixed request deletes nothing", async () => {
    const home = await installChannelPreset(db, "home");
    const spare = await createChannel(db, { ...form({ name: "Spare Row" }), slug: "spare-row" });
    if (!spare.ok) throw new Error("setup");
    const used = await homePageChannelIds(db, "home");
    expect(used.has(home.id)).toBe(true);
    const trending = (await db.select({ id: channels.id, slug: channels.slug }).from(channels)).find((c) => c.slug === "trending")!;
    const inGenre = (await db.select({ id: channels.id, slug: channels.slug }).from(channels)).find((c) => c.slug === "popular-in-genre")!;
    expect(used.has(trending.id)).toBe(true);
    expect(used.has(inGenre.id)).toBe(true); // two levels down, through "Browse by genre"
    expect(used.has(spare.id)).toBe(false);

    expect(await deleteChannels(db, [home.id], "home")).toEqual({ ok: false, inUse: ["Home"] });
    expect(await deleteChannels(db, [spare.id, trending.id], "home")).toEqual({ ok: false, inUse: ["Trending"] });
    expect(await db.$count(channels)).toBe(used.size + 1);
    expect(await deleteChannels(db, [spare.id], "home")).toEqual({ ok: true, deleted: [spare.id] });
  });

  it("follow the setting: another homepage channel is protected instead, by slug or id", async () => {
    await installChannelPreset(db, "home");
    const film = await installChannelPreset(db, "film");
    const home = (await db.select({ id: channels.id, slug: channels.slug }).from(channels)).find((c) => c.slug === "home")!;
    expect((await homePageChannelIds(db, String(film.id))).has(film.id)).toBe(true);
    expect((await homePageChannelIds(db, "film-site")).has(home.id)).toBe(false);
    expect(await deleteChannels(db, [home.id], "film-site")).toEqual({ ok: true, deleted: [home.id] });
    expect(await homePageChannelIds(db, "no-such-channel")).toEqual(new Set());
  });
});
