import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../src/contract/apiError';
import { AgencySettingsSchema, AgencySettingsUpdateSchema } from '../../../src/contract/adminSettings';
import { agencySettingsOf, updateAgencySettings } from '../../domain/agencies';
import { actorOf } from '../../domain/operators';

/**
 * GET /admin/settings/agency: the agency's name, social links, header numbers, deposit limits,
 * hosts and the environment's withdrawal limits. PUT (owners) changes the first four with a
 * reason; a bad field is 400 with nothing changed. The players' site sees a change on its next request (its cached pages are dropped).
 */
const adminSettingsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  app.get(
    '/settings/agency',
    { preHandler: app.requireOperator, schema: { response: { 200: AgencySettingsSchema, 401: ApiErrorSchema } } },
    async (request) => agencySettingsOf(db, request.agency.id, config),
  );

  app.put(
    '/settings/agency',
    {
      preHandler: app.requireOwner,
      schema: {
        body: AgencySettingsUpdateSchema,
        response: {
          200: AgencySettingsSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const settings = await updateAgencySettings(db, request.agency.id, request.body, actorOf(request.operator), config);
      app.forgetAgency(request.agency.id);
      app.dropAgencyPages(request.agency.id);
      return settings;
    },
  );
  return Promise.resolve();
};

export default adminSettingsRoutes;
