import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import type { Database } from './db/database';
import type { Config } from './config';
import errorsPlugin from './plugins/errors';
import securityPlugin from './plugins/security';
import agencyPlugin from './plugins/agency';
import sessionPlugin from './plugins/session';
import healthRoutes, { type Readiness } from './routes/health';
import agencyRoutes from './routes/agency';
import bankRoutes from './routes/banks';
import bankAccountRoutes from './routes/bankAccounts';
import exchangeRateRoutes from './routes/exchangeRates';
import { gatewayFor, type LaoQrGateway } from './adapters/payment';
import sandboxBank from './sandbox/bank';
import creditRoutes from './routes/credits';
import gameRoutes from './routes/games';
import depositRoutes from './routes/deposits';
import laoqrWebhookRoutes from './routes/laoqrWebhook';
import sandboxProviders from './sandbox/providers';
import withdrawalRoutes from './routes/withdrawals';
import adminRoutes from './routes/admin';
import { createProviderClient, providerBaseUrls, type ProviderClient } from './adapters/providers';
import { PROVIDERS } from '../src/contract/providers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The LaoQR payment gateway: deposits check bills with it, withdrawals pay out through it. */
    laoqrGateway: LaoQrGateway;
    /** The game providers' client; main.ts hands it to the reconciler. */
    providers: ProviderClient;
  }
}
import playerRoutes from './routes/players';
import fingerprintRoutes from './routes/fingerprint';
import promotionRoutes from './routes/promotions';

export interface AppDeps {
  db: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Set by main.ts while it prepares the database; apps built for tests are prepared already. */
  readiness?: Readiness;
}

/** Never let a password, cookie or token reach the request log. */
export const logRedaction = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'];

export async function buildApp({ db, config, logger = false, readiness = { prepared: true } }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Champa API', version: '2.0.0' }, servers: [{ url: '/' }] },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(healthRoutes, { db, readiness });
  // The sandboxes stand in for other companies' systems: they are not part of this API's document.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/sandbox')) route.schema = { ...route.schema, hide: true };
  });
  app.decorate('laoqrGateway', gatewayFor(app, config));
  // The stand-in bank and gateway, only while no real gateway is configured: it pays for free.
  if (!config.laoqrGatewayUrl) await app.register(sandboxBank, { prefix: '/sandbox/bank', db, config });

  const providers = createProviderClient({
    baseUrl: providerBaseUrls(config.providerUrls, () => listeningOrigin(app)),
    timeoutMs: config.providerTimeoutMs,
    attempts: config.providerAttempts,
  });
  app.decorate('providers', providers);
  await app.register(sandboxProviders, { prefix: '/sandbox/providers', db, providers: PROVIDERS.filter((provider) => !config.providerUrls[provider]) });

  await app.register(
    async (api) => {
      await api.register(agencyPlugin, { db });
      await api.register(sessionPlugin, { db, sessionTtlHours: config.sessionTtlHours });
      api.addHook('onRequest', api.resolveAgency);
      await api.register(bankRoutes);
      await api.register(bankAccountRoutes, { db });
      await api.register(exchangeRateRoutes, { db });
      await api.register(creditRoutes, { db, providers });
      await api.register(gameRoutes, { db, providers });
      await api.register(agencyRoutes, { db });
      await api.register(playerRoutes, { db, sessionTtlHours: config.sessionTtlHours });
      await api.register(fingerprintRoutes, { db });
      const withdrawalDeps = { db, providers, gateway: app.laoqrGateway, settings: config.withdrawals };
      await api.register(withdrawalRoutes, withdrawalDeps);
      await api.register(adminRoutes, { ...withdrawalDeps, prefix: '/admin' });
      await api.register(depositRoutes, { db, config, providers, gateway: () => app.laoqrGateway });
      await api.register(laoqrWebhookRoutes, { db, providers, secret: config.laoqrWebhookSecret });
      await api.register(promotionRoutes, { db, providers });
    },
    { prefix: '/api/v2' },
  );

  registerSpa(app, config.distDir);
  return app;
}

/** This server's own address, for calls to the built-in sandboxes it serves. */
function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * dist/ is served when built, compressed when the browser accepts it: content-hashed files are
 * cached for a year, everything else is revalidated. Unknown /api and /sandbox paths get JSON 404;
 * any other GET gets the SPA, whose router shows its own Not Found page.
 */
function registerSpa(app: FastifyInstance, distDir: string) {
  const hasSpa = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text file; browsers that accept them get those.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = /[.-][0-9a-f]{10}\.\w+(\.br|\.gz)?$/.test(filePath);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|sandbox)(\/|$)/.test(request.url);
    if (hasSpa && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
