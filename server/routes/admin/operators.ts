import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AuditLogQuerySchema,
  AuditRowSchema,
  OperatorAccountSchema,
  OperatorChangeSchema,
  OperatorCreateSchema,
  OperatorIdParamsSchema,
  OperatorListSchema,
  OperatorSessionSchema,
  OperatorSettingsSchema,
  SessionIdParamsSchema,
  operatorChangeSchema,
  reasonSchema,
} from '../../../src/contract/admin';
import { ApiErrorSchema } from '../../../src/contract/apiError';
import { ItemsOf } from '../../../src/contract/page';
import {
  actorOf,
  auditLogCsv,
  auditLogOf,
  changeOperator,
  createOperator,
  endOperatorSession,
  operatorsOf,
  sessionsFor,
  setStaffSecondFactor,
} from '../../domain/operators';
import { validated } from '../../domain/validated';
import { object } from 'yup';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const staffSettingSchema = object({ reason: reasonSchema });

/**
 * Owners: GET/POST /admin/operators, PATCH /admin/operators/{id} (role, disabled; with a reason),
 * PUT /admin/operators/settings (staff need a second factor), GET /admin/audit-log and
 * /admin/audit-log.csv. Every operator: GET /admin/sessions (owners see all, staff their own) and
 * DELETE /admin/sessions/{id}.
 */
const adminOperatorRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get('/operators', { preHandler: app.requireOwner, schema: { response: { 200: OperatorListSchema, ...errors } } }, async (request) =>
    operatorsOf(db, request.agency.id),
  );

  app.post(
    '/operators',
    {
      preHandler: app.requireOwner,
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
      preHandler: app.requireOwner,
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
    { preHandler: app.requireOwner, schema: { body: OperatorSettingsSchema, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const { reason } = await validated(staffSettingSchema, request.body);
      await setStaffSecondFactor(db, request.operator, request.body.staffTotpRequired, reason);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sessions',
    { preHandler: app.requireOperator, schema: { response: { 200: ItemsOf(OperatorSessionSchema), ...errors } } },
    async (request) => ({ items: await sessionsFor(db, request.operator) }),
  );

  app.delete(
    '/sessions/:id',
    { preHandler: app.requireOperator, schema: { params: SessionIdParamsSchema, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await endOperatorSession(db, request.operator, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/audit-log',
    { preHandler: app.requireOwner, schema: { querystring: AuditLogQuerySchema, response: { 200: ItemsOf(AuditRowSchema), ...errors } } },
    async (request) => ({ items: await auditLogOf(db, request.agency.id, request.query) }),
  );

  app.get(
    '/audit-log.csv',
    {
      preHandler: app.requireOwner,
      schema: {
        querystring: AuditLogQuerySchema,
        response: {
          200: {
            description: 'RFC 4180 CSV: id, at, actor, action, target, reason, details',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const rows = await auditLogOf(db, request.agency.id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(auditLogCsv(rows));
    },
  );
  return Promise.resolve();
};

export default adminOperatorRoutes;
