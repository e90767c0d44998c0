import type { FastifyPluginAsync } from 'fastify';
import type { DeviceFingerprint, FingerprintResponse } from '../../src/contract/players';
import { DEVICE_TEXT_MAX as MAX, VISITOR_ID_PATTERN } from '../../src/contract/players';
import { recordFingerprint } from '../domain/players';
import { errorSchema } from './schemas';
import { rateLimit } from './rateLimits';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const count = { type: ['number', 'null'] } as const;

/** The device payload of SPEC.md section 3; every field is required, lists are comma-joined text. */
export const deviceFingerprintSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'screen',
    'version',
    'timezone',
    'userAgent',
    'plugins',
    'webGL',
    'audio',
    'platform',
    'fingerprint',
    'memory',
    'fonts',
    'languages',
    'hardwareConcurrency',
    'vendor',
  ],
  properties: {
    screen: { type: 'string', maxLength: MAX.screen, pattern: '^(\\d{1,6}x\\d{1,6})?$' },
    version: text(MAX.version),
    timezone: text(MAX.timezone),
    userAgent: text(MAX.userAgent),
    plugins: text(MAX.plugins),
    webGL: {
      type: 'object',
      additionalProperties: false,
      required: ['version', 'vendor', 'vendorUnmasked', 'renderer', 'rendererUnmasked', 'shadingLanguageVersion'],
      properties: {
        version: text(MAX.webGL),
        vendor: text(MAX.webGL),
        vendorUnmasked: text(MAX.webGL),
        renderer: text(MAX.webGL),
        rendererUnmasked: text(MAX.webGL),
        shadingLanguageVersion: text(MAX.webGL),
      },
    },
    audio: count,
    platform: text(MAX.platform),
    fingerprint: { type: 'string', pattern: VISITOR_ID_PATTERN.source },
    memory: count,
    fonts: text(MAX.fonts),
    languages: text(MAX.languages),
    hardwareConcurrency: count,
    vendor: text(MAX.vendor),
  },
} as const;

/**
 * POST /fingerprint: the site reports the logged-in player's device when it changed or at most
 * once a day; each report is kept, per player and per visitor id.
 */
const fingerprintRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.post<{ Body: { fingerprint: DeviceFingerprint } }>(
    '/fingerprint',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['fingerprint'],
          properties: { fingerprint: deviceFingerprintSchema },
        },
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
