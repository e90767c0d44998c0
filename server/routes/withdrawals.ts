import type { FastifyPluginAsync } from 'fastify';
import { WITHDRAWAL_PAGE_SIZE_MAX, WITHDRAWAL_STATUSES } from '../../src/contract/withdrawals';
import { openWithdrawalsOf, requestWithdrawal, withdrawalLimits, withdrawalsOf } from '../domain/withdrawals';
import { withdrawalDeps } from '../plugins/dependencies';
import { errorSchema } from './schemas';

const nullableString = { type: ['string', 'null'] } as const;

/** SPEC.md section 3's withdraw record, as src/contract/withdrawals.ts types it. */
export const withdrawalSchema = {
  type: 'object',
  required: [
    'code',
    'date',
    'provider',
    'status',
    'amountWithdrawn',
    'rate',
    'creditReceived',
    'amountReceived',
    'creditReturned',
    'promotionRetained',
    'bankName',
    'accountName',
    'accountNumber',
    'reason',
    'completedAt',
  ],
  properties: {
    code: { type: 'string' },
    date: { type: 'string', format: 'date-time' },
    provider: { type: 'string' },
    status: { type: 'string', enum: [...WITHDRAWAL_STATUSES] },
    amountWithdrawn: { type: 'string' },
    rate: { type: 'string' },
    creditReceived: { type: 'string' },
    amountReceived: nullableString,
    creditReturned: { type: 'string' },
    promotionRetained: nullableString,
    bankName: { type: 'string' },
    accountName: { type: 'string' },
    accountNumber: { type: 'string' },
    reason: nullableString,
    completedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const pageQuerySchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: WITHDRAWAL_PAGE_SIZE_MAX, default: 10 },
  },
  additionalProperties: false,
} as const;

export function pageSchemaOf(item: object) {
  return {
    type: 'object',
    required: ['items', 'page', 'pageSize', 'total'],
    properties: {
      items: { type: 'array', items: item },
      page: { type: 'integer' },
      pageSize: { type: 'integer' },
      total: { type: 'integer' },
    },
  } as const;
}

const withdrawalResponse = { type: 'object', required: ['withdrawal'], properties: { withdrawal: withdrawalSchema } } as const;

/**
 * POST /withdrawals (Idempotency-Key header), GET /withdrawals (paged history),
 * GET /withdrawals/open, GET /withdrawals/limits: the player's withdrawals.
 */
const withdrawalRoutes: FastifyPluginAsync = async (app) => {
  const deps = withdrawalDeps(app);
  app.post<{ Body: { provider: string; amount: string }; Headers: { 'idempotency-key'?: string } }>(
    '/withdrawals',
    {
      preHandler: app.requirePlayer,
      schema: {
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', maxLength: 200 } } },
        body: {
          type: 'object',
          required: ['provider', 'amount'],
          additionalProperties: false,
          properties: { provider: { type: 'string', maxLength: 50 }, amount: { type: 'string', maxLength: 40 } },
        },
        response: {
          200: withdrawalResponse,
          201: withdrawalResponse,
          400: errorSchema,
          409: errorSchema,
          429: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { withdrawal, replayed } = await requestWithdrawal(deps, request.player, request.body, request.headers['idempotency-key']);
      return reply.status(replayed ? 200 : 201).send({ withdrawal });
    },
  );

  app.get<{ Querystring: { page: number; pageSize: number } }>(
    '/withdrawals',
    { preHandler: app.requirePlayer, schema: { querystring: pageQuerySchema, response: { 200: pageSchemaOf(withdrawalSchema) } } },
    async (request) => withdrawalsOf(deps.db, request.player, request.query.page, request.query.pageSize),
  );

  app.get(
    '/withdrawals/open',
    {
      preHandler: app.requirePlayer,
      schema: {
        response: { 200: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: withdrawalSchema } } } },
      },
    },
    async (request) => ({ items: await openWithdrawalsOf(deps.db, request.player) }),
  );

  app.get(
    '/withdrawals/limits',
    {
      preHandler: app.requirePlayer,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['minAmount', 'maxAmount', 'dailyLimit', 'usedToday'],
            properties: {
              minAmount: { type: 'string' },
              maxAmount: { type: 'string' },
              dailyLimit: { type: 'integer' },
              usedToday: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => withdrawalLimits(deps, request.player),
  );
};

export default withdrawalRoutes;
