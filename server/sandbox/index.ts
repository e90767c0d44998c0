import type { FastifyInstance } from 'fastify';
import { sandboxPartsOf, type Config } from '../config';
import { connectionStringOf, createDatabase } from '../db/database';
import sandboxBank from './bank';
import sandboxProviders from './providers';

/** The name the sandboxes' own connections carry in PostgreSQL. */
export const SANDBOX_APPLICATION_NAME = 'champa-sandbox';

/**
 * The stand-ins for the outside world under /sandbox: the bank and LaoQR gateway while no real
 * gateway is configured, and the game providers that have no URL of their own. main.ts (and the
 * tests) add them to a built app; the app itself never knows them. They keep their books in the
 * same database but on a pool of their own, as another company's system would: their statements
 * never wait for or take the product's connections.
 */
export async function registerSandboxes(app: FastifyInstance, config: Config): Promise<void> {
  const { bank, providers } = sandboxPartsOf(config);
  if (!bank && providers.length === 0) return;
  // Their books stand in for other companies' databases, whose commits reach those companies'
  // disks, not this machine's: a commit here does not wait for the disk.
  const db = createDatabase(connectionStringOf(app.db), config.pgPoolSize, {
    applicationName: SANDBOX_APPLICATION_NAME,
    asynchronousCommit: true,
  });
  app.addHook('onClose', () => db.destroy());
  await app.register(async (sandbox) => {
    // They stand in for other companies' systems: they are not part of this API's document.
    sandbox.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    // The stand-in bank pays for free: never beside a real gateway.
    if (bank) await sandbox.register(sandboxBank, { prefix: '/sandbox/bank', db, config });
    if (providers.length > 0) await sandbox.register(sandboxProviders, { prefix: '/sandbox/providers', db, providers });
  });
}
