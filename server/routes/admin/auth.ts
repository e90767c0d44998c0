import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OperatorLoginSchema, OperatorResponseSchema } from '../../../src/contract/admin';
import { ApiErrorSchema } from '../../../src/contract/apiError';
import { loginOperator, logoutOperator } from '../../domain/operators';

/** POST /admin/login, POST /admin/logout, GET /admin/me. */
const adminAuthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.post(
    '/login',
    {
      // Slows password guessing; each attempt also costs an argon2id verification.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        body: OperatorLoginSchema,
        response: { 200: OperatorResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { operator, token } = await loginOperator(db, request.agency.id, request.body.username, request.body.password);
      reply.setOperatorCookie(token);
      return { operator };
    },
  );

  app.post(
    '/logout',
    { preHandler: app.requireOperator, schema: { response: { 204: Type.Null(), 401: ApiErrorSchema } } },
    async (request, reply) => {
      await logoutOperator(db, request.operator);
      reply.clearOperatorCookie();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    { preHandler: app.requireOperator, schema: { response: { 200: OperatorResponseSchema, 401: ApiErrorSchema } } },
    async (request) => ({
      operator: request.operator,
    }),
  );
  return Promise.resolve();
};

export default adminAuthRoutes;
