import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AuditLogQuerySchema,
  AuditRowSchema,
  OperatorCreateSchema,
  OperatorListSchema,
  OperatorResponseSchema,
} from '../../../src/contract/admin';
import { ApiErrorSchema } from '../../../src/contract/apiError';
import { ItemsOf } from '../../../src/contract/page';
import { actorOf, auditLogOf, createOperator, operatorsOf } from '../../domain/operators';

/** Owners only: GET/POST /admin/operators and GET /admin/audit-log. */
const adminOperatorRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get(
    '/operators',
    { preHandler: app.requireOwner, schema: { response: { 200: OperatorListSchema, 401: ApiErrorSchema, 403: ApiErrorSchema } } },
    async (request) => ({ operators: await operatorsOf(db, request.agency.id) }),
  );

  app.post(
    '/operators',
    {
      preHandler: app.requireOwner,
      schema: {
        body: OperatorCreateSchema,
        response: { 201: OperatorResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const operator = await createOperator(db, request.agency.id, request.body, actorOf(request.operator));
      return reply.status(201).send({ operator });
    },
  );

  app.get(
    '/audit-log',
    {
      preHandler: app.requireOwner,
      schema: { querystring: AuditLogQuerySchema, response: { 200: ItemsOf(AuditRowSchema), 401: ApiErrorSchema, 403: ApiErrorSchema } },
    },
    async (request) => ({ items: await auditLogOf(db, request.agency.id, request.query.limit) }),
  );
  return Promise.resolve();
};

export default adminOperatorRoutes;
