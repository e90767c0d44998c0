import { sql } from 'kysely';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { embeddedDatabaseUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { createProviderClient, providerBaseUrls } from './adapters/providers';
import { createLaoQrGateway, SANDBOX_GATEWAY_PATH } from './adapters/payment';
import { reconcileOnce } from './domain/reconciler';

/**
 * `npm run reconcile`: settles every provider transfer left PENDING, credits deposits left PAID and
 * writes expired deposits, settles payouts and refunds the gateway left unanswered, matches the
 * ledger with the providers' and the gateway's books, once, and prints what it did.
 * It uses DATABASE_URL, or the embedded PostgreSQL of a running `npm start` (started here from
 * PG_DATA_DIR when none runs). Sandbox providers are reached on the running server at PORT.
 */
async function main() {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let db = createDatabase(config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPgPort), 2);
  try {
    await sql`SELECT 1`.execute(db);
  } catch (error) {
    if (config.databaseUrl) throw error;
    await db.destroy();
    embedded = await startEmbeddedPostgres(config.pgDataDir, config.embeddedPgPort);
    db = createDatabase(embedded.url, 2);
  }
  try {
    const providers = createProviderClient({
      baseUrl: providerBaseUrls(config.providerUrls, () => `http://127.0.0.1:${config.port}`),
      timeoutMs: config.providerTimeoutMs,
      attempts: config.providerAttempts,
    });
    const gateway = createLaoQrGateway({
      baseUrl: config.laoqrGatewayUrl ?? `http://127.0.0.1:${config.port}${SANDBOX_GATEWAY_PATH}`,
      timeoutMs: config.laoqrGatewayTimeoutMs,
    });
    const report = await reconcileOnce(
      { db, providers, gateway, defaults: config.withdrawals },
      { olderThanMs: 2 * config.providerTimeoutMs, payoutOlderThanMs: 2 * config.laoqrGatewayTimeoutMs, limit: 10_000 },
    );
    const transfers = `${report.posted} posted, ${report.voided} voided, ${report.unresolved} still pending (provider unreachable)`;
    const deposits = `${report.depositsCredited} of ${report.depositsChecked} paid deposit(s) credited, ${report.depositsExpired} expired`;
    console.log(`[champa] reconciled ${report.checked} pending provider transfer(s): ${transfers}; ${deposits}`);
    const w = report.withdrawals!;
    const settled = `${w.settled} payout(s) settled, ${w.returned} credit return(s) finished`;
    console.log(`[champa] withdrawals: ${w.recorded} recorded, ${settled}, ${w.unresolved} still unknown`);
    const r = report.refunds!;
    console.log(`[champa] refunds: ${r.settled} answered by the gateway, ${r.unresolved} still unknown`);
    const b = report.books!;
    const books = b.failure
      ? `could not read a book (${b.failure})`
      : `${b.differences} difference(s) in ${b.checked.providerTransfers} provider transfer(s), ${b.checked.payments} payment(s), ` +
        `${b.checked.payouts} payout(s) and ${b.checked.refunds} refund(s)`;
    console.log(`[champa] books against the providers and the gateway: ${books}`);
  } finally {
    await db.destroy();
    if (embedded) await embedded.stop();
  }
}

main().catch((error) => {
  console.error('[champa] reconcile failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
