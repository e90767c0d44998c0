import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AuditLogQuerySchema, AuditRowSchema, OperatorSessionSchema, SessionIdParamsSchema } from '../../../contract/admin';
import { ApiErrorSchema } from '../../../contract/apiError';
import { ItemsOf } from '../../../contract/page';
import { auditLogCsv, auditLogOf } from '../../domain/audit';
import { endOperatorSession, sessionsFor } from '../../domain/operators';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * Who is signed in and what operators did. Every operator: GET /admin/sessions (owners see the
 * agency's, staff their own) and DELETE /admin/sessions/{id}. Owners: GET /admin/audit-log and
 * /admin/audit-log.csv.
 */
const adminOperatorActivityRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.get('/sessions', { schema: { response: { 200: ItemsOf(OperatorSessionSchema), ...errors } } }, async (request) => ({
    items: await sessionsFor(db, request.operator),
  }));

  app.delete(
    '/sessions/:id',
    { schema: { params: SessionIdParamsSchema, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await endOperatorSession(db, request.operator, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/audit-log',
    { config: { access: 'owner' }, schema: { querystring: AuditLogQuerySchema, response: { 200: ItemsOf(AuditRowSchema), ...errors } } },
    async (request) => ({ items: await auditLogOf(db, request.agency.id, request.query) }),
  );

  app.get(
    '/audit-log.csv',
    {
      config: { access: 'owner' },
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

export default adminOperatorActivityRoutes;
