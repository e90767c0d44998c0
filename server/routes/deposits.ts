import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DepositCodeParamsSchema,
  DepositCreatedSchema,
  DepositBoundsSchema,
  DepositOpenSchema,
  DepositOrderResponseSchema,
  DepositPageQuerySchema,
  DepositPageSchema,
  DepositQrSchema,
  DepositRequestBodySchema,
} from '../../contract/deposits';
import { ApiErrorSchema } from '../../contract/apiError';
import { IdempotencyHeadersSchema } from '../../contract/idempotencyHeaders';
import {
  cancelDeposit,
  checkDeposit,
  createDeposit,
  depositBoundsView,
  depositQr,
  listDeposits,
  openDeposits,
  playerDeposit,
} from '../domain/deposits';
import { depositDeps } from '../plugins/dependencies';

/** Limits, create (with an Idempotency-Key), history and open orders. */
function orderRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = depositDeps(app);
  const { db } = app;

  app.get('/deposits/limits', { onRequest: app.requirePlayer, schema: { response: { 200: DepositBoundsSchema } } }, async (request) =>
    depositBoundsView(deps, request.player.agencyId),
  );

  app.post(
    '/deposits',
    {
      // The break is checked by createDeposit, after a replay is answered: a replay moves nothing.
      onRequest: app.requirePlayer,
      schema: {
        headers: IdempotencyHeadersSchema,
        body: DepositRequestBodySchema,
        response: {
          200: DepositCreatedSchema,
          201: DepositCreatedSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
          502: ApiErrorSchema,
          503: ApiErrorSchema,
        },
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
    {
      onRequest: app.requirePlayer,
      schema: { querystring: DepositPageQuerySchema, response: { 200: DepositPageSchema, 400: ApiErrorSchema, 404: ApiErrorSchema } },
    },
    async (request) => listDeposits(db, request.player, request.query),
  );

  app.get('/deposits/open', { onRequest: app.requirePlayer, schema: { response: { 200: DepositOpenSchema } } }, async (request) => ({
    items: await openDeposits(db, request.player),
  }));
}

/** One order by its code: as it stands, the QR to pay, check with the gateway, cancel. */
function codeRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = depositDeps(app);
  const { db } = app;

  // A read only: the page polls it while the order is open, so it never asks the gateway (check does).
  app.get(
    '/deposits/:code',
    {
      onRequest: app.requirePlayer,
      schema: { params: DepositCodeParamsSchema, response: { 200: DepositOrderResponseSchema, 404: ApiErrorSchema } },
    },
    async (request) => ({ order: await playerDeposit(db, request.player, request.params.code) }),
  );

  app.get(
    '/deposits/laoqr/:code',
    {
      onRequest: app.requirePlayer,
      schema: { params: DepositCodeParamsSchema, response: { 200: DepositQrSchema, 404: ApiErrorSchema, 503: ApiErrorSchema } },
    },
    async (request) => depositQr(db, request.player, request.params.code),
  );

  app.post(
    '/deposits/:code/check',
    {
      onRequest: app.requirePlayer,
      schema: {
        params: DepositCodeParamsSchema,
        response: { 200: DepositOrderResponseSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => ({ order: await checkDeposit({ ...deps, gateway: app.laoqrGateway }, request.player, request.params.code) }),
  );

  app.post(
    '/deposits/:code/cancel',
    {
      onRequest: app.requirePlayer,
      schema: { params: DepositCodeParamsSchema, response: { 200: DepositOrderResponseSchema, 404: ApiErrorSchema, 409: ApiErrorSchema } },
    },
    async (request) => ({ order: await cancelDeposit(db, request.player, request.params.code) }),
  );
}

/** The player's deposits by LaoQR. Every route is the logged-in player's own. */
const depositRoutes: FastifyPluginAsync = async (app) => {
  orderRoutes(app);
  codeRoutes(app);
  return Promise.resolve();
};

export default depositRoutes;
