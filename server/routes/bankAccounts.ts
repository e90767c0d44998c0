import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_NAME_MAX_LENGTH } from '../../src/contract/bankAccounts';
import { addBankAccount, bankAccountsOf } from '../domain/players';
import { errorSchema } from './schemas';

/** A saved bank account; GET /players/info lists the same objects as bankAccounts. */
export const bankAccountSchema = {
  type: 'object',
  required: ['id', 'bank', 'accountNumber', 'accountName', 'currency', 'createdAt'],
  properties: {
    id: { type: 'string' },
    bank: { type: 'string' },
    accountNumber: { type: 'string' },
    accountName: { type: 'string' },
    currency: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

// Only shapes here: every rule of the form is judged by the shared yup schema in the domain, so
// the API and the page answer a broken rule with the same code.
const addBody = {
  type: 'object',
  properties: {
    bank: { type: 'string', maxLength: 32 },
    accountNumber: { type: 'string', maxLength: 64 },
    accountName: { type: 'string', maxLength: ACCOUNT_NAME_MAX_LENGTH * 2 },
    currency: { type: 'string', maxLength: 8 },
    owner: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

const bankAccountRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.get(
    '/players/bank-accounts',
    {
      preHandler: app.requirePlayer,
      schema: {
        response: {
          200: { type: 'object', required: ['bankAccounts'], properties: { bankAccounts: { type: 'array', items: bankAccountSchema } } },
        },
      },
    },
    async (request) => ({ bankAccounts: await bankAccountsOf(db, request.player.agencyId, request.player.playerId) }),
  );

  app.post(
    '/players/bank-accounts',
    {
      preHandler: app.requirePlayer,
      schema: {
        body: addBody,
        response: {
          201: { type: 'object', required: ['bankAccount'], properties: { bankAccount: bankAccountSchema } },
          400: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const bankAccount = await addBankAccount(db, request.player.agencyId, request.player.playerId, request.body);
      return reply.status(201).send({ bankAccount });
    },
  );
};

export default bankAccountRoutes;
