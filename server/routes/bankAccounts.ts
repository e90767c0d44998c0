import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BankAccountBodySchema, BankAccountResponseSchema, BankAccountsResponseSchema } from '../../contract/bankAccounts';
import { ApiErrorSchema } from '../../contract/apiError';
import { addBankAccount, bankAccountsOf } from '../domain/players';

const bankAccountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get(
    '/players/bank-accounts',
    { onRequest: app.requirePlayer, schema: { response: { 200: BankAccountsResponseSchema } } },
    async (request) => ({ bankAccounts: await bankAccountsOf(db, request.player.agencyId, request.player.playerId) }),
  );

  app.post(
    '/players/bank-accounts',
    {
      onRequest: app.requirePlayer,
      schema: { body: BankAccountBodySchema, response: { 201: BankAccountResponseSchema, 400: ApiErrorSchema, 409: ApiErrorSchema } },
    },
    async (request, reply) => {
      const { agencyId, playerId } = request.player;
      const bankAccount = await app.changingPlayer(playerId, () => addBankAccount(db, agencyId, playerId, request.body));
      return reply.status(201).send({ bankAccount });
    },
  );
  return Promise.resolve();
};

export default bankAccountRoutes;
