import type { FastifyPluginAsync } from 'fastify';
import { currentRates } from '../domain/agencies';

const exchangeRateSchema = {
  type: 'object',
  required: ['code', 'mid', 'displayName', 'currency', 'buy', 'sell'],
  properties: {
    code: { type: 'string' },
    mid: { type: 'string' },
    displayName: { type: 'string' },
    currency: { type: 'string' },
    buy: { type: 'string' },
    sell: { type: 'string' },
  },
} as const;

/** The agency's current exchange rates (LAK per 1 unit), public: the site shows them to visitors too. */
const exchangeRateRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.get('/exchange-rates', { schema: { response: { 200: { type: 'array', items: exchangeRateSchema } } } }, async (request) =>
    currentRates(db, request.agency.id),
  );
};

export default exchangeRateRoutes;
