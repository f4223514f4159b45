import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { settings as settingsTable } from "./tables";
import { invalidateSettingsCache, loadSettings, saveSettings } from "./settings.server";

describe("settings store on D1", () => {
  it("returns defaults when nothing is stored", async () => {
    invalidateSettingsCache();
    const { db } = openD1(env.DB, null);
    const settings = await loadSettings(db);
    expect(settings["branding.site_name"]).toBe("Reelbase");
    expect(settings["cookie_notice.position"]).toBe("bottom");
  });

  it("saves valid values and sees them at once in this isolate", async () => {
    const { db } = openD1(env.DB, null);
    await loadSettings(db); // warm the cache
    const result = await saveSettings(db, { "branding.site_name": "Cinema Club", "registration.disable": true });
    expect(result.ok).toBe(true);
    const settings = await loadSettings(db);
    expect(settings["branding.site_name"]).toBe("Cinema Club");
    expect(settings["registration.disable"]).toBe(true);
  });

  it("refuses the whole update when one value is invalid, leaving stored data as it was", async () => {
    const { db } = openD1(env.DB, null);
    await saveSettings(db, { "branding.site_name": "Before" });
    const result = await saveSettings(db, { "branding.site_name": "After", "cookie_notice.position": "sideways" });
    expect(result).toMatchObject({ ok: false, errors: { "cookie_notice.position": expect.any(Array) } });
    expect((await loadSettings(db))["branding.site_name"]).toBe("Before");
  });

  it("ignores a stored value that no longer fits its schema", async () => {
    const { db } = openD1(env.DB, null);
    await db.insert(settingsTable).values({ key: "themes.user_change", value: "yes please" });
    invalidateSettingsCache();
    expect((await loadSettings(db))["themes.user_change"]).toBe(true);
  });

  it("reads through a D1 session that hands out a bookmark", async () => {
    const { db, getBookmark } = openD1(env.DB, null);
    await saveSettings(db, { "site.demo": true });
    expect(typeof getBookmark()).toBe("string");
  });
});
