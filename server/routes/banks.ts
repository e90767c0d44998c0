import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BANKS } from '../../contract/banks';
import { BanksResponseSchema } from '../../contract/banksSchema';

/** The banks a player can add an account of, with their names in every language and a logo. */
const bankRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/banks', { schema: { response: { 200: BanksResponseSchema } } }, async () => ({ banks: [...BANKS] }));
};

export default bankRoutes;
