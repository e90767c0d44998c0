import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import {
  AgencyRatesSchema,
  RateChangeSchema,
  RateChangedSchema,
  RateConfirmationRequiredSchema,
  RateCurrencyParamsSchema,
  type RateEntry,
} from '../../../contract/adminRates';
import { OperatorErrorCode } from '../../../contract/admin';
import { RATE_CURRENCIES, midRate } from '../../../contract/money';
import { changeRate, rateHistory, type RateChange } from '../../domain/agencies';
import { actorOf } from '../../domain/operators';

const toEntry = (rate: RateChange): RateEntry => ({
  currency: rate.currency,
  buy: rate.buy,
  sell: rate.sell,
  mid: midRate(rate.buy, rate.sell),
  effectiveAt: rate.effectiveAt.toISOString(),
  changedBy: rate.changedBy,
});

/**
 * GET /admin/rates: the THB and USD rates in force and their history, newest first.
 * PUT /admin/rates/{currency} (owners) {buy, sell, reason?, confirmLargeMove?}: a bad pair is 400
 * INVALID_RATE, a move over 5% without confirmLargeMove is 409 RATE_CONFIRMATION_REQUIRED with the
 * size of the move; neither changes anything. A change is audited (SET_RATE).
 */
const adminRateRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get('/rates', { schema: { response: { 200: AgencyRatesSchema, 401: ApiErrorSchema } } }, async (request) => ({
    rates: await Promise.all(
      RATE_CURRENCIES.map(async (currency) => {
        const history = (await rateHistory(db, request.agency.id, currency)).map(toEntry);
        return { currency, current: history[0] ?? null, history };
      }),
    ),
  }));

  app.put(
    '/rates/:currency',
    {
      config: { access: 'owner' },
      schema: {
        params: RateCurrencyParamsSchema,
        body: RateChangeSchema,
        response: {
          200: RateChangedSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: RateConfirmationRequiredSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await changeRate(db, request.agency.id, request.params.currency, request.body, actorOf(request.operator));
      if (result.outcome === 'confirm') {
        return reply.code(409).send({
          code: OperatorErrorCode.RATE_CONFIRMATION_REQUIRED,
          message: `the rate moves ${result.movePercent}%, more than 5%: send confirmLargeMove to set it`,
          movePercent: result.movePercent,
        });
      }
      return { rate: toEntry(result.rate) };
    },
  );
  return Promise.resolve();
};

export default adminRateRoutes;
