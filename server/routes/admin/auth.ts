import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  OperatorLoginSchema,
  OperatorResponseSchema,
  RecoveryCodesSchema,
  TotpConfirmSchema,
  TotpEnrolmentSchema,
  totpCodeSchema,
} from '../../../contract/admin';
import { ApiErrorSchema } from '../../../contract/apiError';
import { confirmTotpEnrolment, loginOperator, logoutOperator, operatorUsername, startTotpEnrolment } from '../../domain/operators';
import { validated } from '../../domain/validated';
import { limitedLogin } from '../rateLimits';

/**
 * POST /admin/login (password, then the second factor's code once enrolled), POST /admin/logout,
 * GET /admin/me, and the second factor's enrolment: POST /admin/me/totp (a secret to scan) and
 * POST /admin/me/totp/confirm {code} (the recovery codes, once). Logins are limited as players' are,
 * each counter apart from theirs.
 */
const adminAuthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        body: OperatorLoginSchema,
        response: { 200: OperatorResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const operator = await limitedLogin(request, reply, 'operator', operatorUsername(request.body.username), async () => {
        const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
        const { operator: loggedIn, token } = await loginOperator(db, request.agency.id, request.body, client);
        reply.setOperatorCookie(token);
        return loggedIn;
      });
      return { operator };
    },
  );

  app.post(
    '/logout',
    { config: { access: 'session' }, schema: { response: { 204: Type.Null(), 401: ApiErrorSchema } } },
    async (request, reply) => {
      await logoutOperator(db, request.operator);
      reply.clearOperatorCookie();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    { config: { access: 'session' }, schema: { response: { 200: OperatorResponseSchema, 401: ApiErrorSchema } } },
    // The response schema leaves out the session's and agency's ids.
    async (request) => ({ operator: request.operator }),
  );

  app.post(
    '/me/totp',
    {
      config: { access: 'session' },
      schema: { response: { 200: TotpEnrolmentSchema, 401: ApiErrorSchema, 409: ApiErrorSchema } },
    },
    async (request) => startTotpEnrolment(db, request.operator, `Champa ${request.agency.name}`),
  );

  app.post(
    '/me/totp/confirm',
    {
      config: { access: 'session' },
      schema: {
        body: TotpConfirmSchema,
        response: { 200: RecoveryCodesSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const { code } = await validated(totpCodeSchema, request.body);
      return { recoveryCodes: await confirmTotpEnrolment(db, request.operator, code) };
    },
  );
  return Promise.resolve();
};

export default adminAuthRoutes;
