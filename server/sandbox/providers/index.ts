import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { isProvider, type Provider } from '../../../contract/providers';
import { SandboxError, answerSandboxErrors } from '../errors';
import { drawFault, type Operation } from './faults';
import { artRoutes } from './art';
import { controlRoutes } from './controls';
import { gameRoutes, slotRoutes } from './play';
import { hide } from './schemas';
import { memberRoutes, transferLogRoutes, transferRoutes } from './wallet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The provider operation a sandbox route performs; fault controls pick calls by it. */
    operation?: Operation;
  }
}

const assetsDir = path.join(__dirname, 'assets');

/**
 * The five sandbox game providers under /sandbox/providers/{provider}, speaking the transfer-wallet
 * API the provider adapter uses (docs/providers.md), plus the game pages a launch URL opens and the
 * fault controls tests use. Only providers without a configured URL are served.
 */
const sandboxProviders: FastifyPluginAsync<{ db: Database; providers: Provider[] }> = async (app, { db, providers }) => {
  answerSandboxErrors(app);
  const served = new Set<Provider>(providers);
  const assets = {
    'slot.js': { type: 'text/javascript; charset=utf-8', body: fs.readFileSync(path.join(assetsDir, 'slot.js')) },
    'slot.css': { type: 'text/css; charset=utf-8', body: fs.readFileSync(path.join(assetsDir, 'slot.css')) },
  };

  app.get<{ Params: { file: string } }>(
    '/assets/:file',
    { schema: { hide, params: { type: 'object', properties: { file: { type: 'string', enum: Object.keys(assets) } } } } },
    async (request, reply) => {
      const asset = assets[request.params.file as keyof typeof assets];
      return reply.type(asset.type).header('Cache-Control', 'no-cache').send(asset.body);
    },
  );

  const providerOf = (request: FastifyRequest): Provider => {
    const { provider } = request.params as { provider: string };
    if (!isProvider(provider) || !served.has(provider)) throw new SandboxError(404, 'UNKNOWN_PROVIDER', `No sandbox provider ${provider}`);
    return provider;
  };

  app.addHook('preHandler', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const fault = await drawFault(db, providerOf(request), operation);
    if (!fault) return;
    if (fault.delayMs > 0) await sleep(fault.delayMs);
    if (fault.mode !== 'delay') throw new SandboxError(503, 'SANDBOX_FAULT', `Fault injected into ${operation}`);
  });

  const context = { db, providerOf };
  for (const routes of [memberRoutes, transferRoutes, transferLogRoutes, gameRoutes, artRoutes, slotRoutes, controlRoutes])
    routes(app, context);
};

export default sandboxProviders;
