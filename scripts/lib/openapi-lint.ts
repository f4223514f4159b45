import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";

/**
 * Lints an OpenAPI document with Spectral's CLI (the `spectral:oas` ruleset
 * in .spectral.yaml) and Redocly's `recommended` rules (decision 036).
 * Every problem of either, errors, warnings and hints alike, is returned.
 */
export interface LintProblem {
  tool: "spectral" | "redocly";
  severity: string;
  rule: string;
  message: string;
  at: string;
}

const SPECTRAL_SEVERITIES = ["error", "warn", "info", "hint"];

export async function spectralLint(document: unknown): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), "openapi-lint-"));
  try {
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document, null, 2));
    const stdout = await new Promise<string>((resolveOut, reject) => {
      execFile(
        resolve("node_modules/.bin/spectral"),
        ["lint", file, "--ruleset", resolve(".spectral.yaml"), "--format", "json", "--quiet", "--fail-severity", "error"],
        { maxBuffer: 64 * 1024 * 1024 },
        // Spectral exits 1 when it finds errors; its JSON report is what counts.
        (error, out, err) => (out.trim().startsWith("[") ? resolveOut(out) : reject(new Error(`spectral failed: ${err || error?.message}`))),
      );
    });
    const results = JSON.parse(stdout) as { code: string; message: string; severity: number; path: (string | number)[] }[];
    return results.map((r) => ({ tool: "spectral", severity: SPECTRAL_SEVERITIES[r.severity] ?? String(r.severity), rule: r.code, message: r.message, at: r.path.join(".") }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function redoclyLint(document: unknown): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
  return problems.map((p) => ({ tool: "redocly", severity: p.severity, rule: p.ruleId, message: p.message, at: p.location[0]?.pointer ?? "" }));
}

export async function lintOpenApi(document: unknown): Promise<LintProblem[]> {
  const [spectral, redocly] = await Promise.all([spectralLint(document), redoclyLint(document)]);
  return [...spectral, ...redocly];
}
