import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The imports between the server's capabilities (the folders of server/domain), read with the
 * TypeScript compiler's import scanner: no eslint-plugin-import is installed to run import/no-cycle.
 */

const root = path.resolve(__dirname, '../..');
const domain = path.join(root, 'server/domain');

/** One import written in a file of the project (relative path), as if the file held it. */
export interface ImportProbe {
  filePath: string;
  source: string;
}

/** capability -> the capabilities it imports -> one import that shows it (file: source). */
export type CapabilityGraph = Map<string, Map<string, string>>;

const capabilities = () =>
  fs
    .readdirSync(domain, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The capability a project path (absolute) lies in, or null for the rest of the project. */
function capabilityOf(absolute: string, known: Set<string>): string | null {
  const [first] = path.relative(domain, absolute).split(path.sep);
  return first && !first.startsWith('..') && known.has(first) ? first : null;
}

/** The capability graph of the project as it is, plus the probes' imports. */
export function capabilityGraph(probes: ImportProbe[] = []): CapabilityGraph {
  const known = new Set(capabilities());
  const graph: CapabilityGraph = new Map([...known].map((name) => [name, new Map<string, string>()]));
  const imports = [...known].flatMap((name) =>
    filesUnder(path.join(domain, name)).flatMap((file) =>
      ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => ({ file, source: imported.fileName })),
    ),
  );
  imports.push(...probes.map((probe) => ({ file: path.join(root, probe.filePath), source: probe.source })));
  for (const { file, source } of imports) {
    if (!source.startsWith('.')) continue;
    const from = capabilityOf(file, known);
    const to = capabilityOf(path.resolve(path.dirname(file), source), known);
    if (from && to && from !== to && !graph.get(from)!.has(to)) {
      graph.get(from)!.set(to, `${path.relative(root, file).split(path.sep).join('/')}: ${source}`);
    }
  }
  return graph;
}

/**
 * The graph's cycles: from each capability not yet seen in one, the shortest way back to itself,
 * written as `a -> b -> a` with an import behind every step.
 */
export function capabilityCycles(graph: CapabilityGraph): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  for (const start of [...graph.keys()].sort()) {
    if (done.has(start)) continue;
    const route = shortestRoute(graph, start, start);
    if (!route) continue;
    route.forEach((name) => done.add(name));
    const steps = route.slice(0, -1).map((name, index) => `  ${name} -> ${route[index + 1]} (${graph.get(name)!.get(route[index + 1])})`);
    cycles.push(`${route.join(' -> ')}\n${steps.join('\n')}`);
  }
  return cycles;
}

/** The shortest way from one capability back to a target by imports, breadth first. */
function shortestRoute(graph: CapabilityGraph, from: string, target: string): string[] | null {
  const cameFrom = new Map<string, string>();
  const queue = [from];
  while (queue.length > 0) {
    const here = queue.shift()!;
    for (const next of [...graph.get(here)!.keys()].sort()) {
      if (next === target) {
        const route = [here, next];
        for (let step = here; step !== from; step = cameFrom.get(step)!) route.unshift(cameFrom.get(step)!);
        return route;
      }
      if (cameFrom.has(next) || next === from) continue;
      cameFrom.set(next, here);
      queue.push(next);
    }
  }
  return null;
}
