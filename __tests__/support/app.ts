import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PLAYER_CHANGED } from '../../server/db/changes';
import type { Database } from '../../server/db/database';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { registerSandboxes } from '../../server/sandbox';
import { createAgency, type Agency } from '../../server/domain/agencies';
import { createTestDatabase, racingOn, RACING_POOL_SIZE, testPoolSize, type TestDatabase } from './db';
import type { Clock } from '../../server/domain/clock';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  config: Config;
  /** The clock the app was built with, for an app racing on the same database (see racing). */
  clock?: Clock;
  /** Resolves once the app has heard every change committed so far (see heardBy). */
  heard(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Resolves once the app has heard every change committed before the call. A test's own writes to
 * the database reach the app's caches as another process's would, announced; PostgreSQL delivers
 * announcements in commit order, so hearing a marker sent now means every earlier one was heard.
 */
export async function heardBy(app: FastifyInstance, db: Database): Promise<void> {
  const marker = `heard-${randomUUID()}`;
  let stop = () => {};
  const heard = new Promise<void>((resolve) => {
    stop = app.changes.subscribe({ playerChanged: (id) => id === marker && resolve() });
  });
  await sql`select pg_notify(${PLAYER_CHANGED}, ${marker})`.execute(db);
  await heard;
  stop();
}

/** A clock a test moves by hand: a day passes in a call. */
export interface ControllableClock extends Clock {
  advance(ms: number): void;
}

export function controllableClock(start = new Date()): ControllableClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

/**
 * The real app on a fresh database, exercised through app.inject. dist/ is not served. A race
 * matrix builds it on `poolSize` connections, so every request it sends races inside PostgreSQL.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  { clock, poolSize = testPoolSize() }: { clock?: Clock; poolSize?: number } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(poolSize);
  const config = { ...loadConfig({}), pgPoolSize: poolSize, distDir: '/nonexistent-dist', ...overrides };
  const app = await buildApp({ db: database.db, config, clock });
  await registerSandboxes(app, config);
  await app.ready();
  return {
    ...database,
    app,
    config,
    clock,
    heard: () => heardBy(app, database.db),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

const social = (name: string) => ({
  whatsapp: `https://wa.me/${name}`,
  line: `https://line.me/R/ti/p/@${name}`,
  facebook: `https://www.facebook.com/${name}`,
  telegram: `https://t.me/${name}`,
  twitter: `https://twitter.com/${name}`,
});

export function createTestAgency(test: TestDatabase, name: string, hosts: string[]): Promise<Agency> {
  return createAgency(test.db, name, hosts, social(name));
}

/**
 * Runs `race` with `test.app` standing for an app on the same database with a pool of its own (see
 * racingOn), so the requests it sends race inside PostgreSQL; `race` gets that pool for the domain
 * calls it races beside them.
 */
export function racing<T>(test: TestApp, race: (db: Database) => Promise<T>): Promise<T> {
  return racingOn(test, async (db) => {
    const config = { ...test.config, pgPoolSize: RACING_POOL_SIZE };
    const racer = await buildApp({ db, config, clock: test.clock });
    await registerSandboxes(racer, config);
    await racer.ready();
    // The app calls the sandboxes at the address it listens on (see dependencies.ts).
    if (test.app.server.listening) await racer.listen({ port: 0, host: '127.0.0.1' });
    const app = test.app;
    test.app = racer;
    try {
      return await race(db);
    } finally {
      test.app = app;
      await racer.close();
    }
  });
}

/**
 * Sends the requests `send` starts, on a racing app, while another transaction holds the agency's
 * row, so all of them are under way before any can write; lets the row go after 300 ms and answers
 * their answers.
 */
export function sentWhileAgencyLocked<T>(test: TestApp, agencyId: string, send: () => Promise<T>[]): Promise<T[]> {
  return racing(test, async () => {
    let answers: Promise<T[]> | undefined;
    await test.db.transaction().execute(async (trx) => {
      await trx.selectFrom('agencies').select('id').where('id', '=', agencyId).forUpdate().execute();
      answers = Promise.all(send());
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    return answers!;
  });
}
