import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, logRedaction } from '../server/app';
import { loadConfig, projectRoot } from '../server/config';
import { registerSandboxes } from '../server/sandbox';
import { createDatabase } from '../server/db/database';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { findAgencyByHost } from '../server/domain/agencies';
import { DEMO_HOSTS } from '../server/seed';
import { addBareRoute, measureApi } from './api';
import { measureBundle } from './bundle';
import { measurePageSpeed } from './lighthouse';
import { describeMachine } from './machine';
import { measureMoneyPath } from './money';
import { freePort } from '../scripts/freePort';
import { startChampa } from './processes';
import { formatMisses, formatTable, toRow, type Measurement } from './table';

/** What to undo, last first, whether the run ends well, fails or is interrupted. */
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch((error) => console.error('[bench] cleaning up:', error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

const log = (message: string) => console.log(`[bench] ${message}`);

/** `npm run bench -- --pages`: only what a page costs (the bundle and Lighthouse rows). */
const pagesOnly = process.argv.includes('--pages');

async function main() {
  const measurements: Measurement[] = [];

  log('building dist/ and measuring the bundle ...');
  measurements.push(...(await measureBundle()));

  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-bench-pg-'));
  cleanups.push(async () => fs.rmSync(pgDataDir, { recursive: true, force: true }));

  log('npm start on an embedded PostgreSQL; Lighthouse on / and /login ...');
  const champa = await startChampa(pgDataDir);
  cleanups.push(champa.stop);
  measurements.push(...(await measurePageSpeed(champa.url)));
  await cleanups.pop()?.();

  if (!pagesOnly) measurements.push(...(await measureServer(pgDataDir)));
  await cleanUp();

  const rows = measurements.map(toRow);
  const machine = describeMachine();
  console.log(`\n${formatTable(rows)}\n`);
  console.log(`machine: ${machine.cores} cores, ${machine.cpuModel}, ${machine.ramGiB} GiB RAM, Node ${machine.node}`);
  const misses = formatMisses(rows);
  for (const miss of misses) console.log(`missed: ${miss}`);
  // A partial run leaves the full table of the last whole run as it is.
  if (pagesOnly) return;
  fs.writeFileSync(
    path.join(projectRoot, 'bench/results.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, rows }, null, 2)}\n`,
  );
  log('written to bench/results.json');
}

/**
 * The API and money rows: the database npm start migrated and seeded, now with the app in this
 * process, where the bench adds its bare route.
 */
async function measureServer(pgDataDir: string): Promise<Measurement[]> {
  const embedded = await startEmbeddedPostgres(pgDataDir, await freePort());
  cleanups.push(embedded.stop);
  const db = createDatabase(embedded.url);
  cleanups.push(() => db.destroy());
  const config = { ...loadConfig({}), host: '127.0.0.1', reconcileIntervalSeconds: 0 };
  const app = await buildApp({
    db,
    config,
    logger: { level: 'info', redact: { paths: logRedaction, censor: '[hidden]' }, stream: fs.createWriteStream('/dev/null') },
  });
  await registerSandboxes(app, config);
  addBareRoute(app);
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const agency = await findAgencyByHost(db, DEMO_HOSTS[0]);
  if (!agency) throw new Error('npm start did not seed the demo agency');

  log('autocannon: GET /api/v2/players/info against a bare route ...');
  const measurements = await measureApi(origin);
  log('money path: deposits against TPC-B ...');
  measurements.push(...(await measureMoneyPath(origin, db, config, agency.id)));
  return measurements;
}

main().catch(async (error) => {
  console.error('[bench] failed:', error instanceof Error ? error.stack : error);
  await cleanUp();
  process.exit(1);
});
