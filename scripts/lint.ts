/**
 * npm run lint: the checks that keep the tree tidy (decision 044), stopping at the first that fails.
 *   1. Biome: the formatter's check and the linter (biome.json)
 *   2. knip: unused files, exports and dependencies (knip.jsonc)
 *   3. dependency-cruiser: no import from a lower layer to a higher one (.dependency-cruiser.cjs)
 *   4. no new import cycle between folders (scripts/lint/folder-cycles.ts)
 * `npm run lint` first generates the route and binding types (a fresh clone has none, and knip would take
 * every `./+types/…` import for a missing file).
 * `--dir <path>` runs them in another copy of the project (scripts/lint/lint.test.ts plants violations in one).
 */
import { resolve } from "node:path";
import { run } from "./lib/run";

const dirArgument = process.argv.indexOf("--dir");
const cwd = dirArgument >= 0 ? resolve(process.argv[dirArgument + 1]) : process.cwd();
const here = resolve(import.meta.dirname, "..");
const local = (name: string) => resolve(here, "node_modules/.bin", name);

const stages: [string, string, string[]][] = [
  ["Format and lint (Biome)", local("biome"), ["check", "--max-diagnostics=30", "."]],
  ["Unused files, exports and dependencies (knip)", local("knip"), ["--no-progress"]],
  ["Layers (dependency-cruiser)", process.execPath, [resolve(cwd, "scripts/lint/depcruise.mjs"), "app", "workers", "--output-type", "err"]],
  ["Folder cycles", local("tsx"), [resolve(cwd, "scripts/lint/folder-cycles.ts")]],
];

for (const [name, command, args] of stages) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await run(command, args, { cwd });
  } catch {
    console.error(`\n✗ ${name} failed.`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
