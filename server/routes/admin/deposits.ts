import type { FastifyPluginAsync } from 'fastify';
import { unmatchedPaymentsOf } from '../../domain/deposits';
import { ApiErrorSchema } from '../../../src/contract/errors';

const unmatchedPaymentSchema = {
  type: 'object',
  required: ['id', 'billNumber', 'reason', 'amount', 'transactionId', 'paidAt', 'status'],
  properties: {
    id: { type: 'string' },
    billNumber: { type: 'string' },
    reason: { type: 'string' },
    amount: { type: 'string' },
    transactionId: { type: 'string' },
    paidAt: { type: 'string', format: 'date-time' },
    status: { type: 'string' },
  },
} as const;

/** GET /admin/deposits/unmatched?status=: money paid that no open order could take (wrong amount, late, unknown bill). */
const adminDepositRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.get<{ Querystring: { status?: 'UNRESOLVED' | 'RESOLVED' } }>(
    '/deposits/unmatched',
    {
      preHandler: app.requireOperator,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: ['UNRESOLVED', 'RESOLVED'] } } },
        response: { 200: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: unmatchedPaymentSchema } } }, 401: ApiErrorSchema },
      },
    },
    async (request) => ({ items: await unmatchedPaymentsOf(db, request.agency.id, request.query.status) }),
  );
};

export default adminDepositRoutes;
