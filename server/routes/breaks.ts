import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../contract/apiError';
import { IdempotencyHeadersSchema } from '../../contract/idempotencyHeaders';
import { BreakTakenSchema, RunningBreakSchema, TakeBreakBodySchema } from '../../contract/breaks';
import { takeBreak } from '../domain/breakTaking';
import { runningBreak } from '../domain/breaks';

/**
 * The player's break from play: the one running now, and taking one (with an Idempotency-Key).
 * There is no route that ends or shortens a break.
 */
const breakRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get(
    '/players/exclusion',
    { onRequest: app.requirePlayer, schema: { response: { 200: RunningBreakSchema, '4xx': ApiErrorSchema } } },
    async (request) => ({
      exclusion: await runningBreak(db, request.player, clock.now()),
    }),
  );

  app.post(
    '/players/exclusions',
    {
      onRequest: app.requirePlayer,
      schema: {
        headers: IdempotencyHeadersSchema,
        body: TakeBreakBodySchema,
        response: { 200: BreakTakenSchema, 201: BreakTakenSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { taken, replayed } = await takeBreak({ db, clock }, request.player, request.body, request.headers['idempotency-key']);
      return reply.status(replayed ? 200 : 201).send({ exclusion: taken });
    },
  );
  return Promise.resolve();
};

export default breakRoutes;
