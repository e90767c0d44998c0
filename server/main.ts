import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { buildApp } from './app';
import type { Readiness } from './routes/health';
import { requestLogging } from './requestLog';
import { describeSandbox, loadConfig, sandboxPartsOf, servesSandbox } from './config';
import { registerSandboxes } from './sandbox';
import { buildSpa, distIsStale } from './build';
import { createDatabase, type Database } from './db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { seed } from './seed';
import { startReconciler, type FullReconcileReport, type Reconciler } from './domain/reconciler';

async function main() {
  // The server runs from its TypeScript sources, and @fastify/autoload does not recognise every
  // loader of them (`node --import tsx` is not detected): the routes it loads are TypeScript.
  process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= 'true';
  const config = loadConfig();
  const log = (message: string) => console.log(`[champa] ${message}`);

  if (distIsStale(config.distDir, config.buildMode)) {
    log(`building the site into dist/ (${config.buildMode}) ...`);
    await buildSpa(config.buildMode);
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log(`starting embedded PostgreSQL (data in ${config.pgDataDir})`);
    embedded = await startEmbeddedPostgres(config.pgDataDir, config.embeddedPgPort);
    databaseUrl = embedded.url;
  }
  const db = createDatabase(databaseUrl, config.pgPoolSize, { onIdleError: embedded?.notePoolError });

  const readiness: Readiness = { prepared: false };
  const app = await buildApp({
    db,
    config,
    readiness,
    logger: requestLogging(config.logLevel),
  });
  await registerSandboxes(app, config);

  let reconciler: Reconciler | undefined;
  let closing = false;
  const shutdown = async (why: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    log(`${why}: closing`);
    await reconciler?.stop().catch(() => {});
    await app.close().catch(() => {});
    await db.destroy().catch(() => {});
    if (embedded) await embedded.stop().catch(() => {});
    log('stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  // A database that stops under the server never comes back by itself: exiting non-zero lets whoever
  // runs the site restart both. A stop the server asked for, or a signal to it, is no loss.
  embedded?.onLost((reason) => {
    if (closing) return;
    readiness.databaseLost = true;
    void shutdown(`the embedded database stopped on its own (${reason}); exiting so that whoever runs the site starts it again`, 1);
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `[champa] port ${config.port} is already in use; set PORT to another port`
        : `[champa] cannot listen: ${String(error)}`,
    );
    await db.destroy().catch(() => {});
    if (embedded) await embedded.stop().catch(() => {});
    process.exit(1);
  }

  // Said before /readyz turns ready, so whoever starts the site reads it before anyone is served.
  const sandbox = sandboxPartsOf(config);
  if (servesSandbox(sandbox)) log(describeSandbox(sandbox));
  await prepareDatabase(db, log);
  readiness.prepared = true;
  if (config.reconcileIntervalSeconds > 0 && !closing) {
    reconciler = startReconciler(
      { db, providers: app.providers, gateway: app.laoqrGateway, defaults: config.withdrawals },
      {
        intervalMs: config.reconcileIntervalSeconds * 1000,
        // Twice the call timeout: a transfer whose call is still in flight is left to finish.
        olderThanMs: 2 * config.providerTimeoutMs,
        payoutOlderThanMs: 2 * config.laoqrGatewayTimeoutMs,
        onReport: (report) => {
          if (didSomething(report))
            app.log.info({ report }, 'reconciled pending provider transfers, deposits, withdrawals, refunds and the books');
        },
        onError: (error) => app.log.error({ err: error }, 'reconciling pending provider transfers failed'),
      },
    );
  }
  const port = (app.server.address() as { port: number }).port;
  log(`Champa is running at http://localhost:${port}`);
}

/** A round worth a log line: it settled or found something, or could not read the outside's books. */
function didSomething(report: FullReconcileReport): boolean {
  const withdrawals = report.withdrawals;
  const settledWithdrawals = withdrawals ? withdrawals.recorded + withdrawals.settled + withdrawals.returned + withdrawals.unresolved : 0;
  const refunds = report.refunds ? report.refunds.settled + report.refunds.unresolved : 0;
  const books = report.books?.failure === undefined ? (report.books?.differences ?? 0) : 1;
  return report.checked + report.depositsChecked + report.depositsExpired + settledWithdrawals + refunds + books > 0;
}

/**
 * Waits for the database (the HTTP server is already up, /readyz answers 503 meanwhile), then
 * migrates and seeds. Each failed attempt says why in one line instead of crash-looping silently.
 */
async function prepareDatabase(db: Database, log: (message: string) => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`SELECT 1`.execute(db);
      break;
    } catch (error) {
      const delay = Math.min(30, 2 ** attempt);
      log(`database unreachable (${(error as Error).message}); retrying in ${delay}s`);
      await sleep(delay * 1000);
    }
  }
  await migrateToLatest(db);
  await seed(db);
}

main().catch((error) => {
  console.error('[champa] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
