/**
 * Fingerprints of what a step reads, so a second `npm start` with nothing
 * changed skips the build and the migrations it already did. Paths, sizes and
 * modification times are enough: an edit or a checkout changes the time.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const BUILD_INPUT_FOLDERS = ["app", "workers", "public"];
const BUILD_INPUT_FILES = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "wrangler.toml", "tsconfig.json", ".dev.vars"];
const BUILD_STAMP = "build/.inputs";

function walk(folder: string, into: string[]) {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, into);
    else if (entry.isFile()) into.push(path);
  }
}

/** The fingerprint of the files below these folders and of these files. */
export function fingerprintOf(folders: string[], files: string[] = []): string {
  const all: string[] = [];
  for (const folder of folders) walk(folder, all);
  for (const file of files) if (existsSync(file)) all.push(file);
  const hash = createHash("sha256");
  for (const file of all.sort()) {
    const stat = statSync(file);
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

/** True when the stamp file holds this fingerprint. */
export function stampMatches(stamp: string, fingerprint: string): boolean {
  return existsSync(stamp) && readFileSync(stamp, "utf8") === fingerprint;
}

export function buildInputsFingerprint(): string {
  return fingerprintOf(BUILD_INPUT_FOLDERS, BUILD_INPUT_FILES);
}

/** True when build/ was made from exactly the inputs there are now. */
export function buildIsCurrent(): boolean {
  return existsSync("build/server/wrangler.json") && stampMatches(BUILD_STAMP, buildInputsFingerprint());
}

export function recordBuildInputs() {
  writeFileSync(BUILD_STAMP, buildInputsFingerprint());
}
