import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { consoleWebpackConfig, rendererWebpackConfig, webpackConfig } from '../webpack.config';
import { projectRoot } from './config';

const SOURCES = [
  'contract',
  'web',
  'src',
  'console',
  'machines',
  'public',
  'webpack.config.ts',
  'babel.config.js',
  '.browserslistrc',
  'package-lock.json',
];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

export type BuildMode = 'production' | 'development';

/** Which mode the build in a dist/ was made in; a dist/ without the mark is a production build. */
const MODE_MARK = '.build-mode';

/**
 * dist/ needs a build when it has no index.html, was built in another mode, or any source is newer
 * than the last build. The mark is written by every build; index.html is not (webpack leaves a file
 * whose content did not change, as when only the console's chunk changed).
 */
export function distIsStale(distDir: string, mode: BuildMode = 'production'): boolean {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const mark = path.join(distDir, MODE_MARK);
  if ((fs.existsSync(mark) ? fs.readFileSync(mark, 'utf8').trim() : 'production') !== mode) return true;
  const built = fs.statSync(fs.existsSync(mark) ? mark : index).mtimeMs;
  return SOURCES.some((entry) => newestMtime(path.join(projectRoot, entry)) > built);
}

/** Runs one webpack compilation; resolves with its stats. */
export function runWebpack(config: webpack.Configuration): Promise<webpack.Stats> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error || !stats) return reject(error ?? new Error('webpack gave no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(stats);
    });
  });
}

/**
 * Builds the players' site, the operators' console and the site's renderer for the server into
 * dist/, and marks the build's mode; resolves with the site's stats (what the bundle bench measures).
 */
export async function buildSpa(mode: BuildMode = 'production'): Promise<webpack.Stats> {
  const site = await runWebpack(webpackConfig(mode));
  await runWebpack(consoleWebpackConfig(mode));
  await runWebpack(rendererWebpackConfig(mode));
  fs.writeFileSync(path.join(projectRoot, 'dist', MODE_MARK), `${mode}\n`);
  return site;
}

if (require.main === module) {
  const onlyIfStale = process.argv.includes('--if-stale');
  const dist = path.join(projectRoot, 'dist');
  const upToDate = onlyIfStale && !distIsStale(dist);
  (upToDate ? Promise.resolve() : buildSpa()).then(
    () => console.log(upToDate ? 'dist/ is up to date' : 'built dist/'),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
