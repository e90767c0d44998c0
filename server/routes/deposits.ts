import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorsFor, IdempotencyKeyHeaders, PageQuery } from '../../src/contract/schemas/common';
import {
  DepositCodeParams,
  DepositCreatedSchema,
  DepositLimitsSchema,
  DepositOrderResponseSchema,
  DepositPageSchema,
  DepositQrSchema,
  DepositRequestSchema,
  OpenDepositsSchema,
} from '../../src/contract/schemas/deposits';
import { cancelDeposit, checkDeposit, createDeposit, depositLimitsView, depositQr, listDeposits, openDeposits } from '../domain/deposits';
import { depositDeps } from '../plugins/dependencies';

/**
 * The player's deposits by LaoQR: create (with an Idempotency-Key), history, open orders, the QR
 * of one order, check with the gateway, cancel. Every route is the logged-in player's own.
 */
const depositRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depositDeps(app);
  const { db } = app;
  const player = { preHandler: app.requirePlayer };

  app.get('/deposits/limits', { ...player, schema: { response: { 200: DepositLimitsSchema } } }, async (request) =>
    depositLimitsView(deps, request.player.agencyId),
  );

  app.post(
    '/deposits',
    {
      ...player,
      schema: {
        headers: IdempotencyKeyHeaders,
        body: DepositRequestSchema,
        response: { 200: DepositCreatedSchema, 201: DepositCreatedSchema, ...errorsFor(400, 409, 502, 503) },
      },
    },
    async (request, reply) => {
      const { order, qr, replayed } = await createDeposit(deps, request.player, {
        provider: request.body.provider,
        amount: request.body.amount,
        idempotencyKey: request.headers['idempotency-key'],
        promotionId: request.body.promotionId,
      });
      return reply.status(replayed ? 200 : 201).send({ order, qr });
    },
  );

  app.get(
    '/deposits',
    { ...player, schema: { querystring: PageQuery, response: { 200: DepositPageSchema, ...errorsFor(400) } } },
    async (request) => listDeposits(db, request.player, request.query.page, request.query.pageSize),
  );

  app.get('/deposits/open', { ...player, schema: { response: { 200: OpenDepositsSchema } } }, async (request) => ({
    items: await openDeposits(db, request.player),
  }));

  app.get(
    '/deposits/laoqr/:code',
    { ...player, schema: { params: DepositCodeParams, response: { 200: DepositQrSchema, ...errorsFor(404, 503) } } },
    async (request) => depositQr(db, request.player, request.params.code),
  );

  app.post(
    '/deposits/:code/check',
    { ...player, schema: { params: DepositCodeParams, response: { 200: DepositOrderResponseSchema, ...errorsFor(404, 409, 503) } } },
    async (request) => ({ order: await checkDeposit({ ...deps, gateway: app.laoqrGateway }, request.player, request.params.code) }),
  );

  app.post(
    '/deposits/:code/cancel',
    { ...player, schema: { params: DepositCodeParams, response: { 200: DepositOrderResponseSchema, ...errorsFor(404, 409) } } },
    async (request) => ({ order: await cancelDeposit(db, request.player, request.params.code) }),
  );
};

export default depositRoutes;
