import { formatAmount, parseAmount } from '../../../contract/money';
import { SandboxError } from '../errors';
import { applyTransfer, createMember, transferLog, transferStatus, turnover, walletBalance } from './books';
import type { ProviderRoutes } from './context';
import { AMOUNT, MEMBER, hide, memberParams, providerParams } from './schemas';

/** The transfer-wallet API the provider adapter calls: members, their balance and their turnover. */
export const memberRoutes: ProviderRoutes = (app, { db, providerOf }) => {
  app.post<{ Body: { member: string } }>(
    '/:provider/members',
    {
      config: { operation: 'createMember' },
      schema: { hide, params: providerParams, body: { type: 'object', required: ['member'], properties: { member: MEMBER } } },
    },
    async (request, reply) => {
      const created = await createMember(db, providerOf(request), request.body.member);
      return reply.status(created ? 201 : 200).send({ member: request.body.member, created });
    },
  );

  app.get<{ Params: { member: string } }>(
    '/:provider/members/:member/balance',
    { config: { operation: 'balance' }, schema: { hide, params: memberParams } },
    async (request) => ({
      member: request.params.member,
      balance: formatAmount(await walletBalance(db, providerOf(request), request.params.member), 'THB'),
      currency: 'THB',
    }),
  );

  app.get<{ Params: { member: string }; Querystring: { since?: string } }>(
    '/:provider/members/:member/turnover',
    {
      config: { operation: 'turnover' },
      schema: {
        hide,
        params: memberParams,
        querystring: { type: 'object', properties: { since: { type: 'string', format: 'date-time' } } },
      },
    },
    async (request) => {
      const provider = providerOf(request);
      await walletBalance(db, provider, request.params.member);
      const since = request.query.since ? new Date(request.query.since) : undefined;
      const result = await turnover(db, provider, request.params.member, since);
      return { member: request.params.member, turnover: formatAmount(result.turnover, 'THB'), bets: result.bets };
    },
  );
};

const LOG_PAGE = 500;
const CURSOR = /^(\d{1,20}):(.+)$/s;

/** The transfer-wallet API: transfers in and out by a ref each runs once, and their status by ref. */
export const transferRoutes: ProviderRoutes = (app, { db, providerOf }) => {
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
          properties: {
            ref: { type: 'string', minLength: 1, maxLength: 100 },
            member: MEMBER,
            direction: { type: 'string', enum: ['IN', 'OUT'] },
            amount: AMOUNT,
          },
        },
      },
    },
    async (request, reply) => {
      const amount = parseAmount(request.body.amount, 'THB');
      if (!amount) throw new SandboxError(400, 'VALIDATION_ERROR', 'amount must be above 0');
      const outcome = await applyTransfer(db, providerOf(request), { ...request.body, amount });
      if (outcome.status === 'FAILED')
        return reply.status(422).send({ code: outcome.code, message: `Transfer ${request.body.ref} was refused` });
      return { ref: request.body.ref, status: outcome.status, balance: formatAmount(outcome.balance, 'THB') };
    },
  );

  app.get<{ Params: { ref: string } }>(
    '/:provider/transfers/:ref',
    {
      config: { operation: 'transferStatus' },
      schema: {
        hide,
        params: {
          type: 'object',
          required: ['provider', 'ref'],
          properties: { provider: { type: 'string' }, ref: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request) => ({ ref: request.params.ref, ...(await transferStatus(db, providerOf(request), request.params.ref)) }),
  );
};

/** The transfer log a provider's back office exports for reconciling: by time, a page at a time, or by ref. */
export const transferLogRoutes: ProviderRoutes = (app, { db, providerOf }) => {
  app.get<{ Querystring: { since?: string; until?: string; ref?: string; after?: string; limit?: number } }>(
    '/:provider/transfers',
    {
      schema: {
        hide,
        params: providerParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            since: { type: 'string', format: 'date-time' },
            until: { type: 'string', format: 'date-time' },
            ref: { type: 'string', minLength: 1, maxLength: 100 },
            after: { type: 'string', maxLength: 130 },
            limit: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        },
      },
    },
    async (request) => {
      const { since, until, ref, after, limit = LOG_PAGE } = request.query;
      const cursor = after === undefined ? undefined : CURSOR.exec(after);
      if (cursor === null) throw new SandboxError(400, 'VALIDATION_ERROR', 'after is a cursor this log gave');
      const entries = await transferLog(db, providerOf(request), {
        since: since === undefined ? undefined : new Date(since),
        until: until === undefined ? undefined : new Date(until),
        ref,
        after: cursor && { micros: cursor[1], ref: cursor[2] },
        limit,
      });
      return {
        transfers: entries.map((entry) => ({
          ref: entry.ref,
          member: entry.member,
          direction: entry.direction,
          amount: formatAmount(entry.amount, 'THB'),
          status: entry.status,
          ...(entry.code === null ? {} : { code: entry.code }),
          createdAt: entry.createdAt.toISOString(),
        })),
        // A full page may have more after it.
        next: entries.length === limit ? entries[entries.length - 1].cursor : null,
      };
    },
  );
};
