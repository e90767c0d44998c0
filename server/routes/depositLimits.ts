import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../contract/apiError';
import { DepositLimitsChangeSchema, DepositLimitsViewSchema } from '../../contract/depositLimits';
import { changeDepositLimits, depositLimitsOf } from '../domain/depositLimits';

/** The logged-in player's own deposit limits: read them, change them. They move no money: no Idempotency-Key. */
const depositLimitRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/players/deposit-limits',
    { onRequest: app.requirePlayer, schema: { response: { 200: DepositLimitsViewSchema, '4xx': ApiErrorSchema } } },
    async (request) => depositLimitsOf(db, request.player, app.clock.now()),
  );

  app.put(
    '/players/deposit-limits',
    {
      onRequest: app.requirePlayer,
      schema: { body: DepositLimitsChangeSchema, response: { 200: DepositLimitsViewSchema, '4xx': ApiErrorSchema } },
    },
    async (request) => changeDepositLimits(db, request.player, request.body, app.clock.now()),
  );
  return Promise.resolve();
};

export default depositLimitRoutes;
