import type { FastifyPluginAsync } from 'fastify';
import { siteSettingsOf } from '../domain/agencies';
import { agencySchema, agencyInfoSchema } from './schemas';

/** The agency behind this host (the SPA's first call) and its public info. */
const agencyRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.get('/agency', { schema: { response: { 200: { type: 'object', properties: { agency: agencySchema } } } } }, async (request) => ({
    agency: { id: request.agency.id, name: request.agency.name },
  }));

  app.get(
    '/agency/info',
    { schema: { response: { 200: { type: 'object', properties: { agency: agencyInfoSchema } } } } },
    async (request) => ({
      agency: { ...request.agency, site: await siteSettingsOf(db, request.agency.id) },
    }),
  );
};

export default agencyRoutes;
