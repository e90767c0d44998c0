import type { FastifyPluginAsync } from 'fastify';
import { loginOperator, logoutOperator } from '../../domain/operators';
import { ApiErrorSchema } from '../../../src/contract/errors';

export const operatorSchema = {
  type: 'object',
  required: ['id', 'username', 'role'],
  properties: { id: { type: 'string' }, username: { type: 'string' }, role: { type: 'string', enum: ['owner', 'staff'] } },
} as const;

const operatorResponse = { type: 'object', required: ['operator'], properties: { operator: operatorSchema } } as const;

/** POST /admin/login, POST /admin/logout, GET /admin/me. */
const adminAuthRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.post<{ Body: { username: string; password: string } }>(
    '/login',
    {
      // Slows password guessing; each attempt also costs an argon2id verification.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          additionalProperties: false,
          properties: { username: { type: 'string', minLength: 1, maxLength: 64 }, password: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: { 200: operatorResponse, 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { operator, token } = await loginOperator(db, request.agency.id, request.body.username, request.body.password);
      reply.setOperatorCookie(token);
      return { operator };
    },
  );

  app.post('/logout', { preHandler: app.requireOperator, schema: { response: { 204: { type: 'null' }, 401: ApiErrorSchema } } }, async (request, reply) => {
    await logoutOperator(db, request.operator);
    reply.clearOperatorCookie();
    return reply.status(204).send();
  });

  app.get('/me', { preHandler: app.requireOperator, schema: { response: { 200: operatorResponse, 401: ApiErrorSchema } } }, async (request) => ({
    operator: request.operator,
  }));
};

export default adminAuthRoutes;
