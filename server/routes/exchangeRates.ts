import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ExchangeRatesSchema } from '../../contract/exchangeRates';
import { currentRates } from '../domain/agencies';

/** The agency's current exchange rates (LAK per 1 unit), public: the site shows them to visitors too. */
const exchangeRateRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get('/exchange-rates', { schema: { response: { 200: ExchangeRatesSchema } } }, async (request) =>
    currentRates(db, request.agency.id),
  );
  return Promise.resolve();
};

export default exchangeRateRoutes;
