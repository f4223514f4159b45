import type { Database } from "../../app/db/client.server";
import { installChannelPreset } from "../../app/channels/presets";
import { refreshAutomaticChannels } from "../../app/channels/refresh.server";
import { seedBilling } from "./billing";
import { seedCatalogue } from "./catalogue/index";
import { seedTitleAliases } from "./catalogue/title-aliases";
import { indexQueuedNames } from "../../app/catalogue/search-index.server";
import { seedDiary } from "./diary";
import { seedFoundation } from "./foundation";
import { seedPages } from "./pages";
import { seedSocial } from "./social";
import { seedUsers } from "./users";

export interface SeedOptions {
  log: (line: string) => void;
  /** The local wrangler state directory, when seeding local D1 (R2 files go there too). */
  persistTo?: string;
}

/** Every seed part, in dependency order. Each is idempotent. */
export async function seedAll(db: Database, { log, persistTo }: SeedOptions) {
  const foundation = await seedFoundation(db);
  log(`Seeded ${foundation.roles} roles, ${foundation.permissions} permissions, ${foundation.themes} themes, ${foundation.languages} languages.`);
  const accounts = await seedUsers(db);
  log(`Seeded ${accounts.created} of ${accounts.total} demo accounts.`);
  const pages = await seedPages(db);
  log(`Seeded ${pages.pages} custom pages.`);
  const billing = await seedBilling(db);
  log(`Seeded ${billing.plans} plans.`);
  await seedCatalogue(db, { log, persistTo });
  await seedTitleAliases(db);
  // Forgiving search's typo index (decision 032): the names the seed wrote are queued by triggers.
  log(`Indexed ${await indexQueuedNames(db, Infinity)} names for forgiving search.`);
  // The home page channel (decision 022) and its rows; existing channels are kept, automatic ones refreshed.
  const home = await installChannelPreset(db, "home");
  const channels = await refreshAutomaticChannels(db);
  log(`Seeded ${home.created} channels (home: /channel/${home.slug}); refreshed ${channels.refreshed} automatic channels.`);
  // Demo members who follow each other and the demo user, with a history of invented series (decision 033).
  const social = await seedSocial(db);
  log(`Seeded ${social.members} demo members and ${social.activities} of their acts.`);
  // The demo user's diary and a series in progress (decision 034).
  const diary = await seedDiary(db);
  log(`Seeded ${diary.logged} diary entries for the demo user${diary.upcoming ? `; next episode airs ${diary.upcoming}` : ""}.`);
}
