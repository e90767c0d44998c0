import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  OperatorAccountSchema,
  OperatorChangeSchema,
  OperatorCreateSchema,
  OperatorIdParamsSchema,
  OperatorListSchema,
  OperatorSettingsSchema,
  operatorChangeSchema,
  reasonSchema,
} from '../../../contract/admin';
import { ApiErrorSchema } from '../../../contract/apiError';
import { actorOf, changeOperator, createOperator, operatorsOf, setStaffSecondFactor } from '../../domain/operators';
import { validated } from '../../domain/validated';
import { object } from 'yup';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const staffSettingSchema = object({ reason: reasonSchema });

/**
 * Owners: GET/POST /admin/operators, PATCH /admin/operators/{id} (role, disabled; with a reason),
 * PUT /admin/operators/settings (staff need a second factor).
 */
const adminOperatorRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get('/operators', { config: { access: 'owner' }, schema: { response: { 200: OperatorListSchema, ...errors } } }, async (request) =>
    operatorsOf(db, request.agency.id),
  );

  app.post(
    '/operators',
    {
      config: { access: 'owner' },
      schema: { body: OperatorCreateSchema, response: { 201: Type.Object({ operator: OperatorAccountSchema }), ...errors } },
    },
    async (request, reply) => {
      const operator = await createOperator(db, request.agency.id, request.body, actorOf(request.operator));
      return reply.status(201).send({ operator });
    },
  );

  app.patch(
    '/operators/:id',
    {
      config: { access: 'owner' },
      schema: { params: OperatorIdParamsSchema, body: OperatorChangeSchema, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      const change = await validated(operatorChangeSchema, request.body);
      await changeOperator(db, request.operator, request.params.id, change);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/operators/settings',
    { config: { access: 'owner' }, schema: { body: OperatorSettingsSchema, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const { reason } = await validated(staffSettingSchema, request.body);
      await setStaffSecondFactor(db, request.operator, request.body.staffTotpRequired, reason);
      return reply.status(204).send(null);
    },
  );

  return Promise.resolve();
};

export default adminOperatorRoutes;
