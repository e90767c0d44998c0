import type { FastifyInstance } from 'fastify';
import { sandboxPartsOf, type Config } from '../config';
import sandboxBank from './bank';
import sandboxProviders from './providers';

/**
 * The stand-ins for the outside world under /sandbox: the bank and LaoQR gateway while no real
 * gateway is configured, and the game providers that have no URL of their own. main.ts (and the
 * tests) add them to a built app; the app itself never knows them.
 */
export async function registerSandboxes(app: FastifyInstance, config: Config): Promise<void> {
  const { bank, providers } = sandboxPartsOf(config);
  if (!bank && providers.length === 0) return;
  await app.register(async (sandbox) => {
    // They stand in for other companies' systems: they are not part of this API's document.
    sandbox.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    // The stand-in bank pays for free: never beside a real gateway.
    if (bank) await sandbox.register(sandboxBank, { prefix: '/sandbox/bank', db: app.db, config });
    if (providers.length > 0) await sandbox.register(sandboxProviders, { prefix: '/sandbox/providers', db: app.db, providers });
  });
}
