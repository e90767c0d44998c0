import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Stats } from 'webpack';
import { buildSpa, runWebpack } from '../server/build';
import { webpackConfig } from '../webpack.config';
import { projectRoot } from '../server/config';
import { allJavaScript, chunkNameOfRoute, javaScriptOfGroups, type BundleStats } from './chunks';
import type { Measurement } from './table';

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Chunks, chunk groups and every emitted file (the JSON's asset list is grouped when long). */
function statsOf(stats: Stats): BundleStats {
  const json = stats.toJson({ all: false, ids: true, chunks: true, chunkGroups: true });
  return { ...json, assets: stats.compilation.getAssets().map(({ name }) => ({ name })) };
}

/** react + react-dom alone, built by the same webpack config in production mode. */
async function reactFloorBytes(): Promise<number> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-bench-react-'));
  try {
    const config = webpackConfig('production');
    const stats = await runWebpack({
      ...config,
      entry: { main: './bench/reactOnly.tsx' },
      output: { ...config.output, path: out },
      plugins: [],
    });
    return sum(allJavaScript(statsOf(stats)).map((file) => gzipBytes(path.join(out, file))));
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Builds dist/ as `npm start` serves it (production, no source maps) and measures the gzip bytes
 * of the JavaScript that / and /player/deposit need, and of all of it.
 */
export async function measureBundle(): Promise<Measurement[]> {
  const distDir = path.join(projectRoot, 'dist');
  const stats = statsOf(await buildSpa());
  const routesSource = fs.readFileSync(path.join(projectRoot, 'src/app/routes.ts'), 'utf8');
  const bytesOf = (files: string[]) => sum(files.map((file) => gzipBytes(path.join(distDir, file))));
  // The entry starts the app's chunk group and React DOM's (src/main.tsx); the app loads the route's page.
  const routeBytes = (route: string) =>
    bytesOf(javaScriptOfGroups(stats, ['main', 'react-dom', 'app', chunkNameOfRoute(routesSource, route)]));
  const reference = await reactFloorBytes();
  const referenceLabel = 'react+react-dom alone';
  const limitedBy = `react and react-dom alone are ${(reference / 1024).toFixed(1)} KB; every page also runs RTK Query, i18next (the page's translations come with the server's HTML; the built-in Lao, Chinese and Vietnamese are chunks of their own), XState and styled-components`;
  return [
    {
      metric: 'bundle / (gzip)',
      value: routeBytes('/'),
      unit: 'bytes',
      reference,
      referenceLabel,
      target: { on: 'value', direction: 'atMost', limit: 150 * 1024 },
      limitedBy,
    },
    {
      metric: 'bundle /player/deposit (gzip)',
      value: routeBytes('/player/deposit'),
      unit: 'bytes',
      reference,
      referenceLabel,
      target: { on: 'value', direction: 'atMost', limit: 200 * 1024 },
      limitedBy,
    },
    { metric: 'bundle, all JavaScript (gzip)', value: bytesOf(allJavaScript(stats)), unit: 'bytes', reference, referenceLabel },
  ];
}
