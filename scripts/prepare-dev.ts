/** Before `npm run dev`: local secrets, migrations and seed data, as `npm start` does. */
import { migrateAndSeed } from "./lib/local-server";

await migrateAndSeed({ persistTo: ".wrangler/state" });
