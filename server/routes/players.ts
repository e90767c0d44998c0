import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import { AppError } from '../domain/errors';

const playerInfoSchema = {
  type: 'object',
  required: ['player'],
  properties: {
    player: {
      type: 'object',
      required: ['id', 'username', 'displayName'],
      properties: { id: { type: 'string' }, username: { type: 'string' }, displayName: { type: 'string' } },
    },
  },
} as const;

/** GET /players/info: the logged-in player of this agency's site; 401 when nobody is logged in. */
const playerRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/players/info', { preHandler: app.requirePlayer, schema: { response: { 200: playerInfoSchema } } }, async (request) => {
    const player = await db
      .selectFrom('players')
      .select(['id', 'username', 'display_name'])
      .where('id', '=', request.player.playerId)
      .where('agency_id', '=', request.agency.id)
      .executeTakeFirst();
    if (!player) throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
    return { player: { id: player.id, username: player.username, displayName: player.display_name } };
  });
};

export default playerRoutes;
