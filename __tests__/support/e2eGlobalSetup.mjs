// The browser suite needs PostgreSQL and an up-to-date dist/, built once here, outside the test workers.
import { spawnSync } from 'node:child_process';
import startPostgres from './globalSetup.mjs';

export default async function e2eGlobalSetup() {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'server/build.ts', '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building dist/ for the browser tests failed');
  await startPostgres();
}
