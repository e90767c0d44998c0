import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { formatAmount, parseAmount } from '../../../src/contract/money';
import { isProvider, type Provider } from '../../../src/contract/providers';
import { SandboxError, answerSandboxErrors } from '../errors';
import { CATALOGS, findGame } from './catalog';
import { FAULT_MODES, OPERATIONS, addFault, clearFaults, drawFault, type FaultRequest, type Operation } from './faults';
import { applyTransfer, createMember, findSession, openSession, rigSpins, spin, transferStatus, turnover, walletBalance } from './books';
import { expiredPage, lobbyPage, pageLanguage, slotPage } from './pages';
import { STAKES, SYMBOLS, type SlotSymbol } from './slot';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The provider operation a sandbox route performs; fault controls pick calls by it. */
    operation?: Operation;
  }
}

const MEMBER = { type: 'string', pattern: '^[a-z0-9_]{3,32}$' } as const;
const AMOUNT = { type: 'string', pattern: '^(0|[1-9][0-9]{0,14})(\\.[0-9]{1,2})?$' } as const;
const providerParams = { type: 'object', required: ['provider'], properties: { provider: { type: 'string' } } } as const;
const memberParams = { type: 'object', required: ['provider', 'member'], properties: { provider: { type: 'string' }, member: MEMBER } } as const;
// The sandbox stands for outside companies: it stays out of the site's API document.
const hide = true;

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

  app.get<{ Params: { file: string } }>('/assets/:file', { schema: { hide, params: { type: 'object', properties: { file: { type: 'string', enum: Object.keys(assets) } } } } }, async (request, reply) => {
    const asset = assets[request.params.file as keyof typeof assets];
    return reply.type(asset.type).header('Cache-Control', 'no-cache').send(asset.body);
  });

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

  app.post<{ Body: { member: string } }>(
    '/:provider/members',
    { config: { operation: 'createMember' }, schema: { hide, params: providerParams, body: { type: 'object', required: ['member'], properties: { member: MEMBER } } } },
    async (request, reply) => {
      const created = await createMember(db, providerOf(request), request.body.member);
      return reply.status(created ? 201 : 200).send({ member: request.body.member, created });
    },
  );

  app.get<{ Params: { member: string } }>('/:provider/members/:member/balance', { config: { operation: 'balance' }, schema: { hide, params: memberParams } }, async (request) => ({
    member: request.params.member,
    balance: formatAmount(await walletBalance(db, providerOf(request), request.params.member), 'THB'),
    currency: 'THB',
  }));

  app.post<{ Body: { ref: string; member: string; direction: 'IN' | 'OUT'; amount: string } }>(
    '/:provider/transfers',
    {
      config: { operation: 'transfer' },
      schema: {
        hide,
        params: providerParams,
        body: {
          type: 'object',
          required: ['ref', 'member', 'direction', 'amount'],
          properties: { ref: { type: 'string', minLength: 1, maxLength: 100 }, member: MEMBER, direction: { type: 'string', enum: ['IN', 'OUT'] }, amount: AMOUNT },
        },
      },
    },
    async (request, reply) => {
      const amount = parseAmount(request.body.amount, 'THB');
      if (!amount) throw new SandboxError(400, 'VALIDATION_ERROR', 'amount must be above 0');
      const outcome = await applyTransfer(db, providerOf(request), { ...request.body, amount });
      if (outcome.status === 'FAILED') return reply.status(422).send({ code: outcome.code, message: `Transfer ${request.body.ref} was refused` });
      return { ref: request.body.ref, status: outcome.status, balance: formatAmount(outcome.balance, 'THB') };
    },
  );

  app.get<{ Params: { ref: string } }>(
    '/:provider/transfers/:ref',
    { config: { operation: 'transferStatus' }, schema: { hide, params: { type: 'object', required: ['provider', 'ref'], properties: { provider: { type: 'string' }, ref: { type: 'string', maxLength: 100 } } } } },
    async (request) => ({ ref: request.params.ref, ...(await transferStatus(db, providerOf(request), request.params.ref)) }),
  );

  app.post<{ Body: { member: string; gameCode?: string; language?: string } }>(
    '/:provider/launch',
    {
      config: { operation: 'launch' },
      schema: {
        hide,
        params: providerParams,
        body: { type: 'object', required: ['member'], properties: { member: MEMBER, gameCode: { type: 'string', maxLength: 100 }, language: { type: 'string', maxLength: 10 } } },
      },
    },
    async (request) => {
      const provider = providerOf(request);
      const { member, gameCode, language } = request.body;
      await walletBalance(db, provider, member);
      if (gameCode !== undefined && !findGame(provider, gameCode)) throw new SandboxError(404, 'UNKNOWN_GAME', `No game ${gameCode} at ${provider}`);
      const token = await openSession(db, provider, member, gameCode ?? null, pageLanguage(language));
      // A path on this server: the browser resolves it against the site it is on.
      return { url: `/sandbox/providers/${provider}/play/${token}` };
    },
  );

  app.get<{ Querystring: { tab?: string } }>(
    '/:provider/games',
    { config: { operation: 'games' }, schema: { hide, params: providerParams, querystring: { type: 'object', properties: { tab: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      const catalog = CATALOGS[providerOf(request)];
      const tab = catalog.tabs.length ? (request.query.tab ?? catalog.tabs[0]) : null;
      if (tab !== null && !catalog.tabs.includes(tab)) throw new SandboxError(404, 'UNKNOWN_GAME_TAB', `No tab ${tab}; tabs are ${catalog.tabs.join(', ')}`);
      return { tab, tabs: catalog.tabs, lobby: catalog.lobby, games: tab === null ? catalog.games : catalog.games.filter((game) => game.category === tab) };
    },
  );

  app.get<{ Params: { member: string }; Querystring: { since?: string } }>(
    '/:provider/members/:member/turnover',
    { config: { operation: 'turnover' }, schema: { hide, params: memberParams, querystring: { type: 'object', properties: { since: { type: 'string', format: 'date-time' } } } } },
    async (request) => {
      const provider = providerOf(request);
      await walletBalance(db, provider, request.params.member);
      const since = request.query.since ? new Date(request.query.since) : undefined;
      const result = await turnover(db, provider, request.params.member, since);
      return { member: request.params.member, turnover: formatAmount(result.turnover, 'THB'), bets: result.bets };
    },
  );

  app.put<{ Params: { member: string }; Body: { reels: SlotSymbol[][] } }>(
    '/:provider/members/:member/rigged-spins',
    {
      schema: {
        hide,
        params: memberParams,
        body: {
          type: 'object',
          required: ['reels'],
          properties: { reels: { type: 'array', maxItems: 100, items: { type: 'array', minItems: 3, maxItems: 3, items: { type: 'string', enum: [...SYMBOLS] } } } },
        },
      },
    },
    async (request, reply) => {
      await rigSpins(db, providerOf(request), request.params.member, request.body.reels);
      return reply.status(204).send();
    },
  );

  app.post<{ Body: FaultRequest }>(
    '/:provider/faults',
    {
      schema: {
        hide,
        params: providerParams,
        body: {
          type: 'object',
          required: ['mode'],
          additionalProperties: false,
          properties: {
            mode: { type: 'string', enum: [...FAULT_MODES] },
            calls: { type: 'integer', minimum: 1, maximum: 100000 },
            share: { type: 'number', minimum: 0, maximum: 1 },
            delayMs: { type: 'integer', minimum: 0, maximum: 600000 },
            operations: { type: 'array', items: { type: 'string', enum: [...OPERATIONS] }, minItems: 1 },
          },
        },
      },
    },
    async (request, reply) => {
      if (request.body.calls !== undefined && request.body.share !== undefined) throw new SandboxError(400, 'VALIDATION_ERROR', 'Give calls or share, not both');
      await addFault(db, providerOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.delete('/:provider/faults', { schema: { hide, params: providerParams } }, async (request, reply) => {
    await clearFaults(db, providerOf(request));
    return reply.status(204).send();
  });

  const tokenParams = { type: 'object', required: ['provider', 'token'], properties: { provider: { type: 'string' }, token: { type: 'string', maxLength: 100 } } } as const;

  app.get<{ Params: { token: string }; Querystring: { game?: string } }>(
    '/:provider/play/:token',
    { schema: { hide, params: tokenParams, querystring: { type: 'object', properties: { game: { type: 'string', maxLength: 100 } } } } },
    async (request, reply) => {
      const provider = providerOf(request);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      const session = await findSession(db, provider, request.params.token);
      if (!session) return reply.status(404).send(expiredPage(provider, pageLanguage(undefined)));
      const language = pageLanguage(session.language);
      const game = findGame(provider, session.gameCode ?? request.query.game ?? '');
      if (!game) return lobbyPage({ provider, games: CATALOGS[provider].games, language });
      const balance = await walletBalance(db, provider, session.member);
      return slotPage({ provider, game, balance, language, spinUrl: `/sandbox/providers/${provider}/play/${request.params.token}/spins` });
    },
  );

  app.post<{ Params: { token: string }; Body: { stake: string; game: string } }>(
    '/:provider/play/:token/spins',
    {
      schema: {
        hide,
        params: tokenParams,
        body: { type: 'object', required: ['stake', 'game'], properties: { stake: AMOUNT, game: { type: 'string', maxLength: 100 } } },
      },
    },
    async (request) => {
      const provider = providerOf(request);
      const session = await findSession(db, provider, request.params.token);
      if (!session) throw new SandboxError(404, 'SESSION_EXPIRED', 'Open the game again from the site');
      const game = findGame(provider, session.gameCode ?? request.body.game);
      if (!game) throw new SandboxError(404, 'UNKNOWN_GAME', 'No such game');
      const stake = parseAmount(request.body.stake, 'THB');
      if (stake === undefined || !STAKES.includes(stake)) throw new SandboxError(400, 'VALIDATION_ERROR', `The stake is one of ${STAKES.map((s) => formatAmount(s, 'THB')).join(', ')}`);
      const result = await spin(db, session, game.code, stake);
      return { reels: result.reels, stake: formatAmount(result.stake, 'THB'), payout: formatAmount(result.payout, 'THB'), balance: formatAmount(result.balance, 'THB') };
    },
  );
};

export default sandboxProviders;
