import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../contract/apiError';
import {
  BacklistResponseSchema,
  ChangePasswordBodySchema,
  FINGERPRINT_HEADER,
  LoggedOutSchema,
  LoginBodySchema,
  PasswordChangedSchema,
  PlayerInfoResponseSchema,
  PlayerResponseSchema,
  RegisterBodySchema,
  RegisterHeadersSchema,
  UsernameAvailabilitySchema,
  UsernameBodySchema,
} from '../../contract/players';
import { changePasswordSchema, loginSchema, registerSchema, usernameCheckSchema } from '../../contract/playerForms';
import { AppError } from '../domain/errors';
import { validated } from '../domain/validated';
import {
  SESSION_COOKIE,
  createSession,
  authenticate,
  changePassword,
  endSession,
  isBlocked,
  isUsernameAvailable,
  registerPlayer,
} from '../domain/players';
import { limitedLogin, rateLimit } from './rateLimits';

const withErrors = <T extends object>(ok: T) => ({ ...ok, '4xx': ApiErrorSchema });
const byIp = (request: { ip: string }) => request.ip;

/** Register, username check, login and logout. */
function sessionRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const { sessionTtlHours } = app.config;

  app.post(
    '/players/register',
    {
      schema: { headers: RegisterHeadersSchema, body: RegisterBodySchema, response: withErrors({ 201: PlayerResponseSchema }) },
      preHandler: [
        rateLimit(app, 'registerPerIp', byIp),
        rateLimit(
          app,
          'registerPerVisitor',
          (request) => `${request.agency.id}:${String(request.headers[FINGERPRINT_HEADER.toLowerCase()])}`,
        ),
      ],
    },
    async (request, reply) => {
      const { fingerprint, ...form } = request.body;
      const { username, password, displayName } = await validated(registerSchema, form);
      if (request.headers[FINGERPRINT_HEADER.toLowerCase()] !== fingerprint.fingerprint) {
        throw new AppError(400, 'VALIDATION_ERROR', `${FINGERPRINT_HEADER} must be the visitor id of the body's fingerprint`);
      }
      const { player, token } = await registerPlayer(
        db,
        request.agency.id,
        { username, password, displayName, device: fingerprint, ip: request.ip },
        sessionTtlHours,
      );
      reply.setSessionCookie(token).status(201);
      return { player };
    },
  );

  app.post(
    '/players/username/validate',
    {
      schema: { body: UsernameBodySchema, response: withErrors({ 200: UsernameAvailabilitySchema }) },
      preHandler: rateLimit(app, 'usernameCheckPerIp', byIp),
    },
    async (request) => {
      const { username } = await validated(usernameCheckSchema, request.body);
      return { available: await isUsernameAvailable(db, request.agency.id, username) };
    },
  );

  app.post(
    '/players/login',
    {
      schema: { body: LoginBodySchema, response: withErrors({ 200: PlayerResponseSchema }) },
    },
    async (request, reply) => {
      const { username, password } = await validated(loginSchema, request.body);
      const player = await limitedLogin(request, reply, 'player', username, async () => {
        const found = await authenticate(db, request.agency.id, username, password);
        reply.setSessionCookie(await createSession(db, found.id, request.agency.id, sessionTtlHours));
        return found;
      });
      return { player };
    },
  );

  // Logging out twice, or with an expired session, is still a logout: no 401 here.
  app.post('/players/logout', { schema: { response: withErrors({ 200: LoggedOutSchema }) } }, async (request, reply) => {
    const end = () => endSession(db, request.cookies[SESSION_COOKIE] ?? '', request.agency.id);
    // Only a live session can be in a process's cache: ending it waits until this process heard so.
    const session = await app.playerSessionOf(request);
    await (session ? app.changingPlayer(session.playerId, end) : end());
    reply.clearSessionCookie();
    return { loggedOut: true };
  });
}

/** The logged-in player's info, password change and blocked flag. */
function accountRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/players/info',
    { schema: { response: withErrors({ 200: PlayerInfoResponseSchema }) }, onRequest: app.requirePlayerSession },
    // The session check has read all of it already, in its one statement.
    async (request) => request.player.info,
  );

  app.post(
    '/players/security/password/change',
    {
      schema: {
        body: ChangePasswordBodySchema,
        response: withErrors({ 200: PasswordChangedSchema }),
      },
      onRequest: app.requirePlayerSession,
      preHandler: [rateLimit(app, 'passwordChangePerPlayer', (request) => request.player.playerId)],
    },
    async (request) => {
      const { currentPassword, newPassword } = await validated(changePasswordSchema, request.body);
      await app.changingPlayer(request.player.playerId, () => changePassword(db, request.player, currentPassword ?? '', newPassword ?? ''));
      return { changed: true };
    },
  );

  app.get(
    '/players/backlist',
    { schema: { response: withErrors({ 200: BacklistResponseSchema }) }, onRequest: app.requirePlayer },
    async (request) => ({ blocked: await isBlocked(db, request.player.agencyId, request.player.playerId) }),
  );
}

/**
 * The player's account. Every body is checked twice: its shape by the contract's TypeBox schema,
 * its rules by the yup schemas the forms use (contract/players.ts).
 */
const playerRoutes: FastifyPluginAsync = async (app) => {
  sessionRoutes(app);
  accountRoutes(app);
  return Promise.resolve();
};

export default playerRoutes;
