import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../contract/apiError';
import { IdempotencyHeadersSchema } from '../../contract/idempotencyHeaders';
import { ItemsOf } from '../../contract/page';
import {
  WithdrawalLimitsSchema,
  WithdrawalPageQuerySchema,
  WithdrawalPageSchema,
  WithdrawalRequestSchema,
  WithdrawalResponseSchema,
  WithdrawalSchema,
} from '../../contract/withdrawals';
import { openWithdrawalsOf, requestWithdrawal, withdrawalLimits, withdrawalsOf } from '../domain/withdrawals';
import { withdrawalDeps } from '../plugins/dependencies';

/**
 * POST /withdrawals (Idempotency-Key header), GET /withdrawals (paged history),
 * GET /withdrawals/open, GET /withdrawals/limits: the player's withdrawals.
 */
const withdrawalRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = withdrawalDeps(app);
  app.post(
    '/withdrawals',
    {
      onRequest: app.requirePlayer,
      schema: {
        headers: IdempotencyHeadersSchema,
        body: WithdrawalRequestSchema,
        response: {
          200: WithdrawalResponseSchema,
          201: WithdrawalResponseSchema,
          400: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
          502: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { withdrawal, replayed } = await requestWithdrawal(deps, request.player, request.body, request.headers['idempotency-key']);
      return reply.status(replayed ? 200 : 201).send({ withdrawal });
    },
  );

  app.get(
    '/withdrawals',
    { onRequest: app.requirePlayer, schema: { querystring: WithdrawalPageQuerySchema, response: { 200: WithdrawalPageSchema } } },
    async (request) => withdrawalsOf(deps.db, request.player, request.query.page, request.query.pageSize),
  );

  app.get(
    '/withdrawals/open',
    { onRequest: app.requirePlayer, schema: { response: { 200: ItemsOf(WithdrawalSchema) } } },
    async (request) => ({ items: await openWithdrawalsOf(deps.db, request.player) }),
  );

  app.get('/withdrawals/limits', { onRequest: app.requirePlayer, schema: { response: { 200: WithdrawalLimitsSchema } } }, async (request) =>
    withdrawalLimits(deps, request.player),
  );
  return Promise.resolve();
};

export default withdrawalRoutes;
