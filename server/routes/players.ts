import type { FastifyPluginAsync } from 'fastify';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import {
  changePasswordSchema,
  FINGERPRINT_HEADER,
  loginSchema,
  registerSchema,
  usernameCheckSchema,
  VISITOR_ID_PATTERN,
  type BacklistResponse,
  type ChangePasswordForm,
  type LoginForm,
  type PlayerInfoResponse,
  type PlayerResponse,
  type RegisterRequest,
  type UsernameAvailability,
} from '../../src/contract/players';
import { AppError } from '../domain/errors';
import { SESSION_COOKIE, createSession, authenticate, changePassword, endSession, isBlocked, isUsernameAvailable, playerInfo, registerPlayer, bankAccountsOf } from '../domain/players';
import { errorSchema } from './schemas';
import { deviceFingerprintSchema } from './fingerprint';
import { rateLimit } from './rateLimits';
import { BankAccountSchema } from '../../src/contract/bankAccounts';

/**
 * Validates with the same yup schema as the form. The 400's message is the first broken rule of
 * the first field in the form's order, as "field: translation key".
 */
async function validated<S extends AnyObjectSchema>(schema: S, value: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(value, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const order = Object.keys(schema.fields);
    const [first] = [...error.inner].sort((a, b) => order.indexOf(a.path ?? '') - order.indexOf(b.path ?? ''));
    throw new AppError(400, 'VALIDATION_ERROR', `${first?.path ?? 'body'}: ${first?.message ?? error.message}`);
  }
}

// JSON schema caps what can arrive at all; the yup schemas hold the precise rules and messages.
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const jsonBody = (properties: Record<string, object>, required: string[]) => ({ type: 'object', additionalProperties: false, required, properties }) as const;

const playerSummarySchema = {
  type: 'object',
  required: ['id', 'username', 'displayName'],
  properties: { id: { type: 'string' }, username: { type: 'string' }, displayName: { type: 'string' } },
} as const;
const playerResponseSchema = { type: 'object', required: ['player'], properties: { player: playerSummarySchema } } as const;

const playerInfoSchema = {
  type: 'object',
  required: ['player', 'credential', 'bankAccounts'],
  properties: {
    player: { ...playerSummarySchema, properties: { ...playerSummarySchema.properties, createdAt: { type: 'string' } } },
    credential: { type: 'object', properties: { passwordChangedAt: { type: ['string', 'null'] } } },
    // The bank-account capability owns the items' shape; they pass through as they are.
    bankAccounts: { type: 'array', items: BankAccountSchema },
  },
} as const;

const withErrors = (ok: Record<number, object>) => ({ ...ok, '4xx': errorSchema });

/**
 * The player's account: register, username check, login, logout, info, password change and the
 * blocked flag. Every body is checked twice: its shape by JSON schema, its rules by the yup
 * schemas the forms use (src/contract/players.ts).
 */
const playerRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const { sessionTtlHours } = app.config;
  const byIp = (request: { ip: string }) => request.ip;

  app.post<{ Body: RegisterRequest }>(
    '/players/register',
    {
      schema: {
        headers: {
          type: 'object',
          required: [FINGERPRINT_HEADER.toLowerCase()],
          properties: { [FINGERPRINT_HEADER.toLowerCase()]: { type: 'string', pattern: VISITOR_ID_PATTERN.source } },
        },
        body: jsonBody(
          { username: text(64), password: text(128), confirmPassword: text(128), displayName: text(128), ageConfirmed: { type: 'boolean' }, fingerprint: deviceFingerprintSchema },
          ['username', 'password', 'confirmPassword', 'ageConfirmed', 'fingerprint'],
        ),
        response: withErrors({ 201: playerResponseSchema }),
      },
      preHandler: [
        rateLimit(app, 'registerPerIp', byIp),
        rateLimit(app, 'registerPerVisitor', (request) => `${request.agency.id}:${String(request.headers[FINGERPRINT_HEADER.toLowerCase()])}`),
      ],
    },
    async (request, reply): Promise<PlayerResponse> => {
      const { fingerprint, ...form } = request.body;
      const { username, password, displayName } = await validated(registerSchema, form);
      if (request.headers[FINGERPRINT_HEADER.toLowerCase()] !== fingerprint.fingerprint) {
        throw new AppError(400, 'VALIDATION_ERROR', `${FINGERPRINT_HEADER} must be the visitor id of the body's fingerprint`);
      }
      const { player, token } = await registerPlayer(db, request.agency.id, { username, password, displayName, device: fingerprint, ip: request.ip }, sessionTtlHours);
      reply.setSessionCookie(token).status(201);
      return { player };
    },
  );

  app.post<{ Body: { username: string } }>(
    '/players/username/validate',
    {
      schema: { body: jsonBody({ username: text(64) }, ['username']), response: withErrors({ 200: { type: 'object', required: ['available'], properties: { available: { type: 'boolean' } } } }) },
      preHandler: rateLimit(app, 'usernameCheckPerIp', byIp),
    },
    async (request): Promise<UsernameAvailability> => {
      const { username } = await validated(usernameCheckSchema, request.body);
      return { available: await isUsernameAvailable(db, request.agency.id, username) };
    },
  );

  app.post<{ Body: LoginForm }>(
    '/players/login',
    {
      schema: { body: jsonBody({ username: text(64), password: text(128) }, ['username', 'password']), response: withErrors({ 200: playerResponseSchema }) },
      preHandler: [
        rateLimit(app, 'loginPerIp', byIp),
        rateLimit(app, 'loginPerUsername', (request) => `${request.agency.id}:${(request.body as LoginForm).username.trim().toLowerCase()}`),
      ],
    },
    async (request, reply): Promise<PlayerResponse> => {
      const { username, password } = await validated(loginSchema, request.body);
      const player = await authenticate(db, request.agency.id, username, password);
      reply.setSessionCookie(await createSession(db, player.id, request.agency.id, sessionTtlHours));
      return { player };
    },
  );

  // Logging out twice, or with an expired session, is still a logout: no 401 here.
  app.post(
    '/players/logout',
    { schema: { response: withErrors({ 200: { type: 'object', properties: { loggedOut: { type: 'boolean' } } } }) } },
    async (request, reply) => {
      await endSession(db, request.cookies[SESSION_COOKIE] ?? '', request.agency.id);
      reply.clearSessionCookie();
      return { loggedOut: true };
    },
  );

  app.get(
    '/players/info',
    { schema: { response: withErrors({ 200: playerInfoSchema }) }, preHandler: app.requirePlayer },
    async (request): Promise<PlayerInfoResponse> => {
      const { agencyId, playerId } = request.player;
      const [info, bankAccounts] = await Promise.all([playerInfo(db, agencyId, playerId), bankAccountsOf(db, agencyId, playerId)]);
      return { ...info, bankAccounts };
    },
  );

  app.post<{ Body: ChangePasswordForm }>(
    '/players/security/password/change',
    {
      schema: {
        body: jsonBody({ currentPassword: text(128), newPassword: text(128), confirmNewPassword: text(128) }, ['currentPassword', 'newPassword', 'confirmNewPassword']),
        response: withErrors({ 200: { type: 'object', properties: { changed: { type: 'boolean' } } } }),
      },
      preHandler: [app.requirePlayer, rateLimit(app, 'passwordChangePerPlayer', (request) => request.player.playerId)],
    },
    async (request) => {
      const { currentPassword, newPassword } = await validated(changePasswordSchema, request.body);
      await changePassword(db, request.player, currentPassword ?? '', newPassword ?? '');
      return { changed: true };
    },
  );

  app.get(
    '/players/backlist',
    { schema: { response: withErrors({ 200: { type: 'object', required: ['blocked'], properties: { blocked: { type: 'boolean' } } } }) }, preHandler: app.requirePlayer },
    async (request): Promise<BacklistResponse> => ({ blocked: await isBlocked(db, request.player.agencyId, request.player.playerId) }),
  );
};

export default playerRoutes;
