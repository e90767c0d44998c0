import type { FastifyPluginAsync } from 'fastify';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../src/contract/withdrawals';
import { actorOf } from '../../domain/operators';
import { agencyWithdrawals, payOut, rejectWithdrawal, toWithdrawal } from '../../domain/withdrawals';
import { withdrawalDeps } from '../../plugins/dependencies';
import { errorSchema } from '../schemas';
import { pageSchemaOf, withdrawalSchema } from '../withdrawals';

const agencyWithdrawalSchema = {
  ...withdrawalSchema,
  required: [...withdrawalSchema.required, 'player', 'payoutSent', 'decidedBy'],
  properties: {
    ...withdrawalSchema.properties,
    player: { type: 'string' },
    payoutSent: { type: 'boolean' },
    decidedBy: { type: ['string', 'null'] },
  },
} as const;

const codeParams = { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 40 } } } as const;
const decided = { type: 'object', required: ['withdrawal'], properties: { withdrawal: withdrawalSchema } } as const;

/**
 * GET /admin/withdrawals?status=, POST /admin/withdrawals/{code}/approve (pays out),
 * POST /admin/withdrawals/{code}/reject {reason} (the credit goes back). Only the operator's own
 * agency's withdrawals exist here; another agency's code is a 404.
 */
const adminWithdrawalRoutes: FastifyPluginAsync = async (app) => {
  const deps = withdrawalDeps(app);
  app.get<{ Querystring: { status?: WithdrawalStatus; page: number; pageSize: number } }>(
    '/withdrawals',
    {
      preHandler: app.requireOperator,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: [...WITHDRAWAL_STATUSES] },
            page: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
          },
        },
        response: { 200: pageSchemaOf(agencyWithdrawalSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => agencyWithdrawals(deps.db, request.agency.id, request.query.status, request.query.page, request.query.pageSize),
  );

  app.post<{ Params: { code: string } }>(
    '/withdrawals/:code/approve',
    {
      preHandler: app.requireOperator,
      schema: { params: codeParams, response: { 200: decided, 401: errorSchema, 404: errorSchema, 409: errorSchema } },
    },
    async (request) => ({
      withdrawal: toWithdrawal(await payOut(deps, request.agency.id, request.params.code, actorOf(request.operator))),
    }),
  );

  app.post<{ Params: { code: string }; Body: { reason: string } }>(
    '/withdrawals/:code/reject',
    {
      preHandler: app.requireOperator,
      schema: {
        params: codeParams,
        body: {
          type: 'object',
          required: ['reason'],
          additionalProperties: false,
          properties: { reason: { type: 'string', minLength: 3, maxLength: 500, pattern: '\\S' } },
        },
        response: { 200: decided, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => ({
      withdrawal: toWithdrawal(
        await rejectWithdrawal(deps, request.agency.id, request.params.code, actorOf(request.operator), request.body.reason.trim()),
      ),
    }),
  );
};

export default adminWithdrawalRoutes;
