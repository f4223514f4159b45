/**
 * The layers of app/ (decision 044), shared by .dependency-cruiser.cjs and
 * scripts/lint/folder-cycles.ts.
 *
 *   foundation  <- domains <- page composers <- routes <- Worker entry
 */

/** Tests, fixtures and test support may import any layer. */
const TESTS = "(\\.test\\.tsx?$|\\.workers\\.test\\.tsx?$|/test-support/|/fixtures/|\\.d\\.ts$)";

/**
 * The tables, wherever they sit (each domain keeps its own beside its code), and the value lists
 * and JSON shapes they are typed with (these import nothing of the app). They are the db layer.
 */
const TABLES = ["^app/[a-z0-9-]+/(tables|[a-z0-9-]+[.]tables)[.]ts$", "^app/(channels/rules|community/kinds|notifications/notification-data)[.]ts$"];
/** db, http, log (and the debug trace), i18n, ui primitives, the OpenAPI builder, mail transport, request context, settings. */
const FOUNDATION = ["^app/(api|db|http|i18n|log|mail|menus|observability|request|settings|toasts|ui)/", "^app/(constants|hash53)[.]ts$", "^app/app[.]css$", ...TABLES];
/** Code that calls many domains to build one page, document or request. */
const COMPOSERS = ["^app/(composers|scheduled|shell)/"];
const ROUTES = ["^app/routes/", "^app/(root[.]tsx|routes[.]ts|entry[.]server[.]tsx)$"];
const WORKER = ["^workers/"];

/** The folder a module counts for in the folder-cycle check: tables count for db. */
function folderOf(path) {
  if (TABLES.some((pattern) => new RegExp(pattern).test(path))) return "db";
  if (path.startsWith("workers/")) return "workers";
  const parts = path.split("/");
  if (parts[0] !== "app") return null;
  if (parts.length === 2) return /^(root[.]tsx|routes[.]ts|entry[.]server[.]tsx)$/.test(parts[1]) ? "routes" : `app/${parts[1]}`;
  return parts[1];
}

module.exports = { TESTS, TABLES, FOUNDATION, COMPOSERS, ROUTES, WORKER, folderOf };
