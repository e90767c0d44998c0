import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { AppError } from '../domain/errors';

const MINUTE = 60_000;

/** Attempts allowed per key within each window; beyond them the call answers 429 RATE_LIMITED. */
export const RATE_LIMITS = {
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  loginPerUsername: { max: 10, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  registerPerVisitor: { max: 5, windowMs: 60 * MINUTE },
  usernameCheckPerIp: { max: 60, windowMs: MINUTE },
  passwordChangePerPlayer: { max: 10, windowMs: 15 * MINUTE },
  fingerprint: { max: 20, windowMs: 60 * MINUTE },
} as const;

/**
 * A preHandler counting every call under one named limit and key (client IP, username, visitor
 * id, player). Several can guard one route: each is its own counter of @fastify/rate-limit, which
 * app.ts registers without a global limit and with its counters in PostgreSQL, shared by every process.
 */
export function rateLimit(app: FastifyInstance, name: keyof typeof RATE_LIMITS, key: (request: FastifyRequest) => string) {
  const { max, windowMs } = RATE_LIMITS[name];
  const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError(429, 'RATE_LIMITED', `Too many attempts; try again in ${result.ttlInSeconds} s`);
    }
  };
}
