import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../contract/apiError';
import { RealityCheckSchema, RealityCheckUpdateSchema } from '../../contract/realityCheckSchema';
import { StatementSchema } from '../../contract/responsiblePlay';
import { chooseRealityCheck, realityCheckOf, statementOf } from '../domain/realityCheck';

const withErrors = <T extends object>(ok: T) => ({ ...ok, '4xx': ApiErrorSchema });

/**
 * The logged-in player's reality check (GET: the session's start, the interval, kip paid in and out
 * since login; PUT: choose 15, 30, 60 minutes or 0 for off) and the monthly activity statement.
 */
const realityCheckRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/players/reality-check',
    { schema: { response: withErrors({ 200: RealityCheckSchema }) }, onRequest: app.requirePlayer },
    async (request) => realityCheckOf(db, request.player),
  );

  app.put(
    '/players/reality-check',
    { schema: { body: RealityCheckUpdateSchema, response: withErrors({ 200: RealityCheckSchema }) }, onRequest: app.requirePlayer },
    async (request) => chooseRealityCheck(db, request.player, request.body.minutes),
  );

  app.get(
    '/players/statement',
    { schema: { response: withErrors({ 200: StatementSchema }) }, onRequest: app.requirePlayer },
    async (request) => statementOf(db, request.player.agencyId, request.player.playerId, app.clock.now()),
  );
  return Promise.resolve();
};

export default realityCheckRoutes;
