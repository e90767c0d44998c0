import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import {
  AgencyHostAddSchema,
  AgencyHostParamsSchema,
  AgencyHostRemoveSchema,
  AgencySettingsSchema,
  AgencySettingsUpdateSchema,
} from '../../../contract/adminSettings';
import { addAgencyHost, agencySettingsOf, hostOf, removeAgencyHost, updateAgencySettings } from '../../domain/agencies';
import { actorOf } from '../../domain/operators';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/**
 * GET /admin/settings/agency: the agency's name, social links, header numbers, deposit bounds,
 * hosts and withdrawal rules. PUT (owners) changes all but the hosts with a reason; a bad field is
 * 400 with nothing changed. POST /admin/settings/agency/hosts and DELETE .../hosts/{host} (owners)
 * add and remove a host, with a reason. Each answers the settings as they are now; every API
 * process hears of the change at once, so the players' site shows it on its next request.
 */
const adminSettingsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app;
  app.get('/settings/agency', { schema: { response: { 200: AgencySettingsSchema, 401: ApiErrorSchema } } }, async (request) =>
    agencySettingsOf(db, request.agency.id, config),
  );

  app.put(
    '/settings/agency',
    { config: { access: 'owner' }, schema: { body: AgencySettingsUpdateSchema, response: { 200: AgencySettingsSchema, ...errors } } },
    async (request) =>
      app.changingAgency(request.agency.id, () =>
        updateAgencySettings(db, request.agency.id, request.body, actorOf(request.operator), config),
      ),
  );

  app.post(
    '/settings/agency/hosts',
    { config: { access: 'owner' }, schema: { body: AgencyHostAddSchema, response: { 200: AgencySettingsSchema, ...errors } } },
    async (request) => {
      const { id } = request.agency;
      await app.changingAgency(id, () => addAgencyHost(db, id, request.body.host, request.body.reason.trim(), actorOf(request.operator)));
      return agencySettingsOf(db, id, config);
    },
  );

  app.delete(
    '/settings/agency/hosts/:host',
    {
      config: { access: 'owner' },
      schema: { params: AgencyHostParamsSchema, body: AgencyHostRemoveSchema, response: { 200: AgencySettingsSchema, ...errors } },
    },
    async (request) => {
      const { id } = request.agency;
      const current = hostOf(request.headers.host);
      const reason = request.body.reason.trim();
      await app.changingAgency(id, () => removeAgencyHost(db, id, request.params.host, current, reason, actorOf(request.operator)));
      return agencySettingsOf(db, id, config);
    },
  );
  return Promise.resolve();
};

export default adminSettingsRoutes;
