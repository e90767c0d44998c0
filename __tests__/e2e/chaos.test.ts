import { createTestDatabase, type TestDatabase } from '../support/db';
import { runChaos, type ChaosReport } from '../../chaos/chaos';

/**
 * The chaos run of `npm run chaos` at a small size: three server processes on one database,
 * faulty providers, one process killed and restarted; then every money invariant holds, and a
 * login limit counted by one process holds in the others.
 */
let database: TestDatabase;
let report: ChaosReport;

beforeAll(async () => {
  database = await createTestDatabase();
  // Each step goes to the run's output as it happens (jest holds console output back until the end),
  // so a run that stalls shows where.
  const log = (line: string) => process.stderr.write(`[chaos] ${line}\n`);
  report = await runChaos({ databaseUrl: database.url, players: 8, durationMs: 15_000, log });
}, 600_000);
afterAll(() => database?.drop());

it('keeps every invariant: transfers sum to zero, nothing negative, wallets equal their mirrors, each payment credited once, no 5xx but a provider named unavailable', () => {
  expect(report.violations).toEqual([]);
});

it('holds a login limit across the three processes: of its limit + 1 wrong-password logins at once, exactly one is refused', () => {
  expect(report.loginLimit.attempts).toBeGreaterThan(3);
  expect(report.loginLimit.refused).toBe(1);
});

it('did what a chaos run is for: paid deposits, duplicates, cancels, withdrawals, promotions, slot play, faults and a kill', () => {
  expect(report.deposits.paid).toBeGreaterThan(0);
  expect(report.deposits.paymentsChecked).toBeGreaterThanOrEqual(report.deposits.paid);
  expect(report.walletsCompared).toBeGreaterThanOrEqual(8);
  expect(report.deposits.webhooksSent).toBeGreaterThan(report.deposits.paid);
  expect(report.deposits.canceled).toBeGreaterThan(0);
  expect(report.withdrawals.succeeded).toBeGreaterThan(0);
  expect(report.spins).toBeGreaterThan(0);
  expect(report.promotions.taken).toBeGreaterThan(0);
  expect(report.promotions.bonusesCredited).toBeGreaterThan(0);
  expect(report.dependencyUnavailable).toBeGreaterThan(0);
  expect(report.killedForMs).toBeGreaterThan(0);
  expect(Number.isFinite(report.killedForMs)).toBe(true);
});
