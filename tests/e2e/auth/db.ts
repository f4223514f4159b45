import type { APIRequestContext } from "@playwright/test";
import { queryE2e, setSettings } from "../fixtures/e2e-db";

/** The e2e server's database, for checks on stored rows: through the Worker (tests/e2e/fixtures/e2e-db.ts). */
export const queryDb = queryE2e;

/** Stores a setting through the Worker and drops its 15-second settings cache. */
export async function setSetting(request: APIRequestContext, key: string, value: unknown) {
  await setSettings(request, { [key]: value });
}
