import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import type { DeviceFingerprint, FingerprintResponse } from '../../src/contract/players';
import { VISITOR_ID_PATTERN } from '../../src/contract/players';
import { recordFingerprint } from '../domain/fingerprints';
import { errorSchema } from './schemas';
import { rateLimit } from './rateLimits';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const count = { type: ['number', 'null'] } as const;

/** The device payload of SPEC.md section 3; every field is required, lists are comma-joined text. */
export const deviceFingerprintSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['screen', 'version', 'timezone', 'userAgent', 'plugins', 'webGL', 'audio', 'platform', 'fingerprint', 'memory', 'fonts', 'languages', 'hardwareConcurrency', 'vendor'],
  properties: {
    screen: { type: 'string', maxLength: 32, pattern: '^(\\d{1,6}x\\d{1,6})?$' },
    version: text(32),
    timezone: text(64),
    userAgent: text(512),
    plugins: text(2048),
    webGL: {
      type: 'object',
      additionalProperties: false,
      required: ['version', 'vendor', 'vendorUnmasked', 'renderer', 'rendererUnmasked', 'shadingLanguageVersion'],
      properties: {
        version: text(256),
        vendor: text(256),
        vendorUnmasked: text(256),
        renderer: text(256),
        rendererUnmasked: text(256),
        shadingLanguageVersion: text(256),
      },
    },
    audio: count,
    platform: text(64),
    fingerprint: { type: 'string', pattern: VISITOR_ID_PATTERN.source },
    memory: count,
    fonts: text(4096),
    languages: text(256),
    hardwareConcurrency: count,
    vendor: text(128),
  },
} as const;

/**
 * POST /fingerprint: the site reports the logged-in player's device when it changed or at most
 * once a day; each report is kept, per player and per visitor id.
 */
const fingerprintRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.post<{ Body: { fingerprint: DeviceFingerprint } }>(
    '/fingerprint',
    {
      schema: {
        body: { type: 'object', additionalProperties: false, required: ['fingerprint'], properties: { fingerprint: deviceFingerprintSchema } },
        response: {
          200: {
            type: 'object',
            required: ['fingerprint'],
            properties: { fingerprint: { type: 'object', properties: { visitorId: { type: 'string' }, recordedAt: { type: 'string' } } } },
          },
          '4xx': errorSchema,
        },
      },
      preHandler: [app.requirePlayer, rateLimit(app, 'fingerprint', (request) => request.player.playerId)],
    },
    async (request): Promise<FingerprintResponse> => {
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
};

export default fingerprintRoutes;
