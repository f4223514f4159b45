import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run lint` (scripts/lint.ts) on a small project with the repository's own configuration:
 * clean, it passes; with one planted violation of each kind, the stage that owns it fails.
 */
const root = resolve(import.meta.dirname, "../..");
const copies: string[] = [];

/** A foundation folder (ui), two domains (library, lists) and a route, each in its own layer. */
const CLEAN: Record<string, string> = {
  "app/constants.ts": "export const PAGE_SIZE = 20;\n",
  "app/ui/label.ts": 'import { PAGE_SIZE } from "~/constants";\n\nexport function label(count: number) {\n  return `${count} of ${PAGE_SIZE}`;\n}\n',
  "app/library/shelf.ts":
    'import { label } from "~/ui/label";\n\nexport interface Shelf {\n  count: number;\n}\n\nexport function shelf(count: number): Shelf & { text: string } {\n  return { count, text: label(count) };\n}\n',
  "app/lists/list.ts": 'import { shelf } from "~/library/shelf";\n\nexport function list(count: number) {\n  return [shelf(count)];\n}\n',
  "app/routes/home.ts": 'import { list } from "~/lists/list";\n\nexport function loader() {\n  return list(2);\n}\n',
  "workers/app.ts": 'import { loader } from "../app/routes/home";\n\nexport default {\n  fetch() {\n    return Response.json(loader());\n  },\n};\n',
};

function project(changes: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "lint-fixture-"));
  copies.push(dir);
  const files: Record<string, string> = {
    ...CLEAN,
    ...changes,
    "package.json": JSON.stringify({ name: "lint-fixture", private: true, type: "module" }, null, 2),
    "tsconfig.json": JSON.stringify({
      compilerOptions: { paths: { "~/*": ["./app/*"] }, module: "ES2022", moduleResolution: "bundler", strict: true, noEmit: true },
      include: ["app/**/*.ts", "workers/*.ts"],
    }),
    "knip.jsonc": JSON.stringify({ entry: ["workers/app.ts", "app/routes/*.ts"], project: ["app/**/*.ts", "workers/*.ts"] }),
    "scripts/lint/folder-cycles-known.json": "[]\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  // The repository's own rules: Biome (on app/ only, without git: the fixture has none), layers, cycle check.
  const biome = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  biome.vcs = { enabled: false };
  biome.files = { includes: ["app/**", "workers/**"] };
  biome.$schema = undefined;
  writeFileSync(join(dir, "biome.json"), JSON.stringify(biome, null, 2));
  spawnSync(join(root, "node_modules/.bin/biome"), ["format", "--write", "biome.json"], { cwd: dir });
  cpSync(join(root, ".dependency-cruiser.cjs"), join(dir, ".dependency-cruiser.cjs"));
  for (const file of ["layers.cjs", "depcruise.mjs", "folder-cycles.ts"]) cpSync(join(root, "scripts/lint", file), join(dir, "scripts/lint", file));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return dir;
}

function lint(changes: Record<string, string> = {}) {
  const dir = project(changes);
  const result = spawnSync(join(root, "node_modules/.bin/tsx"), [join(root, "scripts/lint.ts"), "--dir", dir], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe("npm run lint", { timeout: 240_000 }, () => {
  it("passes a tidy project", () => {
    const { status, output } = lint();
    expect(output).toContain("✓ Folder cycles");
    expect(status).toBe(0);
  });

  it("fails on code the formatter would change", () => {
    const { status, output } = lint({ "app/constants.ts": "export const PAGE_SIZE=20\n" });
    expect(output).toContain("✗ Format and lint (Biome) failed");
    expect(status).not.toBe(0);
  });

  it("fails on a lint error", () => {
    const { status, output } = lint({ "app/constants.ts": "export const PAGE_SIZE = 20;\ndebugger;\n" });
    expect(output).toContain("noDebugger");
    expect(output).toContain("✗ Format and lint (Biome) failed");
    expect(status).not.toBe(0);
  });

  it("fails on an export nothing uses", () => {
    const { status, output } = lint({ "app/ui/label.ts": `${CLEAN["app/ui/label.ts"]}\nexport function unusedHelper() {\n  return 1;\n}\n` });
    expect(output).toContain("unusedHelper");
    expect(output).toContain("✗ Unused files, exports and dependencies (knip) failed");
    expect(status).not.toBe(0);
  });

  it("fails on an import from a lower layer to a higher one, even a type-only one", () => {
    const upward =
      'import type { Shelf } from "~/library/shelf";\nimport { PAGE_SIZE } from "~/constants";\n\nexport function label(count: number, shelf?: Shelf) {\n  return `${shelf?.count ?? count} of ${PAGE_SIZE}`;\n}\n';
    const { status, output } = lint({ "app/ui/label.ts": upward });
    expect(output).toContain("foundation-imports-a-higher-layer: app/ui/label.ts → app/library/shelf.ts");
    expect(output).toContain("✗ Layers (dependency-cruiser) failed");
    expect(status).not.toBe(0);
  });

  it("fails on a new import cycle between folders", () => {
    const cyclic =
      'import { list } from "~/lists/list";\nimport { label } from "~/ui/label";\n\nexport interface Shelf {\n  count: number;\n}\n\nexport function shelf(count: number): Shelf & { text: string } {\n  return { count, text: label(count) };\n}\n\nexport function shelves() {\n  return list(1);\n}\n';
    const { status, output } = lint({
      "app/library/shelf.ts": cyclic,
      "app/routes/home.ts": 'import { shelves } from "~/library/shelf";\nimport { list } from "~/lists/list";\n\nexport function loader() {\n  return [list(2), shelves()];\n}\n',
    });
    expect(output).toContain("library -> lists");
    expect(output).toContain("✗ Folder cycles failed");
    expect(status).not.toBe(0);
  });
});
