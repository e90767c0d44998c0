import webpack from 'webpack';
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { webpackConfig } from '../webpack.config';
const cfg = webpackConfig('production');
cfg.output!.path = '/tmp/bench-dist2';
cfg.optimization = { splitChunks: { chunks: 'all', minSize: 0, cacheGroups: { pkg: { test: /node_modules/, name: (m: any) => 'npm.' + m.context.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1').replace('/', '_'), priority: 10 }, locales: { test: /public[\\/]locales/, name: 'locales', priority: 5 } } } };
webpack(cfg, (err, stats) => {
  if (err) throw err;
  if (stats!.hasErrors()) console.log(stats!.toString('errors-only'));
  const j = stats!.toJson({ all: false, chunks: true, chunkGroups: true });
  const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join('/tmp/bench-dist2', f)), { level: 9 }).length;
  const rows = j.chunks!.map((c) => [c.names?.join(',') || String(c.id), c.files!.filter((f) => f.endsWith('.js')).map(gz).reduce((a, b) => a + b, 0), c.parents?.length, c.initial] as const);
  rows.sort((a, b) => b[1] - a[1]).forEach((r) => console.log(String(r[1]).padStart(7), r[0], r[3] ? 'initial' : ''));
  console.log('main group', j.namedChunkGroups!.main.assets!.map((a: any) => a.name));
});
