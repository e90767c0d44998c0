import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import { WithdrawalCodeParamsSchema } from '../../../contract/withdrawals';
import {
  WithdrawalReviewSchema,
  WithdrawalReviewSettingsSchema,
  WithdrawalReviewSettingsUpdateSchema,
} from '../../../contract/withdrawalReview';
import { actorOf } from '../../domain/operators';
import { setFourEyesAmount, withdrawalReviewOf, withdrawalReviewSettingsOf } from '../../domain/withdrawals';

/**
 * GET /admin/withdrawals/{code}/review: the player's recent history and risk flags beside a queued
 * withdrawal (another agency's code is 404). GET /admin/settings/withdrawal-review: the four-eyes
 * amount; PUT (owners) sets it with a reason, a bad amount is 400 INVALID_AMOUNT with nothing changed.
 */
const adminWithdrawalReviewRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get(
    '/withdrawals/:code/review',
    {
      schema: { params: WithdrawalCodeParamsSchema, response: { 200: WithdrawalReviewSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } },
    },
    async (request) => withdrawalReviewOf(db, request.agency.id, request.params.code),
  );

  app.get(
    '/settings/withdrawal-review',
    { schema: { response: { 200: WithdrawalReviewSettingsSchema, 401: ApiErrorSchema } } },
    async (request) => withdrawalReviewSettingsOf(db, request.agency.id),
  );

  app.put(
    '/settings/withdrawal-review',
    {
      config: { access: 'owner' },
      schema: {
        body: WithdrawalReviewSettingsUpdateSchema,
        response: { 200: WithdrawalReviewSettingsSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) =>
      setFourEyesAmount(db, request.agency.id, request.body.fourEyesThb, request.body.reason.trim(), actorOf(request.operator)),
  );
  return Promise.resolve();
};

export default adminWithdrawalReviewRoutes;
