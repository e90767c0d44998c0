import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { requestLogging } from '../server/requestLog';
import { loadConfig, projectRoot } from '../server/config';
import { registerSandboxes } from '../server/sandbox';
import { createDatabase } from '../server/db/database';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { findAgencyByHost } from '../server/domain/agencies';
import { DEMO_HOSTS, seed } from '../server/seed';
import { migrateToLatest } from '../server/db/migrate';
import { addBareRoute, measureApi, startBareFastify } from './api';
import { measureBundle } from './bundle';
import { measurePageSpeed } from './lighthouse';
import { describeMachine } from './machine';
import { measureMoneyPath } from './money';
import { atScale, measureOperatorLists, measureScaleLists } from './scale';
import { FULL_SCALE, loadScale } from './scaleLoad';
import { freePort } from '../scripts/freePort';
import { startChampa } from './processes';
import { formatMisses, formatTable, toRow, type Measurement, type Row } from './table';

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

/**
 * The bench's parts; `npm run bench -- api money` runs only those, all of them by default.
 * `--scale` then loads the large database and measures the API and money rows again on it.
 */
const GROUPS = ['bundle', 'lighthouse', 'api', 'money'] as const;
type Group = (typeof GROUPS)[number];
const SCALE_FLAG = '--scale';

function selectedGroups(args: string[]): { groups: Set<Group>; scale: boolean } {
  const scale = args.includes(SCALE_FLAG);
  const parts = args.filter((arg) => arg !== SCALE_FLAG);
  const unknown = parts.filter((arg) => !(GROUPS as readonly string[]).includes(arg));
  if (unknown.length > 0)
    throw new Error(`unknown bench part(s) ${unknown.join(', ')}; the parts are ${GROUPS.join(', ')} and ${SCALE_FLAG}`);
  const groups = new Set(parts.length > 0 ? (parts as Group[]) : GROUPS);
  // The large database's rows are held to the small database's figures of the same run.
  if (scale) for (const group of ['api', 'money'] as const) groups.add(group);
  return { groups, scale };
}

/** results.json keeps the rows not measured this time as they were, each with its own time. */
function mergedRows(measured: Row[], measuredAt: string): (Row & { measuredAt: string })[] {
  const file = path.join(projectRoot, 'bench/results.json');
  const previous = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { measuredAt: string; rows: (Row & { measuredAt?: string })[] })
    : { measuredAt, rows: [] };
  const fresh = measured.map((row) => ({ ...row, measuredAt }));
  const kept = previous.rows
    .filter((row) => !measured.some((candidate) => candidate.metric === row.metric))
    .map((row) => ({ ...row, measuredAt: row.measuredAt ?? previous.measuredAt }));
  // A row new to the table goes before the next row of this run that the table had already.
  const placeBefore = (metric: string) => previous.rows.findIndex((row) => row.metric === metric);
  const placeOf = (metric: string): number => {
    if (placeBefore(metric) !== -1) return placeBefore(metric);
    const next = fresh.slice(fresh.findIndex((row) => row.metric === metric) + 1).find((row) => placeBefore(row.metric) !== -1);
    return (next ? placeBefore(next.metric) : previous.rows.length) - 0.5;
  };
  return [...fresh, ...kept].sort((a, b) => placeOf(a.metric) - placeOf(b.metric));
}

async function main() {
  const { groups, scale } = selectedGroups(process.argv.slice(2));
  const measurements: Measurement[] = [];

  if (groups.has('bundle')) {
    log('building dist/ and measuring the bundle ...');
    measurements.push(...(await measureBundle()));
  }

  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'champa-bench-pg-'));
  cleanups.push(async () => fs.rmSync(pgDataDir, { recursive: true, force: true }));

  if (groups.has('lighthouse')) {
    log('npm start on an embedded PostgreSQL; Lighthouse on / and /login ...');
    const champa = await startChampa(pgDataDir);
    cleanups.push(champa.stop);
    measurements.push(...(await measurePageSpeed(champa.url)));
    await cleanups.pop()?.();
  }

  if (groups.has('api') || groups.has('money')) {
    // The same database again (migrated and seeded by npm start, or here when Lighthouse was not
    // run), now with the app in this process, where the bench adds its bare route.
    const embedded = await startEmbeddedPostgres(pgDataDir, await freePort());
    cleanups.push(embedded.stop);
    // The pool as the server would size it: PG_POOL_SIZE, or the machine's default.
    const config = { ...loadConfig({ PG_POOL_SIZE: process.env.PG_POOL_SIZE }), host: '127.0.0.1', reconcileIntervalSeconds: 0 };
    const db = createDatabase(embedded.url, config.pgPoolSize);
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await seed(db);
    const app = await buildApp({ db, config, logger: requestLogging('info', '/dev/null') });
    await registerSandboxes(app, config);
    addBareRoute(app);
    cleanups.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const agency = await findAgencyByHost(db, DEMO_HOSTS[0]);
    if (!agency) throw new Error('the demo agency was not seeded');

    // The API rows' reference, started only for them.
    const bareFastify = groups.has('api') ? await startBareFastify() : undefined;
    if (bareFastify) cleanups.push(bareFastify.stop);
    /** The API and money rows on the database as it is; `pass` keeps their players apart from another pass's. */
    const measureApiAndMoney = async (pass: number): Promise<Measurement[]> => [
      ...(bareFastify ? await measureApi(origin, bareFastify.origin, config.pgPoolSize, `benchplayer${pass}`) : []),
      ...(groups.has('money') ? await measureMoneyPath(origin, db, config, agency.id, pass) : []),
    ];
    log(`API (pool of ${config.pgPoolSize}) and money path (deposits against TPC-B) ...`);
    const small = await measureApiAndMoney(0);
    measurements.push(...small);

    if (scale) {
      const smallLists = await measureOperatorLists(db, agency.id);
      log(`loading the large database with COPY (${FULL_SCALE.players.toLocaleString('en')} players) ...`);
      const loaded = await loadScale(db, agency.id);
      log(`loaded in ${loaded.seconds.toFixed(0)} s: ${JSON.stringify(loaded.counts)}`);
      log('API, money path and lists on the large database ...');
      measurements.push(...atScale(small, await measureApiAndMoney(1), FULL_SCALE.players));
      const lists = await measureScaleLists(origin, db, agency.id, loaded.longHistoryPlayerId, smallLists);
      measurements.push(...lists.rows);
      for (const plan of lists.plansWithoutIndex) console.log(`\n[bench] a list query that reads a large table without an index:\n${plan}`);
    }
  }
  await cleanUp();

  const rows = measurements.map(toRow);
  const machine = describeMachine();
  console.log(`\n${formatTable(rows)}\n`);
  console.log(
    `machine: ${machine.cores} cores, ${machine.cpuModel}, ${machine.ramGiB} GiB RAM, Node ${machine.node}, load average ${machine.loadAverage}`,
  );
  const misses = formatMisses(rows);
  for (const miss of misses) console.log(`missed: ${miss}`);
  const measuredAt = new Date().toISOString();
  fs.writeFileSync(
    path.join(projectRoot, 'bench/results.json'),
    `${JSON.stringify({ measuredAt, machine, rows: mergedRows(rows, measuredAt) }, null, 2)}\n`,
  );
  log('written to bench/results.json');
}

main().catch(async (error) => {
  console.error('[bench] failed:', error instanceof Error ? error.stack : error);
  await cleanUp();
  process.exit(1);
});
