import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * Makes sure .dev.vars exists (local secrets for wrangler and vite), created
 * from .dev.vars.example with a fresh APP_KEY. An existing file is kept.
 */
export function ensureDevVars(path = ".dev.vars") {
  if (existsSync(path)) return false;
  const example = readFileSync(".dev.vars.example", "utf8");
  const key = randomBytes(32).toString("base64");
  writeFileSync(path, example.replace(/^APP_KEY=.*$/m, `APP_KEY=${key}`));
  return true;
}

/** Reads KEY=VALUE lines (comments and blanks ignored). */
export function readDevVars(path = ".dev.vars"): Record<string, string> {
  const vars: Record<string, string> = {};
  if (!existsSync(path)) return vars;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) vars[match[1]] = match[2];
  }
  return vars;
}
