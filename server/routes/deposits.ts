import type { FastifyPluginAsync } from 'fastify';
import { DEPOSIT_STATUSES } from '../../src/contract/deposits';
import { PROVIDERS } from '../../src/contract/providers';
import {
  cancelDeposit,
  checkDeposit,
  createDeposit,
  depositLimitsView,
  depositQr,
  listDeposits,
  openDeposits,
} from '../domain/deposits';
import { depositDeps } from '../plugins/dependencies';
import { errorSchema } from './schemas';

const decimal = { type: 'string' } as const;
const nullableDecimal = { type: ['string', 'null'] } as const;

export const depositOrderSchema = {
  type: 'object',
  required: ['code', 'provider', 'amount', 'credit', 'rate', 'status', 'createdAt', 'expiresAt', 'paidAt', 'promoCredit', 'creditedTotal'],
  properties: {
    code: { type: 'string' },
    provider: { type: 'string', enum: PROVIDERS },
    amount: decimal,
    credit: decimal,
    rate: decimal,
    status: { type: 'string', enum: DEPOSIT_STATUSES },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    paidAt: { type: ['string', 'null'], format: 'date-time' },
    promoCredit: nullableDecimal,
    creditedTotal: nullableDecimal,
  },
} as const;

const orderResponse = { type: 'object', required: ['order'], properties: { order: depositOrderSchema } } as const;
const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 25 } },
} as const;

/**
 * The player's deposits by LaoQR: create (with an Idempotency-Key), history, open orders, the QR
 * of one order, check with the gateway, cancel. Every route is the logged-in player's own.
 */
const depositRoutes: FastifyPluginAsync = async (app) => {
  const deps = depositDeps(app);
  const { db } = app;

  app.get(
    '/deposits/limits',
    {
      preHandler: app.requirePlayer,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['minAmount', 'maxAmount', 'expiryMinutes'],
            properties: { minAmount: decimal, maxAmount: decimal, expiryMinutes: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => depositLimitsView(deps, request.player.agencyId),
  );

  app.post<{ Body: { provider: string; amount: unknown; promotionId?: string }; Headers: { 'idempotency-key'?: string } }>(
    '/deposits',
    {
      preHandler: app.requirePlayer,
      schema: {
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', maxLength: 200 } } },
        body: {
          type: 'object',
          required: ['provider', 'amount'],
          additionalProperties: false,
          // amount has no schema here: ajv would coerce a JSON number into a string, and an amount is
          // only ever a decimal string; the domain refuses anything else (and over 15 digits) as
          // DEPOSIT_AMOUNT_INVALID.
          properties: { provider: { type: 'string', maxLength: 50 }, amount: {}, promotionId: { type: 'string', maxLength: 64 } },
        },
        response: { 200: orderResponse, 201: orderResponse, 400: errorSchema, 409: errorSchema, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await createDeposit(deps, request.player, {
        provider: request.body.provider,
        amount: request.body.amount,
        idempotencyKey: request.headers['idempotency-key'],
        promotionId: request.body.promotionId,
      });
      return reply.status(replayed ? 200 : 201).send({ order });
    },
  );

  app.get<{ Querystring: { page: number; pageSize: number } }>(
    '/deposits',
    {
      preHandler: app.requirePlayer,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['items', 'page', 'pageSize', 'total'],
            properties: { items: { type: 'array', items: depositOrderSchema }, page: { type: 'integer' }, pageSize: { type: 'integer' }, total: { type: 'integer' } },
          },
          400: errorSchema,
        },
      },
    },
    async (request) => listDeposits(db, request.player, request.query.page, request.query.pageSize),
  );

  app.get(
    '/deposits/open',
    {
      preHandler: app.requirePlayer,
      schema: { response: { 200: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: depositOrderSchema } } } } },
    },
    async (request) => ({ items: await openDeposits(db, request.player) }),
  );

  app.get<{ Params: { code: string } }>(
    '/deposits/laoqr/:code',
    {
      preHandler: app.requirePlayer,
      schema: {
        params: codeParams,
        response: {
          200: {
            type: 'object',
            required: ['code', 'payload', 'amount', 'payee', 'expiresAt', 'status'],
            properties: {
              code: { type: 'string' },
              payload: { type: 'string' },
              amount: decimal,
              payee: {
                type: 'object',
                required: ['name', 'city', 'bankIin', 'accountNumber'],
                properties: { name: { type: 'string' }, city: { type: 'string' }, bankIin: { type: 'string' }, accountNumber: { type: 'string' } },
              },
              expiresAt: { type: 'string', format: 'date-time' },
              status: { type: 'string', enum: DEPOSIT_STATUSES },
            },
          },
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => depositQr(db, request.player, request.params.code),
  );

  app.post<{ Params: { code: string } }>(
    '/deposits/:code/check',
    { preHandler: app.requirePlayer, schema: { params: codeParams, response: { 200: orderResponse, 404: errorSchema, 409: errorSchema, 503: errorSchema } } },
    async (request) => ({ order: await checkDeposit({ ...deps, gateway: app.laoqrGateway }, request.player, request.params.code) }),
  );

  app.post<{ Params: { code: string } }>(
    '/deposits/:code/cancel',
    { preHandler: app.requirePlayer, schema: { params: codeParams, response: { 200: orderResponse, 404: errorSchema, 409: errorSchema } } },
    async (request) => ({ order: await cancelDeposit(db, request.player, request.params.code) }),
  );
};

export default depositRoutes;
