import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../src/contract/apiError';
import { IdempotencyHeadersSchema } from '../../src/contract/idempotencyHeaders';
import { ExclusionTakenSchema, RunningExclusionSchema, TakeExclusionBodySchema } from '../../src/contract/exclusions';
import { takeExclusion } from '../domain/breaks';
import { runningExclusion } from '../domain/exclusions';

/**
 * The player's break from play: the one running now, and taking one (with an Idempotency-Key).
 * There is no route that ends or shortens a break.
 */
const exclusionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock } = app;

  app.get(
    '/players/exclusion',
    { onRequest: app.requirePlayer, schema: { response: { 200: RunningExclusionSchema, '4xx': ApiErrorSchema } } },
    async (request) => ({
      exclusion: await runningExclusion(db, request.player, clock.now()),
    }),
  );

  app.post(
    '/players/exclusions',
    {
      onRequest: app.requirePlayer,
      schema: {
        headers: IdempotencyHeadersSchema,
        body: TakeExclusionBodySchema,
        response: { 200: ExclusionTakenSchema, 201: ExclusionTakenSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { exclusion, replayed } = await takeExclusion({ db, clock }, request.player, request.body, request.headers['idempotency-key']);
      return reply.status(replayed ? 200 : 201).send({ exclusion });
    },
  );
  return Promise.resolve();
};

export default exclusionRoutes;
