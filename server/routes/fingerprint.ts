import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '../../contract/apiError';
import { FingerprintBodySchema, FingerprintResponseSchema } from '../../contract/players';
import { recordFingerprint } from '../domain/players';
import { rateLimit } from './rateLimits';

/**
 * POST /fingerprint: the site reports the logged-in player's device when it changed or at most
 * once a day; each report is kept, per player and per visitor id.
 */
const fingerprintRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  app.post(
    '/fingerprint',
    {
      schema: { body: FingerprintBodySchema, response: { 200: FingerprintResponseSchema, '4xx': ApiErrorSchema } },
      onRequest: app.requirePlayer,
      preHandler: [rateLimit(app, 'fingerprint', (request) => request.player.playerId)],
    },
    async (request) => {
      const { visitorId, recordedAt } = await recordFingerprint(db, {
        agencyId: request.player.agencyId,
        playerId: request.player.playerId,
        device: request.body.fingerprint,
        source: 'visit',
        ip: request.ip,
      });
      return { fingerprint: { visitorId, recordedAt: recordedAt.toISOString() } };
    },
  );
  return Promise.resolve();
};

export default fingerprintRoutes;
