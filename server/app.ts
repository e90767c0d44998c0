import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import autoload from '@fastify/autoload';
import pino from 'pino';
import type { Database } from './db/database';
import type { Config } from './config';
import errorsPlugin from './plugins/errors';
import securityPlugin from './plugins/security';
import changesPlugin from './plugins/changes';
import agencyPlugin from './plugins/agency';
import sessionPlugin from './plugins/session';
import operatorSessionPlugin from './plugins/operatorSession';
import breaksPlugin from './plugins/breaks';
import dependencies from './plugins/dependencies';
import { postgresRateLimitStore } from './domain/rateLimits';
import { systemClock, type Clock } from './domain/clock';
import healthRoutes, { type Readiness } from './routes/health';
import { OneLinePerRequest, requestLogger } from './requestLog';
import { loadSiteRenderer, registerSitePages } from './pages/sitePages';
import { PageCache } from './pages/pageCache';

export interface AppDeps {
  db: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Set by main.ts while it prepares the database; apps built for tests are prepared already. */
  readiness?: Readiness;
  /** The system clock unless a test moves time itself. */
  clock?: Clock;
}

/** The socket's peer and the hops behind it, `hops` in all, are proxies: the client is the entry they added. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({
  db,
  config,
  logger = false,
  readiness = { prepared: true },
  clock = systemClock,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // Without a logger Fastify's own null logger costs nothing per request.
    ...(logger ? { logController: new OneLinePerRequest(), childLoggerFactory: requestLogger } : {}),
    // A hop count is honoured as Express does: the nearest hops are the proxies (Fastify itself ignores a count).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });

  // Lines still buffered by an asynchronous log destination are written before the app is gone.
  app.addHook('onClose', async (instance) => {
    const { flush } = instance.log as Partial<pino.Logger>;
    if (flush) await new Promise<void>((resolve) => flush.call(instance.log, () => resolve()));
  });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db) });
  await app.register(swagger, {
    openapi: { info: { title: 'Champa API', version: '2.0.0' }, servers: [{ url: '/' }] },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(dependencies, { db, config, clock });
  await app.register(changesPlugin);
  app.decorate('sitePages', new PageCache());
  await app.register(healthRoutes, { readiness });

  await app.register(
    async (api) => {
      await api.register(agencyPlugin);
      await api.register(sessionPlugin);
      await api.register(breaksPlugin);
      await api.register(operatorSessionPlugin);
      api.addHook('onRequest', api.resolveAgency);
      // One plugin per file, admin/ under /admin; /healthz and /readyz answer at the root, for any host.
      // A folder's autohooks file (admin/'s guard) wraps every route of the folder and below.
      await api.register(autoload, {
        dir: path.join(__dirname, 'routes'),
        ignorePattern: /^health\.ts$/,
        autoHooks: true,
        cascadeHooks: true,
      });
    },
    { prefix: '/api/v2' },
  );

  registerSpa(app, config.distDir);
  return app;
}

/**
 * dist/ is served when built, compressed when the browser accepts it: content-hashed files are
 * cached for a year, everything else is revalidated. Unknown /api and /sandbox paths get JSON 404;
 * GET /admin and below gets the operators' console (admin.html); any other GET gets the players'
 * site's page rendered on the server (server/pages), whose router shows its own Not Found page.
 */
function registerSpa(app: FastifyInstance, distDir: string) {
  const hasSpa = fs.existsSync(path.join(distDir, 'index.html'));
  const sendSitePage = registerSitePages(app, hasSpa ? loadSiteRenderer(distDir) : undefined);
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
      // /admin and below is the operators' console, its own page; everything else the players' site.
      if (!/^\/admin(\/|\?|$)/.test(request.url)) return sendSitePage(request, reply);
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('admin.html');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
