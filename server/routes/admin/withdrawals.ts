import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import { IdempotencyHeadersSchema } from '../../../contract/idempotencyHeaders';
import { PageOf } from '../../../contract/page';
import {
  AgencyWithdrawalQuerySchema,
  AgencyWithdrawalSchema,
  WithdrawalCodeParamsSchema,
  WithdrawalRejectSchema,
  WithdrawalResponseSchema,
} from '../../../contract/withdrawals';
import { WithdrawalApprovalResponseSchema } from '../../../contract/withdrawalReview';
import { requireIdempotencyKey } from '../../domain/claims';
import { actorOf } from '../../domain/operators';
import { agencyWithdrawals, approvalStateOf, payOut, rejectWithdrawal, toWithdrawal } from '../../domain/withdrawals';
import { withdrawalDeps } from '../../plugins/dependencies';

/**
 * GET /admin/withdrawals?status=, POST /admin/withdrawals/{code}/approve (pays out, or at or above
 * the agency's four-eyes amount records the first of two approvals by different operators),
 * POST /admin/withdrawals/{code}/reject {reason} (the credit goes back). Both decisions take an
 * Idempotency-Key: a repeat answers the withdrawal as it now is, another decision under the key is
 * 409 IDEMPOTENCY_CONFLICT. Only the operator's own agency's withdrawals exist here; another
 * agency's code is a 404.
 */
const adminWithdrawalRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = withdrawalDeps(app);
  app.get(
    '/withdrawals',
    {
      schema: {
        querystring: AgencyWithdrawalQuerySchema,
        response: { 200: PageOf(AgencyWithdrawalSchema), 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query;
      return agencyWithdrawals(deps.db, request.agency.id, request.operator, status, page, pageSize);
    },
  );

  app.post(
    '/withdrawals/:code/approve',
    {
      schema: {
        params: WithdrawalCodeParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: {
          200: WithdrawalApprovalResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const key = requireIdempotencyKey(request.headers['idempotency-key']);
      const row = await payOut(deps, request.agency.id, request.params.code, actorOf(request.operator), key);
      return { withdrawal: toWithdrawal(row), ...(await approvalStateOf(deps.db, row, request.operator)) };
    },
  );

  app.post(
    '/withdrawals/:code/reject',
    {
      schema: {
        params: WithdrawalCodeParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: WithdrawalRejectSchema,
        response: { 200: WithdrawalResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const key = requireIdempotencyKey(request.headers['idempotency-key']);
      const { code } = request.params;
      const row = await rejectWithdrawal(deps, request.agency.id, code, actorOf(request.operator), request.body.reason.trim(), key);
      return { withdrawal: toWithdrawal(row) };
    },
  );
  return Promise.resolve();
};

export default adminWithdrawalRoutes;
