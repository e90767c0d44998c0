import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../../contract/apiError';
import {
  PlayerBacklistBodySchema,
  PlayerBankAccountChangeSchema,
  PlayerBankAccountResponseSchema,
  PlayerIdParamsSchema,
  PlayerPageSchema,
  PlayerProfileSchema,
  PlayerReasonBodySchema,
  PlayerSearchQuerySchema,
  PlayerStatusResponseSchema,
  TemporaryPasswordResponseSchema,
} from '../../../contract/adminPlayers';
import { actorOf } from '../../domain/operators';
import { changeBankAccount, resetPassword, restorePlayer, searchPlayers, setBacklisted, suspendPlayer } from '../../domain/players';
import { playerProfile } from '../../domain/playerProfiles';
import { walletDeps } from '../../plugins/dependencies';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema } as const;

/** Staff and owners search players and read profiles. */
function readRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const deps = walletDeps(app);
  const { db } = app;

  app.get(
    '/players',
    { schema: { querystring: PlayerSearchQuerySchema, response: { 200: PlayerPageSchema, ...errors } } },
    async (request) => searchPlayers(db, request.agency.id, request.query.q, request.query.page, request.query.pageSize),
  );

  app.get(
    '/players/:id',
    { schema: { params: PlayerIdParamsSchema, response: { 200: PlayerProfileSchema, ...errors } } },
    async (request) => playerProfile(deps, request.agency.id, request.params.id, app.clock.now()),
  );
}

/**
 * The owners' actions (each one changes what a player may do), each with a reason and an audit
 * entry. Those that change what a session check reads answer once it is forgotten (changingPlayer).
 */
function actionRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/players/:id/backlist',
    {
      config: { access: 'owner' },
      schema: { params: PlayerIdParamsSchema, body: PlayerBacklistBodySchema, response: { 200: PlayerStatusResponseSchema, ...errors } },
    },
    async (request) =>
      setBacklisted(db, request.agency.id, request.params.id, request.body.blocked, actorOf(request.operator), request.body.reason.trim()),
  );

  app.post(
    '/players/:id/suspend',
    {
      config: { access: 'owner' },
      schema: { params: PlayerIdParamsSchema, body: PlayerReasonBodySchema, response: { 200: PlayerStatusResponseSchema, ...errors } },
    },
    async (request) =>
      app.changingPlayer(request.params.id, () =>
        suspendPlayer(db, request.agency.id, request.params.id, actorOf(request.operator), request.body.reason.trim()),
      ),
  );

  app.post(
    '/players/:id/restore',
    {
      config: { access: 'owner' },
      schema: { params: PlayerIdParamsSchema, body: PlayerReasonBodySchema, response: { 200: PlayerStatusResponseSchema, ...errors } },
    },
    async (request) =>
      app.changingPlayer(request.params.id, () =>
        restorePlayer(db, request.agency.id, request.params.id, actorOf(request.operator), request.body.reason.trim()),
      ),
  );

  app.put(
    '/players/:id/bank-account',
    {
      config: { access: 'owner' },
      schema: {
        params: PlayerIdParamsSchema,
        body: PlayerBankAccountChangeSchema,
        response: { 200: PlayerBankAccountResponseSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request) => ({
      bankAccount: await app.changingPlayer(request.params.id, () =>
        changeBankAccount(
          db,
          request.agency.id,
          request.params.id,
          { ...request.body, reason: request.body.reason.trim() },
          actorOf(request.operator),
        ),
      ),
    }),
  );

  app.post(
    '/players/:id/reset-password',
    {
      config: { access: 'owner' },
      schema: { params: PlayerIdParamsSchema, body: PlayerReasonBodySchema, response: { 200: TemporaryPasswordResponseSchema, ...errors } },
    },
    async (request, reply) => {
      // The answer carries a password: no cache anywhere may keep it.
      reply.header('Cache-Control', 'no-store');
      return app.changingPlayer(request.params.id, () =>
        resetPassword(db, request.agency.id, request.params.id, actorOf(request.operator), request.body.reason.trim()),
      );
    },
  );
}

/** The agency's players in the console. Another agency's player is a 404. */
const adminPlayerRoutes: FastifyPluginAsync = async (app) => {
  readRoutes(app);
  actionRoutes(app);
  return Promise.resolve();
};

export default adminPlayerRoutes;
