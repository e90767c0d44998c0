import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ProviderParamsSchema } from '../../contract/credits';
import { ApiErrorSchema } from '../../contract/apiError';
import { GameListQuerySchema, GameListResponseSchema, LaunchGameRequestSchema, LaunchGameResponseSchema } from '../../contract/games';
import { launchGame, listGames } from '../domain/providerWallets';
import { walletDeps } from '../plugins/dependencies';
import { providerParam } from './credits';

/** A provider's game list (by tab where it has tabs) and game launch. */
const gameRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = walletDeps(app);
  app.get(
    '/games/:provider',
    {
      // Public: the visitor lobby shows featured games; playing one (launch) needs a player.
      schema: {
        params: ProviderParamsSchema,
        querystring: GameListQuerySchema,
        response: { 200: GameListResponseSchema, 404: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => listGames(deps, providerParam(request.params.provider), request.query.tab),
  );

  app.post(
    '/games/:provider/launch',
    {
      onRequest: [app.requirePlayer, app.refuseDuringBreak],
      schema: {
        params: ProviderParamsSchema,
        body: LaunchGameRequestSchema,
        response: { 200: LaunchGameResponseSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => {
      const provider = providerParam(request.params.provider);
      const { playerId, agencyId } = request.player;
      return { url: await launchGame(deps, { agencyId, playerId, provider }, request.body ?? {}) };
    },
  );
  return Promise.resolve();
};

export default gameRoutes;
