import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import { IdempotencyHeadersSchema } from '../../../contract/idempotencyHeaders';
import {
  AdminPromotionResponseSchema,
  AdminPromotionsSchema,
  BonusPoolFundedSchema,
  BonusPoolFundingSchema,
  BonusPoolSchema,
  PromotionCreationSchema,
  PromotionIdParamsSchema,
  PromotionStatusChangeSchema,
} from '../../../contract/adminPromotions';
import { ErrorCode } from '../../../contract/errors';
import { formatAmount, parseAmount } from '../../../contract/money';
import { AppError } from '../../domain/errors';
import { requireIdempotencyKey } from '../../domain/claims';
import { appendAudit } from '../../domain/audit';
import { actorOf } from '../../domain/operators';
import {
  allPromotions,
  bonusPoolBalance,
  createPromotion,
  fundBonusPool,
  newPromotionFrom,
  setPromotionStatus,
  usageCountsOf,
} from '../../domain/promotions';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * GET /admin/promotions: every promotion of the agency, any status, with its usage count.
 * POST /admin/promotions (owners) {promotion, reason}: checked by the CLI's rule (checkNewPromotion),
 * audited CREATE_PROMOTION. POST /admin/promotions/{id}/status (owners) {status, reason}: audited
 * SET_PROMOTION_STATUS; another agency's promotion is 404.
 * GET /admin/bonus-pool and POST /admin/bonus-pool/fund (owners, Idempotency-Key) {amount, reason}:
 * the CLI's fundBonusPool, audited FUND_BONUS_POOL once per key.
 */
function promotionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get('/promotions', { schema: { response: { 200: AdminPromotionsSchema, 401: ApiErrorSchema } } }, async (request) => {
    const [promotions, usages] = await Promise.all([allPromotions(db, request.agency.id), usageCountsOf(db, request.agency.id)]);
    return { promotions: promotions.map((promotion) => ({ ...promotion, usages: usages.get(promotion.id) ?? 0 })) };
  });

  app.post(
    '/promotions',
    { config: { access: 'owner' }, schema: { body: PromotionCreationSchema, response: { 201: AdminPromotionResponseSchema, ...errors } } },
    async (request, reply) => {
      const input = newPromotionFrom(request.body.promotion, app.clock.now());
      const promotion = await db.transaction().execute(async (trx) => {
        const created = await createPromotion(trx, request.agency.id, input);
        await appendAudit(trx, {
          agencyId: request.agency.id,
          actor: actorOf(request.operator),
          action: 'CREATE_PROMOTION',
          target: created.id,
          reason: request.body.reason.trim(),
          details: { name: created.name.lo, status: created.status },
        });
        return created;
      });
      return reply.code(201).send({ promotion });
    },
  );

  app.post(
    '/promotions/:id/status',
    {
      config: { access: 'owner' },
      schema: {
        params: PromotionIdParamsSchema,
        body: PromotionStatusChangeSchema,
        response: { 200: AdminPromotionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { status, reason } = request.body;
      const promotion = await db.transaction().execute(async (trx) => {
        const changed = await setPromotionStatus(trx, request.agency.id, request.params.id, status);
        await appendAudit(trx, {
          agencyId: request.agency.id,
          actor: actorOf(request.operator),
          action: 'SET_PROMOTION_STATUS',
          target: changed.promotion.id,
          reason: reason.trim(),
          details: { from: changed.previous, to: status },
        });
        return changed.promotion;
      });
      return { promotion };
    },
  );
}

function bonusPoolRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get('/bonus-pool', { schema: { response: { 200: BonusPoolSchema, 401: ApiErrorSchema } } }, async (request) => ({
    balance: formatAmount(await bonusPoolBalance(db, request.agency.id), 'THB'),
  }));

  app.post(
    '/bonus-pool/fund',
    {
      config: { access: 'owner' },
      schema: { headers: IdempotencyHeadersSchema, body: BonusPoolFundingSchema, response: { 200: BonusPoolFundedSchema, ...errors } },
    },
    async (request) => {
      const key = requireIdempotencyKey(request.headers['idempotency-key']);
      const amount = parseAmount(request.body.amount, 'THB');
      // fundBonusPool refuses an amount of 0 or less itself.
      if (amount === undefined)
        throw new AppError(400, ErrorCode.INVALID_AMOUNT, 'The amount is THB above 0 with at most 2 decimals, like 50000 or 1250.50');
      const actor = actorOf(request.operator);
      const { balance, replayed } = await fundBonusPool(db, request.agency.id, amount, `admin:fund-bonus-pool:${key}`, actor.name, {
        actor,
        reason: request.body.reason.trim(),
      });
      return { balance: formatAmount(balance, 'THB'), replayed };
    },
  );
}

const adminPromotionRoutes: FastifyPluginAsync = async (base) => {
  promotionRoutes(base);
  bonusPoolRoutes(base);
  return Promise.resolve();
};

export default adminPromotionRoutes;
