import type { Browser } from 'playwright-core';
import { findAgencyByHost } from '../../server/domain/agencies';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/** What an e2e file drives: the real server, a Chromium and the demo agency (the one `localhost` serves). */
export interface E2eSite {
  server: RunningServer;
  browser: Browser;
  agencyId: string;
}

/**
 * Registers the file's beforeAll and afterAll: a server started with `env` on a fresh database,
 * Chromium, and the demo agency's id. The fields are filled once the beforeAll has run, so read
 * them inside tests and later hooks (registered after this call, they run after it).
 */
export function e2eSite(env: NodeJS.ProcessEnv = {}, browserArgs: string[] = []): E2eSite {
  const site = {} as E2eSite;
  beforeAll(async () => {
    site.server = await startServer(env);
    site.browser = await launchBrowser(browserArgs);
    site.agencyId = (await findAgencyByHost(site.server.database.db, 'localhost'))!.id;
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}
