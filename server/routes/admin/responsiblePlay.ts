import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import { ResponsiblePlaySettingsSchema, ResponsiblePlayUpdateSchema } from '../../../contract/responsiblePlay';
import { responsiblePlaySettingsOf, updateResponsiblePlaySettings } from '../../domain/agencies';
import { actorOf } from '../../domain/operators';

/**
 * GET /admin/responsible-play (owners): the licence notice per site language, the reality check's
 * default and the deposit-limit maximum. PUT (owners) replaces them with a reason; a bad field is
 * 400 with nothing changed. The players' site reads them on its next request.
 */
const adminResponsiblePlayRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

  app.get(
    '/responsible-play',
    { config: { access: 'owner' }, schema: { response: { 200: ResponsiblePlaySettingsSchema, ...errors } } },
    async (request) => responsiblePlaySettingsOf(db, request.agency.id),
  );

  app.put(
    '/responsible-play',
    {
      config: { access: 'owner' },
      schema: { body: ResponsiblePlayUpdateSchema, response: { 200: ResponsiblePlaySettingsSchema, ...errors } },
    },
    async (request) =>
      app.changingAgency(request.agency.id, () =>
        updateResponsiblePlaySettings(db, request.agency.id, request.body, actorOf(request.operator)),
      ),
  );
  return Promise.resolve();
};

export default adminResponsiblePlayRoutes;
