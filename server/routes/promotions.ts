import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LANGUAGES } from '../../src/contract/languages';
import { PROVIDERS } from '../../src/contract/providers';
import {
  PROMOTION_STATUSES,
  PROMOTION_USAGE_END_REASONS,
  PROMOTION_USAGE_PAGE_SIZE_MAX,
  PROMOTION_USAGE_STATUSES,
  type PromotionUsageStatus,
} from '../../src/contract/promotions';
import { walletDeps } from '../plugins/dependencies';
import { cancelUsage, findPromotion, livePromotions, recheckUsage, usagesOf, usePromotion, usingPromotion } from '../domain/promotions';
import { errorSchema } from './schemas';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const translated = {
  type: 'object',
  required: [...LANGUAGES],
  properties: Object.fromEntries(LANGUAGES.map((language) => [language, text])),
} as const;

/** Promotion in src/contract/promotions.ts. */
export const promotionSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'terms',
    'imageUrl',
    'bonus',
    'depositAmount',
    'turnoverMultiple',
    'minBalance',
    'maxWithdrawPercent',
    'creditThreshold',
    'firstOrderOnly',
    'providers',
    'startsAt',
    'endsAt',
    'status',
  ],
  properties: {
    id: text,
    name: translated,
    terms: translated,
    imageUrl: text,
    bonus: {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string', enum: ['FIXED', 'PERCENT'] }, amount: text, percent: { type: 'integer' }, cap: text },
    },
    depositAmount: text,
    turnoverMultiple: { type: 'integer' },
    minBalance: text,
    maxWithdrawPercent: { type: 'integer' },
    creditThreshold: text,
    firstOrderOnly: { type: 'boolean' },
    providers: { type: 'array', items: { type: 'string', enum: PROVIDERS } },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: ['string', 'null'], format: 'date-time' },
    status: { type: 'string', enum: PROMOTION_STATUSES },
  },
} as const;

/** PromotionUsage in src/contract/promotions.ts. */
export const promotionUsageSchema = {
  type: 'object',
  required: [
    'usageId',
    'promotionId',
    'promotionName',
    'provider',
    'status',
    'depositCode',
    'depositCredit',
    'bonus',
    'creditReceived',
    'turnoverRequired',
    'turnover',
    'createdAt',
    'usedAt',
    'endedAt',
    'endReason',
  ],
  properties: {
    usageId: text,
    promotionId: text,
    promotionName: translated,
    provider: { type: 'string', enum: PROVIDERS },
    status: { type: 'string', enum: PROMOTION_USAGE_STATUSES },
    depositCode: nullableText,
    depositCredit: nullableText,
    bonus: nullableText,
    creditReceived: nullableText,
    turnoverRequired: nullableText,
    turnover: nullableText,
    createdAt: { type: 'string', format: 'date-time' },
    usedAt: { type: ['string', 'null'], format: 'date-time' },
    endedAt: { type: ['string', 'null'], format: 'date-time' },
    endReason: { type: ['string', 'null'], enum: [...PROMOTION_USAGE_END_REASONS, null] },
  },
} as const;

const usageResponse = { type: 'object', required: ['usage'], properties: { usage: promotionUsageSchema } } as const;
const usingResponse = {
  type: 'object',
  required: ['usage'],
  properties: { usage: { anyOf: [promotionUsageSchema, { type: 'null' }] } },
} as const;
const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  502: errorSchema,
  503: errorSchema,
} as const;

/** The live promotions, one promotion, and taking one for a provider. */
function offerRoutes(app: FastifyInstance) {
  const deps = walletDeps(app);
  const { db } = deps;

  app.get(
    '/promotions',
    {
      preHandler: app.requirePlayer,
      schema: {
        response: {
          200: { type: 'object', required: ['promotions'], properties: { promotions: { type: 'array', items: promotionSchema } } },
        },
      },
    },
    async (request) => ({ promotions: await livePromotions(db, request.player.agencyId) }),
  );

  app.get<{ Params: { promotionId: string } }>(
    '/promotions/:promotionId',
    {
      preHandler: app.requirePlayer,
      schema: {
        params: { type: 'object', required: ['promotionId'], properties: { promotionId: { type: 'string', maxLength: 64 } } },
        response: {
          200: { type: 'object', required: ['promotion'], properties: { promotion: promotionSchema } },
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => ({ promotion: await findPromotion(db, request.player.agencyId, request.params.promotionId) }),
  );

  app.post<{ Body: { promotionId: string; providerId: string } }>(
    '/promotions/use',
    {
      preHandler: app.requirePlayer,
      schema: {
        body: {
          type: 'object',
          required: ['promotionId', 'providerId'],
          additionalProperties: false,
          properties: { promotionId: { type: 'string', maxLength: 64 }, providerId: { type: 'string', maxLength: 50 } },
        },
        response: { 200: usageResponse, ...errors },
      },
    },
    async (request) => ({ usage: await usePromotion(deps, request.player, request.body) }),
  );
}

/** The player's usages: the one in progress, its recheck and cancel, and the history. */
function usageRoutes(app: FastifyInstance) {
  const deps = walletDeps(app);
  const { db } = deps;

  app.get(
    '/players/promotions/using',
    { preHandler: app.requirePlayer, schema: { response: { 200: usingResponse } } },
    async (request) => ({
      usage: await usingPromotion(db, request.player),
    }),
  );

  app.post(
    '/promotions/usages/recheck',
    { preHandler: app.requirePlayer, schema: { response: { 200: usingResponse, 502: errorSchema, 503: errorSchema } } },
    async (request) => ({ usage: await recheckUsage(deps, request.player) }),
  );

  app.get<{ Querystring: { page: number; pageSize: number; status?: PromotionUsageStatus } }>(
    '/promotions/usages',
    {
      preHandler: app.requirePlayer,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: PROMOTION_USAGE_PAGE_SIZE_MAX, default: 10 },
            status: { type: 'string', enum: PROMOTION_USAGE_STATUSES },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['items', 'page', 'pageSize', 'total'],
            properties: {
              items: { type: 'array', items: promotionUsageSchema },
              page: { type: 'integer' },
              pageSize: { type: 'integer' },
              total: { type: 'integer' },
            },
          },
          400: errorSchema,
        },
      },
    },
    async (request) => usagesOf(db, request.player, request.query.page, request.query.pageSize, request.query.status),
  );

  app.post<{ Body: { usageId: string } }>(
    '/promotions/usages/cancel',
    {
      preHandler: app.requirePlayer,
      schema: {
        body: {
          type: 'object',
          required: ['usageId'],
          additionalProperties: false,
          properties: { usageId: { type: 'string', maxLength: 64 } },
        },
        response: { 200: usageResponse, ...errors },
      },
    },
    async (request) => ({ usage: await cancelUsage(deps, request.player, request.body.usageId) }),
  );
}

/**
 * The player's promotions (SPEC.md section 7): the live list and one promotion, taking one for a
 * provider, the usage in progress, its recheck and cancel, and the history of usages. Every route
 * is the logged-in player's own, within the agency of the request.
 */
const promotionRoutes: FastifyPluginAsync = async (app) => {
  offerRoutes(app);
  usageRoutes(app);
};

export default promotionRoutes;
