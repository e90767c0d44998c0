/**
 * Which JavaScript a route needs, read from webpack's stats: the chunk groups it takes (the entry's,
 * the app's it starts, and the route's lazy page, named by its webpackChunkName in src/app/routes.ts)
 * and every chunk those groups load with them (split vendor chunks shared with other routes included).
 */

export type ChunkId = string | number;

export interface ChunkStats {
  id?: ChunkId;
  files?: string[];
}

export interface ChunkGroupStats {
  chunks?: ChunkId[];
}

export interface BundleStats {
  chunks?: ChunkStats[];
  namedChunkGroups?: Record<string, ChunkGroupStats>;
  assets?: { name: string }[];
}

const isJavaScript = (file: string) => file.endsWith('.js');

/** The .js files of the named chunk groups, each once, in the order first met. */
export function javaScriptOfGroups(stats: BundleStats, groupNames: string[]): string[] {
  const chunksById = new Map((stats.chunks ?? []).map((chunk) => [String(chunk.id), chunk]));
  const files = new Set<string>();
  for (const name of groupNames) {
    const group = stats.namedChunkGroups?.[name];
    if (!group) throw new Error(`webpack built no chunk group named "${name}"`);
    for (const id of group.chunks ?? []) {
      const chunk = chunksById.get(String(id));
      if (!chunk) throw new Error(`chunk group "${name}" names chunk ${id}, which the stats do not list`);
      for (const file of chunk.files ?? []) if (isJavaScript(file)) files.add(file);
    }
  }
  return [...files];
}

/** Every .js asset of the build. */
export function allJavaScript(stats: BundleStats): string[] {
  return (stats.assets ?? []).map((asset) => asset.name).filter(isJavaScript);
}

/**
 * The webpackChunkName of the page a path renders, read from the source of src/app/routes.ts:
 * `const x = lazyPage(() => import(/* webpackChunkName: "name" *\/ ...))` and `{ path: '/p', page: x, ... }`.
 */
export function chunkNameOfRoute(routesSource: string, path: string): string {
  const chunkOfPage = new Map<string, string>();
  for (const match of routesSource.matchAll(/const (\w+) = lazyPage\(\(\) => import\(\/\* webpackChunkName: "([\w-]+)" \*\//g)) {
    chunkOfPage.set(match[1], match[2]);
  }
  const route = new RegExp(`\\{ path: '${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}', page: (\\w+)`).exec(routesSource);
  if (!route) throw new Error(`src/app/routes.ts has no route ${path}`);
  const chunk = chunkOfPage.get(route[1]);
  if (!chunk) throw new Error(`the page ${route[1]} of ${path} is not a lazyPage with a webpackChunkName`);
  return chunk;
}
