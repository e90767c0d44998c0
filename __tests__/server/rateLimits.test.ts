import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/database';
import { countHit, deleteEndedRateLimits } from '../../server/domain/rateLimits';
import { FIRST_WAIT_MS, FREE_ATTEMPTS } from '../../server/domain/loginLimits';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';

/** Rate and login limits kept in PostgreSQL: two app instances on one database (two processes) count as one. */
let t: TestApp;
let otherDb: Database;
let other: FastifyInstance;
let agencyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  agencyId = (await createTestAgency(t, 'alpha', ['alpha.example'])).id;
  // A second app with a pool of its own, as a second process behind the load balancer has.
  otherDb = createDatabase(t.url, 4);
  other = await buildApp({ db: otherDb, config: t.config });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await otherDb.destroy();
  await t.close();
});

let address = 0;
const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    headers: { host: 'alpha.example', 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    // Each attempt from its own address and without a device cookie: only the username's counter adds up here.
    remoteAddress: `198.51.100.${(address = (address % 250) + 1)}`,
  });

const max = FREE_ATTEMPTS.username;

describe('login attempts on two app instances sharing one database', () => {
  it('count together: of max + 1 wrong passwords alternating between them, only the last is refused', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    for (let i = 0; i < max; i++) {
      const res = await login(i % 2 === 0 ? t.app : other, player.username, `wrong-guess-${i}`);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const refused = await login(other, player.username, player.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(FIRST_WAIT_MS / 2000);
    expect(retryAfter).toBeLessThanOrEqual(FIRST_WAIT_MS / 1000);
    expect((await login(t.app, player.username, player.password)).statusCode).toBe(429);
  });

  it('lose no hit when they arrive at once: exactly one of max + 1 concurrent attempts is refused', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const answers = await Promise.all(
      Array.from({ length: max + 1 }, (_, i) => login(i % 2 === 0 ? t.app : other, player.username, `wrong-guess-${i}`)),
    );
    const codes = answers.map((res) => res.json().code as string);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(1);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(max);
  });

  it('start afresh once the counter is forgotten', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    for (let i = 0; i < max; i++) await login(t.app, player.username, `wrong-guess-${i}`);
    expect((await login(other, player.username, player.password)).statusCode).toBe(429);
    await sql`UPDATE login_attempts SET forget_at = now() - interval '1 second' WHERE key = ${`player:${agencyId}:username:${player.username}`}`.execute(
      t.db,
    );
    expect((await login(other, player.username, player.password)).statusCode).toBe(200);
  });
});

describe('the counters', () => {
  it('count each hit of a key within its window and start a new window after it', async () => {
    expect(await countHit(t.db, 'test:a', 60_000)).toMatchObject({ hits: 1 });
    const second = await countHit(t.db, 'test:a', 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(50_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await countHit(t.db, 'test:b', 60_000)).toMatchObject({ hits: 1 });
    await sql`UPDATE rate_limit_hits SET window_ends_at = now() WHERE key = 'test:a'`.execute(t.db);
    expect(await countHit(t.db, 'test:a', 60_000)).toMatchObject({ hits: 1 });
  });

  it('of ended windows are deleted, live ones kept', async () => {
    await countHit(t.db, 'test:ended', 60_000);
    await countHit(t.db, 'test:live', 60_000);
    await sql`UPDATE rate_limit_hits SET window_ends_at = now() - interval '1 minute' WHERE key = 'test:ended'`.execute(t.db);
    expect(await deleteEndedRateLimits(t.db)).toBeGreaterThanOrEqual(1);
    const keys = (await t.db.selectFrom('rate_limit_hits').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('test:live');
    expect(keys).not.toContain('test:ended');
  });
});
