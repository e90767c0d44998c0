import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AgencyDepositPageSchema,
  AgencyDepositQuerySchema,
  AgencyDepositSchema,
  DepositCodeParamsSchema,
  DepositReviewReasonSchema,
  DepositDetailSchema,
  DepositPlayerQuerySchema,
  DepositPlayerSchema,
  UnmatchedCreditSchema,
  UnmatchedPaymentParamsSchema,
  UnmatchedPaymentQuerySchema,
  UnmatchedPaymentResponseSchema,
  UnmatchedPaymentSchema,
} from '../../../contract/adminDeposits';
import { ApiErrorSchema } from '../../../contract/apiError';
import { ItemsOf } from '../../../contract/page';
import {
  creditUnmatchedPayment,
  depositDetail,
  playersNamed,
  refundDeposit,
  refundUnmatchedPayment,
  retryDepositCredit,
  searchDeposits,
  unmatchedPaymentsOf,
  type DepositReviewDeps,
} from '../../domain/deposits';
import { actorOf } from '../../domain/operators';

const DepositResponseSchema = Type.Object({ deposit: AgencyDepositSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 502: ApiErrorSchema };

/**
 * The deposit review: GET /admin/deposits?code=&player=&status=&from=&to= and /admin/deposits/{code};
 * GET /admin/deposits/unmatched?status= and POST .../unmatched/{id}/credit | refund; POST
 * /admin/deposits/{code}/retry-credit | refund for deposits stuck PAID; GET /admin/deposits/players?username=
 * to find the player a payment is credited to. The POSTs take an Idempotency-Key and a reason.
 * Only the operator's own agency's records exist here; another agency's is a 404.
 */
const adminDepositRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps: DepositReviewDeps = { db: app.db, providers: app.providers, gateway: app.laoqrGateway };
  readRoutes(app, deps);
  resolutionRoutes(app, deps);
  return Promise.resolve();
};

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Search, detail, the unmatched list and the player search. */
function readRoutes(app: App, { db }: DepositReviewDeps): void {
  app.get(
    '/deposits',
    {
      schema: {
        querystring: AgencyDepositQuerySchema,
        response: { 200: AgencyDepositPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => searchDeposits(db, request.agency.id, request.query),
  );

  app.get(
    '/deposits/unmatched',
    {
      schema: { querystring: UnmatchedPaymentQuerySchema, response: { 200: ItemsOf(UnmatchedPaymentSchema), 401: ApiErrorSchema } },
    },
    async (request) => ({ items: await unmatchedPaymentsOf(db, request.agency.id, request.query.status) }),
  );

  app.get(
    '/deposits/players',
    {
      schema: {
        querystring: DepositPlayerQuerySchema,
        response: { 200: ItemsOf(DepositPlayerSchema), 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => ({ items: await playersNamed(db, request.agency.id, request.query.username) }),
  );

  app.get(
    '/deposits/:code',
    {
      schema: { params: DepositCodeParamsSchema, response: { 200: DepositDetailSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } },
    },
    async (request) => depositDetail(db, request.agency.id, request.params.code),
  );
}

/** The resolutions: each takes an Idempotency-Key and a reason. */
function resolutionRoutes(app: App, deps: DepositReviewDeps): void {
  app.post(
    '/deposits/unmatched/:id/credit',
    {
      schema: {
        params: UnmatchedPaymentParamsSchema,
        body: UnmatchedCreditSchema,
        response: { 200: UnmatchedPaymentResponseSchema, ...errors },
      },
    },
    async (request) =>
      creditUnmatchedPayment(
        deps,
        request.agency.id,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
        actorOf(request.operator),
      ),
  );

  app.post(
    '/deposits/unmatched/:id/refund',
    {
      schema: {
        params: UnmatchedPaymentParamsSchema,
        body: DepositReviewReasonSchema,
        response: { 200: UnmatchedPaymentResponseSchema, ...errors },
      },
    },
    async (request) =>
      refundUnmatchedPayment(
        deps,
        request.agency.id,
        request.params.id,
        request.body.reason,
        request.headers['idempotency-key'],
        actorOf(request.operator),
      ),
  );

  app.post(
    '/deposits/:code/retry-credit',
    {
      schema: { params: DepositCodeParamsSchema, body: DepositReviewReasonSchema, response: { 200: DepositResponseSchema, ...errors } },
    },
    async (request) => ({
      deposit: await retryDepositCredit(
        deps,
        request.agency.id,
        request.params.code,
        request.body.reason,
        request.headers['idempotency-key'],
        actorOf(request.operator),
      ),
    }),
  );

  app.post(
    '/deposits/:code/refund',
    {
      schema: { params: DepositCodeParamsSchema, body: DepositReviewReasonSchema, response: { 200: DepositResponseSchema, ...errors } },
    },
    async (request) => ({
      deposit: await refundDeposit(
        deps,
        request.agency.id,
        request.params.code,
        request.body.reason,
        request.headers['idempotency-key'],
        actorOf(request.operator),
      ),
    }),
  );
}

export default adminDepositRoutes;
