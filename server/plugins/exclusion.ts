import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors';
import { ErrorCode } from '../../src/contract/errors';
import { runningExclusion } from '../domain/exclusions';

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
    app.decorate('refuseDuringBreak', async (request: FastifyRequest) => {
      const exclusion = await runningExclusion(app.db, request.player, app.clock.now());
      if (!exclusion) return;
      const until = exclusion.endsAt ? `until ${exclusion.endsAt}` : 'for good';
      throw new AppError(
        403,
        ErrorCode.PLAYER_EXCLUDED,
        `You are on a break (${exclusion.kind}) ${until}: nothing that starts play is taken`,
        {
          kind: exclusion.kind,
          until: exclusion.endsAt,
        },
      );
    });
    return Promise.resolve();
  },
  { name: 'exclusion', dependencies: ['dependencies', 'session'] },
);
