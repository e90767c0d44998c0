import type { FastifyPluginAsync } from 'fastify';
import { OPERATOR_ROLES, actorOf, auditLogOf, createOperator, operatorsOf } from '../../domain/operators';
import { ApiErrorSchema } from '../../../src/contract/errors';
import { operatorSchema } from './auth';

const auditRowSchema = {
  type: 'object',
  required: ['id', 'actor', 'operatorId', 'action', 'target', 'reason', 'details', 'at'],
  properties: {
    id: { type: 'string' },
    actor: { type: 'string' },
    operatorId: { type: ['string', 'null'] },
    action: { type: 'string' },
    target: { type: ['string', 'null'] },
    reason: { type: ['string', 'null'] },
    details: { type: 'object', additionalProperties: { type: 'string' } },
    at: { type: 'string', format: 'date-time' },
  },
} as const;

/** Owners only: GET/POST /admin/operators and GET /admin/audit-log. */
const adminOperatorRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.get(
    '/operators',
    {
      preHandler: app.requireOwner,
      schema: { response: { 200: { type: 'object', required: ['operators'], properties: { operators: { type: 'array', items: operatorSchema } } }, 401: ApiErrorSchema, 403: ApiErrorSchema } },
    },
    async (request) => ({ operators: await operatorsOf(db, request.agency.id) }),
  );

  app.post<{ Body: { username: string; password: string; role: string } }>(
    '/operators',
    {
      preHandler: app.requireOwner,
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password', 'role'],
          additionalProperties: false,
          properties: { username: { type: 'string', maxLength: 64 }, password: { type: 'string', maxLength: 200 }, role: { type: 'string', enum: [...OPERATOR_ROLES] } },
        },
        response: { 201: { type: 'object', required: ['operator'], properties: { operator: operatorSchema } }, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const operator = await createOperator(db, request.agency.id, request.body, actorOf(request.operator));
      return reply.status(201).send({ operator });
    },
  );

  app.get<{ Querystring: { limit: number } }>(
    '/audit-log',
    {
      preHandler: app.requireOwner,
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 } }, additionalProperties: false },
        response: { 200: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: auditRowSchema } } }, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => ({ items: await auditLogOf(db, request.agency.id, request.query.limit) }),
  );
};

export default adminOperatorRoutes;
