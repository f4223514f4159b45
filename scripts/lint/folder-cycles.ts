/**
 * No new import cycle between folders of app/ (decision 044).
 *
 * Reads dependency-cruiser's graph (type-only imports included; tests left out), folds it to
 * folders (tables count for db, scripts/lint/layers.cjs) and finds the folders that reach each
 * other. Every folder link inside such a group must be listed in folder-cycles-known.json: the
 * cycles that were there when the rule came in, to be cut one by one. A new link that closes a
 * cycle fails; a known link that no longer closes one is reported, so the list only shrinks.
 *
 *   tsx scripts/lint/folder-cycles.ts            check
 *   tsx scripts/lint/folder-cycles.ts --figures  print the figures decision 044 quotes
 *   tsx scripts/lint/folder-cycles.ts --update   rewrite the known list to the current cycles
 *   --graph <file>                               read a saved `depcruise -T json` graph instead
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const { TESTS, folderOf } = require("./layers.cjs") as { TESTS: string; folderOf: (path: string) => string | null };

const here = dirname(fileURLToPath(import.meta.url));
const knownFile = join(here, "folder-cycles-known.json");

interface Graph {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

export interface FolderFigures {
  links: number;
  mutualPairs: string[][];
  cycleGroups: string[][];
  linksInCycles: string[];
}

/** The folder-level figures of a dependency-cruiser graph. */
export function folderFigures(graph: Graph): FolderFigures {
  const tests = new RegExp(TESTS);
  const edges = new Map<string, Set<string>>();
  for (const module of graph.modules) {
    if (tests.test(module.source)) continue;
    const from = folderOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      if (tests.test(dependency.resolved)) continue;
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  const mutual = new Set<string>();
  for (const [from, targets] of edges) {
    for (const to of targets) if (edges.get(to)?.has(from)) mutual.add([from, to].sort().join("\u0000"));
  }
  const groups = stronglyConnected(edges).filter((group) => group.length > 1);
  const groupOf = new Map<string, number>();
  groups.forEach((group, index) => group.forEach((folder) => groupOf.set(folder, index)));
  const linksInCycles: string[] = [];
  for (const [from, targets] of edges) {
    for (const to of targets) {
      if (groupOf.has(from) && groupOf.get(from) === groupOf.get(to)) linksInCycles.push(`${from} -> ${to}`);
    }
  }
  return {
    links: [...edges.values()].reduce((sum, targets) => sum + targets.size, 0),
    mutualPairs: [...mutual].map((pair) => pair.split("\u0000")).sort(),
    cycleGroups: groups.map((group) => group.sort()),
    linksInCycles: linksInCycles.sort(),
  };
}

/** Tarjan's strongly connected components. */
function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group);
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** New links inside a cycle, and known links that no longer close one. */
export function compareWithKnown(figures: FolderFigures, known: string[]) {
  const knownSet = new Set(known);
  const current = new Set(figures.linksInCycles);
  return {
    added: figures.linksInCycles.filter((link) => !knownSet.has(link)),
    gone: known.filter((link) => !current.has(link)),
  };
}

function readGraph(args: string[]): Graph {
  const saved = args.indexOf("--graph");
  if (saved >= 0) return JSON.parse(readFileSync(args[saved + 1], "utf8"));
  const output = execFileSync(process.execPath, [join(here, "depcruise.mjs"), "app", "workers", "--output-type", "json"], {
    maxBuffer: 256 * 1024 * 1024,
    encoding: "utf8",
  });
  return JSON.parse(output);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const figures = folderFigures(readGraph(args));
  if (args.includes("--figures")) {
    console.log(`folder-to-folder links: ${figures.links}`);
    console.log(`pairs of folders importing each other: ${figures.mutualPairs.length}`);
    for (const pair of figures.mutualPairs) console.log(`  ${pair[0]} <-> ${pair[1]}`);
    console.log(`folders on a cycle: ${figures.cycleGroups.reduce((sum, group) => sum + group.length, 0)} in ${figures.cycleGroups.length} group(s)`);
    for (const group of figures.cycleGroups) console.log(`  ${group.join(" ")}`);
    console.log(`folder links inside a cycle: ${figures.linksInCycles.length}`);
    process.exit(0);
  }
  if (args.includes("--update")) {
    writeFileSync(knownFile, `${JSON.stringify(figures.linksInCycles, null, 2)}\n`);
    console.log(`folder-cycles-known.json: ${figures.linksInCycles.length} links inside a cycle`);
    process.exit(0);
  }
  const known = JSON.parse(readFileSync(knownFile, "utf8")) as string[];
  const { added, gone } = compareWithKnown(figures, known);
  if (gone.length > 0) {
    console.log(`These known folder links no longer close a cycle; take them out of scripts/lint/folder-cycles-known.json (or run it with --update):`);
    for (const link of gone) console.log(`  ${link}`);
  }
  if (added.length > 0) {
    console.error(`✗ New import cycle between folders (decision 044): each link below closes a cycle that was not there before.`);
    for (const link of added) console.error(`  ${link}`);
    console.error(`Cut the import (move the shared piece into a folder both may use), or see decision 044.`);
    process.exit(1);
  }
  console.log(`✔ no new folder cycle (${figures.linksInCycles.length} known links inside cycles, ${figures.cycleGroups.length} group(s))`);
}
