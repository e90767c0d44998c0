import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { refuseDuringBreak } from '../domain/breaks';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler after requirePlayer on every route that starts play (a deposit, taking a promotion,
     * a game launch): 403 PLAYER_EXCLUDED while the player's break runs, with its kind and end.
     */
    refuseDuringBreak: (request: FastifyRequest) => Promise<void>;
  }
}

export default fp(
  async (app) => {
    app.decorate('refuseDuringBreak', (request: FastifyRequest) => refuseDuringBreak(app.db, request.player, app.clock.now()));
    return Promise.resolve();
  },
  { name: 'breaks', dependencies: ['dependencies', 'session'] },
);
