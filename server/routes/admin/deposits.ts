import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { UnmatchedPaymentQuerySchema, UnmatchedPaymentSchema } from '../../../src/contract/admin';
import { ApiErrorSchema } from '../../../src/contract/apiError';
import { ItemsOf } from '../../../src/contract/page';
import { unmatchedPaymentsOf } from '../../domain/deposits';

/** GET /admin/deposits/unmatched?status=: money paid that no open order could take (wrong amount, late, unknown bill). */
const adminDepositRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get(
    '/deposits/unmatched',
    {
      preHandler: app.requireOperator,
      schema: { querystring: UnmatchedPaymentQuerySchema, response: { 200: ItemsOf(UnmatchedPaymentSchema), 401: ApiErrorSchema } },
    },
    async (request) => ({ items: await unmatchedPaymentsOf(db, request.agency.id, request.query.status) }),
  );
  return Promise.resolve();
};

export default adminDepositRoutes;
