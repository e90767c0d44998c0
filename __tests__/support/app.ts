import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { registerSandboxes } from '../../server/sandbox';
import { createAgency, type Agency } from '../../server/domain/agencies';
import { createTestDatabase, type TestDatabase } from './db';
import type { Clock } from '../../server/domain/clock';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
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

/** The real app on a fresh database, exercised through app.inject. dist/ is not served. */
export async function buildTestApp(overrides: Partial<Config> = {}, { clock }: { clock?: Clock } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = { ...loadConfig({}), distDir: '/nonexistent-dist', ...overrides };
  const app = await buildApp({ db: database.db, config, clock });
  await registerSandboxes(app, config);
  await app.ready();
  return {
    ...database,
    app,
    config,
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
