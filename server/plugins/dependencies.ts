import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { gatewayFor, type LaoQrGateway } from '../adapters/payment';
import { createProviderClient, providerBaseUrls, type ProviderClient } from '../adapters/providers';
import type { WalletDeps } from '../domain/providerWallets';
import type { DepositDeps } from '../domain/deposits';
import type { WithdrawalDeps } from '../domain/withdrawals';
import type { Clock } from '../domain/clock';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** The LaoQR payment gateway: deposits check bills with it, withdrawals pay out through it. */
    laoqrGateway: LaoQrGateway;
    /** The game providers' client; main.ts hands it to the reconciler. */
    providers: ProviderClient;
    /** The time the product's rules are judged at; tests may move it. */
    clock: Clock;
  }
}

/**
 * What every route and plugin reads from the instance: the database, the configuration and the
 * clients of the outside world, decorated once at the root.
 */
export default fp<{ db: Database; config: Config; clock: Clock }>(
  async (app, { db, config, clock }) => {
    const origin = () => listeningOrigin(app);
    app.decorate('db', db);
    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate('laoqrGateway', gatewayFor(config, origin));
    app.decorate(
      'providers',
      createProviderClient({
        baseUrl: providerBaseUrls(config.providerUrls, origin),
        timeoutMs: config.providerTimeoutMs,
        attempts: config.providerAttempts,
      }),
    );
  },
  { name: 'dependencies' },
);

export const walletDeps = (app: FastifyInstance): WalletDeps => ({ db: app.db, providers: app.providers });

export const depositDeps = (app: FastifyInstance): DepositDeps => ({
  db: app.db,
  config: app.config,
  providers: app.providers,
  clock: app.clock,
});

export const withdrawalDeps = (app: FastifyInstance): WithdrawalDeps => ({
  db: app.db,
  providers: app.providers,
  gateway: app.laoqrGateway,
  defaults: app.config.withdrawals,
});

/** This server's own address, for the calls an unconfigured gateway or provider makes to the stand-ins it serves. */
function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
