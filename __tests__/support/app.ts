import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { registerSandboxes } from '../../server/sandbox';
import { createAgency, type Agency } from '../../server/domain/agencies';
import { createTestDatabase, type TestDatabase } from './db';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database, exercised through app.inject. dist/ is not served. */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = { ...loadConfig({}), distDir: '/nonexistent-dist', ...overrides };
  const app = await buildApp({ db: database.db, config });
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
