import type { FastifyPluginAsync } from 'fastify';
import { BANKS } from '../../src/contract/banks';
import { LANGUAGES } from '../../src/contract/languages';

const bankSchema = {
  type: 'object',
  required: ['code', 'shortName', 'names', 'accountNumberLength', 'logo'],
  properties: {
    code: { type: 'string' },
    shortName: { type: 'string' },
    names: {
      type: 'object',
      required: [...LANGUAGES],
      properties: Object.fromEntries(LANGUAGES.map((language) => [language, { type: 'string' }])),
    },
    accountNumberLength: { type: 'integer' },
    logo: { type: 'string' },
  },
} as const;

/** The banks a player can add an account of, with their names in every language and a logo. */
const bankRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/banks',
    { schema: { response: { 200: { type: 'object', required: ['banks'], properties: { banks: { type: 'array', items: bankSchema } } } } } },
    async () => ({ banks: BANKS }),
  );
};

export default bankRoutes;
