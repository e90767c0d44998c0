import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CreditResponseSchema, ProviderParamsSchema } from '../../contract/credits';
import { ApiErrorSchema } from '../../contract/apiError';
import { ErrorCode } from '../../contract/errors';
import { formatAmount } from '../../contract/money';
import { isProvider, type Provider } from '../../contract/providers';
import { AppError } from '../domain/errors';
import { readCredit, withProvider } from '../domain/providerWallets';
import { walletDeps } from '../plugins/dependencies';

export function providerParam(value: string): Provider {
  if (!isProvider(value)) throw new AppError(404, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${value}`);
  return value;
}

/** GET /players/credits/{provider}: the player's credit, read live from the provider. */
const creditRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = walletDeps(app);
  app.get(
    '/players/credits/:provider',
    {
      onRequest: app.requirePlayer,
      schema: { params: ProviderParamsSchema, response: { 200: CreditResponseSchema, 404: ApiErrorSchema, 503: ApiErrorSchema } },
    },
    async (request) => {
      const provider = providerParam(request.params.provider);
      const amount = await withProvider(() =>
        readCredit(deps, { agencyId: request.player.agencyId, playerId: request.player.playerId, provider }),
      );
      return { credit: { amount: formatAmount(amount, 'THB'), currency: 'THB' as const } };
    },
  );
  return Promise.resolve();
};

export default creditRoutes;
