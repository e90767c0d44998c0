import type { FastifyPluginAsync } from 'fastify';
import { LANGUAGES } from '../../src/contract/languages';
import { launchGame, listGames } from '../domain/providerWallets';
import { walletDeps } from '../plugins/dependencies';
import { providerParam, providerParamsSchema } from './credits';
import { errorSchema } from './schemas';

const gameSchema = {
  type: 'object',
  required: ['code', 'name', 'category'],
  properties: { code: { type: 'string' }, name: { type: 'string' }, category: { type: 'string' } },
} as const;

/** A provider's game list (by tab where it has tabs) and game launch. */
const gameRoutes: FastifyPluginAsync = async (app) => {
  const deps = walletDeps(app);
  app.get<{ Params: { provider: string }; Querystring: { tab?: string } }>(
    '/games/:provider',
    {
      preHandler: app.requirePlayer,
      schema: {
        params: providerParamsSchema,
        querystring: { type: 'object', properties: { tab: { type: 'string', minLength: 1, maxLength: 50 } } },
        response: {
          200: {
            type: 'object',
            required: ['provider', 'tab', 'tabs', 'lobby', 'games'],
            properties: {
              provider: { type: 'string' },
              tab: { type: ['string', 'null'] },
              tabs: { type: 'array', items: { type: 'string' } },
              lobby: { type: 'boolean' },
              games: { type: 'array', items: gameSchema },
            },
          },
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => listGames(deps, providerParam(request.params.provider), request.query.tab),
  );

  app.post<{ Params: { provider: string }; Body: { gameCode?: string; language?: string } | undefined }>(
    '/games/:provider/launch',
    {
      preHandler: app.requirePlayer,
      schema: {
        params: providerParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { gameCode: { type: 'string', minLength: 1, maxLength: 100 }, language: { type: 'string', enum: [...LANGUAGES] } },
        },
        response: {
          200: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
          404: errorSchema,
          409: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const provider = providerParam(request.params.provider);
      const { playerId, agencyId } = request.player;
      return { url: await launchGame(deps, { agencyId, playerId, provider }, request.body ?? {}) };
    },
  );
};

export default gameRoutes;
