import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AgencyInfoResponseSchema, AgencyResponseSchema } from '../../contract/agency';
import { noticeOf, siteSettingsOf } from '../domain/agencies';
import { sandboxPartsOf, servesSandbox } from '../config';

/** The agency behind this host (the SPA's first call) and its public info. */
const agencyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const sandbox = servesSandbox(sandboxPartsOf(app.config));
  app.get('/agency', { schema: { response: { 200: AgencyResponseSchema } } }, async (request) => ({
    agency: { id: request.agency.id, name: request.agency.name },
    sandbox,
  }));

  app.get('/agency/info', { schema: { response: { 200: AgencyInfoResponseSchema } } }, async (request) => {
    const [site, notice] = await Promise.all([siteSettingsOf(db, request.agency.id), noticeOf(db, request.agency.id)]);
    return { agency: { ...request.agency, site, notice } };
  });
  return Promise.resolve();
};

export default agencyRoutes;
