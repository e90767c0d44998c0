import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode } from '../../src/contract/errors';
import { formatAmount } from '../../src/contract/money';
import { isProvider, type Provider } from '../../src/contract/providers';
import { AppError } from '../domain/errors';
import { readCredit, withProvider } from '../domain/providerWallets';
import { walletDeps } from '../plugins/dependencies';
import { errorSchema } from './schemas';

export function providerParam(value: string): Provider {
  if (!isProvider(value)) throw new AppError(404, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${value}`);
  return value;
}

export const providerParamsSchema = {
  type: 'object',
  required: ['provider'],
  properties: { provider: { type: 'string', maxLength: 50 } },
} as const;

/** GET /players/credits/{provider}: the player's credit, read live from the provider. */
const creditRoutes: FastifyPluginAsync = async (app) => {
  const deps = walletDeps(app);
  app.get<{ Params: { provider: string } }>(
    '/players/credits/:provider',
    {
      preHandler: app.requirePlayer,
      schema: {
        params: providerParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['credit'],
            properties: {
              credit: {
                type: 'object',
                required: ['amount', 'currency'],
                properties: { amount: { type: 'string' }, currency: { type: 'string' } },
              },
            },
          },
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const provider = providerParam(request.params.provider);
      const amount = await withProvider(() =>
        readCredit(deps, { agencyId: request.player.agencyId, playerId: request.player.playerId, provider }),
      );
      return { credit: { amount: formatAmount(amount, 'THB'), currency: 'THB' } };
    },
  );
};

export default creditRoutes;
