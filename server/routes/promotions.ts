import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../contract/apiError';
import {
  PromotionIdParamsSchema,
  PromotionListResponseSchema,
  PromotionResponseSchema,
  PromotionUsageCancelBodySchema,
  PromotionUsagePageSchema,
  PromotionUsageQuerySchema,
  PromotionUsageResponseSchema,
  PromotionUseBodySchema,
  PromotionUsingResponseSchema,
} from '../../contract/promotions';
import { walletDeps } from '../plugins/dependencies';
import { cancelUsage, findPromotion, livePromotions, recheckUsage, usagesOf, usePromotion, usingPromotion } from '../domain/promotions';

const errors = {
  400: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  502: ApiErrorSchema,
  503: ApiErrorSchema,
};

/** The live list, one promotion, and taking one for a provider. */
function promotionListRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = walletDeps(app);
  const { db } = deps;

  app.get(
    '/promotions',
    // Public: the visitor lobby and the footer show the agency's live promotions too.
    { schema: { response: { 200: PromotionListResponseSchema } } },
    async (request) => ({
      promotions: await livePromotions(db, request.agency.id),
    }),
  );

  app.get(
    '/promotions/:promotionId',
    {
      onRequest: app.requirePlayer,
      schema: { params: PromotionIdParamsSchema, response: { 200: PromotionResponseSchema, 400: ApiErrorSchema, 404: ApiErrorSchema } },
    },
    async (request) => ({ promotion: await findPromotion(db, request.player.agencyId, request.params.promotionId) }),
  );

  app.post(
    '/promotions/use',
    {
      onRequest: [app.requirePlayer, app.refuseDuringBreak],
      schema: { body: PromotionUseBodySchema, response: { 200: PromotionUsageResponseSchema, ...errors } },
    },
    async (request) => ({ usage: await usePromotion(deps, request.player, request.body) }),
  );
}

/** The usage in progress, its recheck and cancel, and the history of usages. */
function usageRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = walletDeps(app);
  const { db } = deps;

  app.get(
    '/players/promotions/using',
    { onRequest: app.requirePlayer, schema: { response: { 200: PromotionUsingResponseSchema } } },
    async (request) => ({
      usage: await usingPromotion(db, request.player),
    }),
  );

  app.post(
    '/promotions/usages/recheck',
    {
      onRequest: app.requirePlayer,
      schema: { response: { 200: PromotionUsingResponseSchema, 502: ApiErrorSchema, 503: ApiErrorSchema } },
    },
    async (request) => ({ usage: await recheckUsage(deps, request.player) }),
  );

  app.get(
    '/promotions/usages',
    {
      onRequest: app.requirePlayer,
      schema: { querystring: PromotionUsageQuerySchema, response: { 200: PromotionUsagePageSchema, 400: ApiErrorSchema } },
    },
    async (request) => usagesOf(db, request.player, request.query.page, request.query.pageSize, request.query.status),
  );

  app.post(
    '/promotions/usages/cancel',
    {
      onRequest: app.requirePlayer,
      schema: { body: PromotionUsageCancelBodySchema, response: { 200: PromotionUsageResponseSchema, ...errors } },
    },
    async (request) => ({ usage: await cancelUsage(deps, request.player, request.body.usageId) }),
  );
}

/**
 * The player's promotions. Every route is the logged-in player's own, within
 * the agency of the request.
 */
const promotionRoutes: FastifyPluginAsync = async (app) => {
  promotionListRoutes(app);
  usageRoutes(app);
  return Promise.resolve();
};

export default promotionRoutes;
